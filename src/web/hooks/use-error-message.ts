import { useTranslation } from "react-i18next";
import { errorMessage } from "../lib/error-message.js";
import { ERRORS_NS, UI_NS } from "../lib/i18n.js";

/**
 * `errorMessage` bound to the UI language; asking for the errors namespace here loads it if needed
 * and re-renders once it arrives, so a message never stays generic.
 */
export function useErrorMessage() {
  const { i18n } = useTranslation([UI_NS, ERRORS_NS]);
  return (error: unknown, retryAfter?: number) => errorMessage(i18n, error, retryAfter);
}
