import { Outlet } from "react-router";
import { SettingsHeader } from "@/features/account/components/settings-header.js";
import { SettingsNav } from "@/features/account/components/settings-nav.js";
import { SettingsReady } from "@/features/account/components/settings-ready.js";

/** /settings/*: the account settings' heading and section list beside (or, on phones, above) the section. */
export default function SettingsLayoutRoute() {
  return (
    <SettingsReady>
      <div className="grid gap-6">
        <SettingsHeader />
        <div className="grid gap-6 md:grid-cols-[12rem_1fr] md:items-start">
          <SettingsNav />
          <div className="grid min-w-0 gap-6">
            <Outlet />
          </div>
        </div>
      </div>
    </SettingsReady>
  );
}
