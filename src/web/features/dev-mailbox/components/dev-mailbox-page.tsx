import { ArrowLeft, Inbox, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.js";
import { Button } from "@/components/ui/button.js";
import { Spinner } from "@/components/ui/spinner.js";
import { paths } from "@/config/paths.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useMailbox } from "../hooks/use-mailbox.js";
import { MessageList } from "./message-list.js";
import { MessageView } from "./message-view.js";

/**
 * /dev/mailbox: the mail the server would have sent, when it runs without SMTP_URL outside
 * production. A developer tool, in English only. `?id=` opens a message (the server prints that link).
 */
export function DevMailboxPage() {
  useDocumentTitle("Dev mailbox");
  const { state, refresh, clear } = useMailbox();
  const [params, setParams] = useSearchParams();
  const [clearing, setClearing] = useState(false);
  const selectedId = params.get("id") ?? undefined;
  const messages = state.status === "ready" ? state.messages : [];
  const selected = messages.find((m) => m.id === selectedId);

  const select = (id: string) => setParams({ id }, { replace: true });
  const empty = async () => {
    setClearing(true);
    try {
      await clear();
      setParams({}, { replace: true });
    } finally {
      setClearing(false);
    }
  };

  return (
    <main className="mx-auto grid w-full max-w-6xl gap-6 p-6">
      {/* The way back: a link from a mail opens here in a tab of its own, and the app is one step away. */}
      <Link
        to={paths.home.getHref()}
        className="flex w-fit items-center gap-1 rounded-md text-sm font-medium underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Tessera
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            <Inbox className="size-6" aria-hidden="true" /> Dev mailbox
          </h1>
          <p className="text-muted-foreground">
            Mail the app would have sent. It appears here because no SMTP server is configured (SMTP_URL).
          </p>
        </div>
        {state.status === "ready" && (
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => void refresh()}>
              <RefreshCw aria-hidden="true" /> Refresh
            </Button>
            <Button variant="outline" onClick={() => void empty()} loading={clearing} disabled={!messages.length}>
              <Trash2 aria-hidden="true" /> Empty mailbox
            </Button>
          </div>
        )}
      </div>

      {state.status === "loading" && <Spinner label="Loading the mailbox" />}
      {state.status === "off" && (
        <Alert>
          <AlertTitle>The dev mailbox is off</AlertTitle>
          <AlertDescription>
            <p>This server delivers real mail (SMTP_URL is set) or runs in production, so nothing is kept here.</p>
          </AlertDescription>
        </Alert>
      )}
      {state.status === "error" && (
        <Alert variant="destructive">
          <AlertTitle>The mailbox could not be loaded</AlertTitle>
          <AlertDescription>
            <p>{state.message}</p>
          </AlertDescription>
        </Alert>
      )}
      {state.status === "ready" && messages.length === 0 && (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground" role="status">
          No mail yet. Sign up, ask for a password reset or invite someone, and the message shows up here.
        </p>
      )}
      {state.status === "ready" && messages.length > 0 && (
        <div className="grid items-start gap-6 md:grid-cols-[minmax(16rem,22rem)_1fr]">
          <section aria-labelledby="dev-mailbox-messages" className="grid gap-2">
            <h2 id="dev-mailbox-messages" className="text-sm font-medium text-muted-foreground">
              {messages.length === 1 ? "1 message" : `${messages.length} messages`}
            </h2>
            <MessageList messages={messages} selectedId={selected?.id} onSelect={select} />
          </section>
          <section aria-label="Message" className="min-w-0">
            {selected ? (
              <MessageView key={selected.id} mail={selected} />
            ) : (
              <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
                {selectedId ? "That message is no longer in the mailbox." : "Choose a message to read it."}
              </p>
            )}
          </section>
        </div>
      )}
    </main>
  );
}
