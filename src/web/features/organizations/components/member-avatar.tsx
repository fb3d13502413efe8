import { initials } from "@/lib/initials.js";
import type { MemberUser } from "../api/types.js";

/** A member's picture, or their initials; decorative, the name is always beside it. */
export function MemberAvatar({ user }: { user: MemberUser }) {
  return (
    <span
      className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted text-sm font-medium"
      aria-hidden="true"
    >
      {user.image ? (
        <img src={user.image} alt="" className="size-full object-cover" />
      ) : (
        initials(user.name, user.email)
      )}
    </span>
  );
}
