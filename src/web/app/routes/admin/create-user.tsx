import { CreateUserForm } from "@/features/admin/components/create-user-form.js";

export default function AdminCreateUserRoute() {
  return <CreateUserForm />;
}
