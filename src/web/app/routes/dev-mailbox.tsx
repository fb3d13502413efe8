import { DevMailboxPage } from "@/features/dev-mailbox/components/dev-mailbox-page.js";

/** /dev/mailbox: only useful when the server runs without SMTP outside production (it answers 404 otherwise). */
export default function DevMailboxRoute() {
  return <DevMailboxPage />;
}
