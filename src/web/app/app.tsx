import { authClient } from "../lib/auth-client.js";

/** The shell: who is signed in, and a way out. The screens arrive with the web-app issues. */
export function App() {
  const { data, isPending } = authClient.useSession();
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-semibold">Tessera</h1>
      {isPending ? (
        <p aria-live="polite">Loading…</p>
      ) : data ? (
        <>
          <p>
            Signed in as <strong>{data.user.name}</strong> ({data.user.email})
          </p>
          <button
            type="button"
            className="rounded-md bg-neutral-900 px-4 py-2 text-white dark:bg-white dark:text-neutral-900"
            onClick={() => authClient.signOut().then(() => window.location.reload())}
          >
            Sign out
          </button>
        </>
      ) : (
        <p>You are not signed in.</p>
      )}
    </main>
  );
}
