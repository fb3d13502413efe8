import { DangerZone } from "@/features/organizations/components/danger-zone.js";
import { MfaPolicyCard } from "@/features/organizations/components/mfa-policy-card.js";
import { OrganizationSettingsForm } from "@/features/organizations/components/organization-settings-form.js";

export default function OrganizationGeneralRoute() {
  return (
    <div className="grid gap-6">
      <OrganizationSettingsForm />
      <MfaPolicyCard />
      <DangerZone />
    </div>
  );
}
