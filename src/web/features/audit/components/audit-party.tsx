import { Fragment } from "react";
import { cn } from "@/lib/cn.js";
import type { AuditParty } from "@/shared/audit-events.js";

/**
 * An e-mail address that wraps before its "@" and dots rather than in the middle of a word; only a part
 * too long for the column on its own is broken inside.
 */
function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={cn("wrap-anywhere", className)}>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** An id kept out of sight: its first characters, the whole of it on hover (and in the row's detail). */
export function ShortId({ id }: { id: string }) {
  return (
    <span className="font-mono text-xs" title={id}>
      {id.length > 10 ? `${id.slice(0, 8)}…` : id}
    </span>
  );
}

/**
 * Someone or something by name: the name, the e-mail under it; the id on hover. Without a name or an
 * e-mail (deleted, never known) the recorded e-mail, else the start of the id.
 */
export function PartyText({
  party,
  id,
  recordedEmail,
}: {
  party: AuditParty | null;
  id: string | null;
  recordedEmail?: string | null;
}) {
  const title = id ?? undefined;
  const email = party?.email ?? recordedEmail ?? null;
  if (party?.name)
    return (
      <span className="grid min-w-0" title={title}>
        <span className="min-w-0 break-words font-medium">{party.name}</span>
        {email && <EmailText email={email} className="min-w-0 text-xs text-muted-foreground" />}
      </span>
    );
  if (email)
    return (
      <span className="grid min-w-0" title={title}>
        <EmailText email={email} className="min-w-0" />
      </span>
    );
  if (id) return <ShortId id={id} />;
  return null;
}
