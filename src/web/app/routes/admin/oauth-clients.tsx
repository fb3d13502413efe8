import { ClientsScreen } from "@/features/oauth/components/clients-screen.js";

export default function AdminOAuthClientsRoute() {
  return <ClientsScreen />;
}
