import { CircleAlert } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert.js";
import { needsFreshSignIn, useDescribeError } from "../hooks/use-describe-error.js";
import { SignInAgainButton } from "./sign-in-again.js";

/** A refused call, in words; when the server wants a recent sign-in, the way to give it one. */
export function FormError({ error }: { error: unknown }) {
  const describeError = useDescribeError();
  if (!error) return null;
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertDescription>
        <p>{describeError(error)}</p>
        {needsFreshSignIn(error) && (
          <div className="pt-2">
            <SignInAgainButton />
          </div>
        )}
      </AlertDescription>
    </Alert>
  );
}
