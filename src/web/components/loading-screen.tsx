import { Spinner } from "./ui/spinner.js";

/** Holds the page while the session or a screen's code loads. */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center p-6">
      <Spinner label={label} />
    </div>
  );
}
