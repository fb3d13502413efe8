import { DangerZone } from "../../../features/organization-admin/components/danger-zone.js";
import { MfaPolicyCard } from "../../../features/organization-admin/components/mfa-policy-card.js";
import { OrganizationSettingsForm } from "../../../features/organization-admin/components/organization-settings-form.js";

export default function OrganizationGeneralRoute() {
  return (
    <div className="grid gap-6">
      <OrganizationSettingsForm />
      <MfaPolicyCard />
      <DangerZone />
    </div>
  );
}
