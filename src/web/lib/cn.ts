import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. No tailwind-merge (8 KB gzip on the sign-in screen): components take only
 * classes that do not compete with their own (layout, width, margins); variants cover the rest.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
