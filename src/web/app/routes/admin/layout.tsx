import { Outlet } from "react-router";
import { AdminGate } from "@/features/admin/components/admin-gate.js";
import { AdminNav } from "@/features/admin/components/admin-nav.js";

/** /admin/*: the server decides who enters; inside, the console's sections. */
export default function AdminLayoutRoute() {
  return (
    <AdminGate>
      <div className="grid gap-6">
        <AdminNav />
        <Outlet />
      </div>
    </AdminGate>
  );
}
