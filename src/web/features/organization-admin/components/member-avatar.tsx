import type { MemberUser } from "../api/types.js";

/** A member's picture, or their initials; decorative, the name is always beside it. */
export function MemberAvatar({ user }: { user: MemberUser }) {
  const letters = (user.name || user.email)
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => [...w][0] ?? "")
    .join("")
    .toUpperCase();
  return (
    <span
      className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted text-sm font-medium"
      aria-hidden="true"
    >
      {user.image ? <img src={user.image} alt="" className="size-full object-cover" /> : letters}
    </span>
  );
}
