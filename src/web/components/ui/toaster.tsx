import { Toaster as Sonner } from "sonner";
import { useTheme } from "../../hooks/use-theme.js";

/** Sonner's toasts in the app's theme. */
export function Toaster() {
  const { resolved } = useTheme();
  return <Sonner theme={resolved} richColors closeButton position="top-center" />;
}
