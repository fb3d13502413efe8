import { useEffect, useState } from "react";
import { ApiError } from "@/lib/api-error.js";
import { isSlugAvailable } from "../api/organizations.js";
import { slugProblem } from "../utils/slug.js";

export type SlugStatus = "idle" | "checking" | "available" | "taken" | "error";

const DEBOUNCE_MS = 400;

/**
 * Asks the server whether `slug` is free (POST /organization/check-slug) once typing pauses.
 * `current` is the organization's own slug when editing: keeping it needs no check.
 */
export function useSlugAvailability(slug: string, current?: string): SlugStatus {
  const [status, setStatus] = useState<SlugStatus>("idle");
  useEffect(() => {
    if (slugProblem(slug) || slug === current) {
      setStatus("idle");
      return;
    }
    setStatus("checking");
    let live = true;
    const timer = setTimeout(() => {
      isSlugAvailable(slug).then(
        (free) => live && setStatus(free ? "available" : "taken"),
        (e) => {
          if (!live) return;
          setStatus(e instanceof ApiError && e.code === "ORGANIZATION_SLUG_ALREADY_TAKEN" ? "taken" : "error");
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [slug, current]);
  return status;
}
