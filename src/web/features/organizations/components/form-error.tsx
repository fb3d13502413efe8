import { CircleAlert } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert.js";
import { useDescribeError } from "../hooks/use-describe-error.js";

/** A refused call, in words (the engine's message, translated, and what it means here). */
export function FormError({ error, className }: { error: unknown; className?: string }) {
  const describeError = useDescribeError();
  if (!error) return null;
  return (
    <Alert variant="destructive" className={className}>
      <CircleAlert aria-hidden="true" />
      <AlertDescription>
        <p>{describeError(error)}</p>
      </AlertDescription>
    </Alert>
  );
}
