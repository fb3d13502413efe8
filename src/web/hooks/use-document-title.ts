import { useEffect } from "react";

/** Sets the tab title, so each screen is announced and findable by its name. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Tessera` : "Tessera";
  }, [title]);
}
