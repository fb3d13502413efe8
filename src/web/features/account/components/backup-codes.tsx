import { Copy, Download } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";

/** The backup codes, shown this once: copy them, download them as a text file, then confirm. */
export function BackupCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel: string }) {
  const { t } = useSettingsTranslation();
  const text = `${t("security.backup.fileHeading")}\n\n${codes.join("\n")}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast.success(t("security.backup.copied"));
    } catch {
      toast.error(t("security.backup.copyFailed"));
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "tessera-backup-codes.txt";
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h3 className="font-medium">{t("security.backup.title")}</h3>
        <p className="text-sm text-muted-foreground">{t("security.backup.description")}</p>
      </div>
      <ol
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg border bg-muted/40 p-4 font-mono text-sm sm:max-w-md"
        aria-label={t("security.backup.listLabel")}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t("security.backup.copy")}
        </Button>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          {t("security.backup.download")}
        </Button>
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  );
}
