import { Button } from "@/components/ui/button.js";
import { useSsoTranslation } from "../hooks/use-sso-translation.js";

interface ConnectionControlsProps {
  /** Whether the saved connection is on. */
  enabled: boolean;
  /** What the last test found, in words (none before a test, or while one runs). */
  tested: string | null;
  test: { isPending: boolean; mutate: () => void };
  toggle: { isPending: boolean; mutate: (enabled: boolean) => void };
}

/**
 * A saved connection's state and its two actions, the same for OpenID Connect (./sso-section.tsx) and
 * SAML (./saml-section.tsx): test it against the identity provider, and turn it on or off.
 */
export function ConnectionControls({ enabled, tested, test, toggle }: ConnectionControlsProps) {
  const { t } = useSsoTranslation();
  return (
    <>
      <p className="text-sm" data-testid="sso-connection-status">
        {enabled ? t("connection.on") : t("connection.off")}
      </p>
      {tested && (
        <p className="text-sm" role="status" data-testid="sso-test-result">
          {tested}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" loading={test.isPending} onClick={() => test.mutate()}>
          {t("connection.test")}
        </Button>
        <Button
          variant={enabled ? "outline" : "default"}
          loading={toggle.isPending}
          onClick={() => toggle.mutate(!enabled)}
        >
          {enabled ? t("connection.turnOff") : t("connection.turnOn")}
        </Button>
      </div>
    </>
  );
}
