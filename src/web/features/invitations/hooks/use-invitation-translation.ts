import { useTranslation } from "react-i18next";
import { localeLoaders, registerNamespace } from "@/lib/i18n.js";

/** The invitation page's own texts (features/invitations/locales), loaded with that page, not before sign-in. */
const INVITATION_NS = "invitation";

registerNamespace(INVITATION_NS, localeLoaders(import.meta.glob("../locales/*.ts")));

export function useInvitationTranslation() {
  return useTranslation(INVITATION_NS);
}
