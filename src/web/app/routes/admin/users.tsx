import { UsersPage } from "@/features/admin/components/users-page.js";

export default function AdminUsersRoute() {
  return <UsersPage />;
}
