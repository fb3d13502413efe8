import { useTranslation } from "react-i18next";
import { registerNamespace } from "../../../lib/i18n.js";

/** The invitation page's own texts (features/invitations/locales), loaded with that page, not before sign-in. */
export const INVITATION_NS = "invitation";

registerNamespace(INVITATION_NS, {
  ru: () => import("../locales/ru.js"),
  uk: () => import("../locales/uk.js"),
  en: () => import("../locales/en.js"),
  es: () => import("../locales/es.js"),
  de: () => import("../locales/de.js"),
  pl: () => import("../locales/pl.js"),
  fr: () => import("../locales/fr.js"),
  tr: () => import("../locales/tr.js"),
});

export function useInvitationTranslation() {
  return useTranslation(INVITATION_NS);
}
