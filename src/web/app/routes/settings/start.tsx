import { Navigate } from "react-router";
import { paths } from "@/config/paths.js";

/** /settings opens the first section. */
export default function SettingsStartRoute() {
  return <Navigate to={paths.settingsProfile.getHref()} replace />;
}
