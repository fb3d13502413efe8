import { useParams } from "react-router";
import { UserPage } from "@/features/admin/components/user-page.js";

export default function AdminUserRoute() {
  const { userId = "" } = useParams();
  // A new user id is a new page: no state of the previous user's dialogs carries over.
  return <UserPage key={userId} userId={userId} />;
}
