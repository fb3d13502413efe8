import { ImageUp, Link2, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useErrorMessage } from "@/hooks/use-error-message.js";
import { useForm } from "@/hooks/use-form.js";
import { type ImageChoice, isAcceptableImageUrl, useSaveImage } from "@/lib/api/uploads.js";
import { cn } from "@/lib/cn.js";
import { ACCEPTED_SOURCE_TYPES, type Crop, checkSourceFile, DEFAULT_CROP } from "@/lib/image-resize.js";
import { Alert, AlertDescription } from "../ui/alert.js";
import { Button } from "../ui/button.js";
import { Input } from "../ui/input.js";
import { ImageCropper, type ImageCropperLabels } from "./image-cropper.js";

/** Every text the field shows, in the caller's language (shared components carry no strings of their own). */
export interface ImageFieldLabels extends ImageCropperLabels {
  current: string;
  choose: string;
  remove: string;
  useLink: string;
  linkLabel: string;
  linkHint: string;
  linkInvalid: string;
  saveLink: string;
  save: string;
  cancel: string;
  typeError: string;
  sizeError: string;
  unreadable: string;
  tooComplex: string;
}

type Mode = { kind: "idle" } | { kind: "crop"; image: ImageBitmap; crop: Crop } | { kind: "link" };

/**
 * A picture (avatar or logo): upload one, cropped and shrunk in the browser to a small square, or give
 * the https address of one, or remove it. `onSave` stores the URL (or null) where it belongs.
 */
export function ImageField({
  value,
  fallback,
  round = false,
  disabled = false,
  labels,
  onSave,
}: {
  value: string | null | undefined;
  fallback: ReactNode;
  round?: boolean;
  disabled?: boolean;
  labels: ImageFieldLabels;
  onSave: (url: string | null) => Promise<unknown>;
}) {
  const describeError = useErrorMessage();
  const [mode, setMode] = useState<Mode>({ kind: "idle" });
  // What the field finds wrong with a picked file; then the address form's message (`link`), else the save's failure.
  const [problem, setProblem] = useState<string | null>(null);
  // The address form: checked on submit only, so its message says what the last try found until the next
  // one, the focus left where it is (the message shows above the field, as the others do).
  const link = useForm({
    defaults: { url: "" },
    validate: { url: (url) => (isAcceptableImageUrl(url.trim()) ? undefined : labels.linkInvalid) },
    revalidate: "submit",
    focusInvalid: false,
  });
  const file = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const linkId = useId();
  const save = useSaveImage(onSave, {
    onSuccess: () => {
      setMode({ kind: "idle" });
      chooseButton.current?.focus();
    },
  });
  const busy = save.isPending;
  const error =
    problem ??
    link.errors.url ??
    (save.error &&
      (save.error instanceof Error && save.error.message === "image-too-large"
        ? labels.tooComplex
        : describeError(save.error)));

  // A decoded picture holds memory until closed; the crop changes often, the picture only when another is picked.
  const picture = mode.kind === "crop" ? mode.image : null;
  useEffect(() => () => picture?.close(), [picture]);

  function run(choice: ImageChoice) {
    setProblem(null);
    link.reset();
    save.mutate(choice);
  }

  /** Says what is wrong, in place of anything said before. */
  function showProblem(message: string | null) {
    save.reset();
    link.reset();
    setProblem(message);
  }

  const submitLink = link.handleSubmit(({ url }) => run(url.trim()));

  async function onFile(picked: File | undefined) {
    if (file.current) file.current.value = "";
    if (!picked) return;
    showProblem(null);
    const check = checkSourceFile(picked);
    if (check !== "ok") return showProblem(check === "type" ? labels.typeError : labels.sizeError);
    try {
      setMode({ kind: "crop", image: await createImageBitmap(picked), crop: DEFAULT_CROP });
    } catch {
      showProblem(labels.unreadable);
    }
  }

  const shape = round ? "rounded-full" : "rounded-lg";
  return (
    <div className="grid gap-4">
      {error && (
        <Alert variant="destructive">
          <AlertDescription>
            <p>{error}</p>
          </AlertDescription>
        </Alert>
      )}
      {mode.kind === "crop" ? (
        <div className="grid gap-4">
          <ImageCropper
            image={mode.image}
            crop={mode.crop}
            round={round}
            labels={labels}
            onChange={(crop) => setMode({ ...mode, crop })}
          />
          <div className="flex flex-wrap gap-2">
            <Button loading={busy} onClick={() => run({ image: mode.image, crop: mode.crop })}>
              {labels.save}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => setMode({ kind: "idle" })}>
              {labels.cancel}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          <div
            className={cn("flex size-20 shrink-0 items-center justify-center overflow-hidden border bg-muted", shape)}
          >
            {value ? <img src={value} alt={labels.current} className="size-full object-cover" /> : fallback}
          </div>
          <div className="flex flex-wrap gap-2">
            <input
              ref={file}
              type="file"
              hidden
              accept={ACCEPTED_SOURCE_TYPES.join(",")}
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
            <Button
              ref={chooseButton}
              variant="outline"
              disabled={disabled || busy}
              onClick={() => file.current?.click()}
            >
              <ImageUp aria-hidden="true" />
              {labels.choose}
            </Button>
            <Button
              variant="ghost"
              disabled={disabled || busy}
              aria-expanded={mode.kind === "link"}
              onClick={() => {
                // The address form opens empty; a message the last try left stays until the next one.
                if (mode.kind !== "link") link.setValue("url", "");
                setMode(mode.kind === "link" ? { kind: "idle" } : { kind: "link" });
              }}
            >
              <Link2 aria-hidden="true" />
              {labels.useLink}
            </Button>
            {value && (
              <Button
                variant="ghost"
                loading={busy && mode.kind === "idle"}
                disabled={disabled || busy}
                onClick={() => run(null)}
              >
                <Trash2 aria-hidden="true" />
                {labels.remove}
              </Button>
            )}
          </div>
        </div>
      )}
      {mode.kind === "link" && (
        <form
          noValidate
          className="grid gap-2 sm:max-w-md"
          onSubmit={(e) => {
            // In place of anything said before: the check's message, or the save's outcome.
            save.reset();
            setProblem(null);
            void submitLink(e);
          }}
        >
          <label htmlFor={linkId} className="text-sm font-medium">
            {labels.linkLabel}
          </label>
          <Input
            id={linkId}
            type="url"
            inputMode="url"
            placeholder="https://"
            {...link.field("url")}
            aria-describedby={`${linkId}-hint`}
          />
          <p id={`${linkId}-hint`} className="text-sm text-muted-foreground">
            {labels.linkHint}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={busy}>
              {labels.saveLink}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => setMode({ kind: "idle" })}>
              {labels.cancel}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
