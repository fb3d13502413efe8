import { useEffect, useState } from "react";

/** Seconds left until `until` (a timestamp in ms), ticking every second; 0 once passed or when undefined. */
export function useCountdown(until: number | undefined): number {
  const left = () => (until === undefined ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` only reads `until`.
  useEffect(() => {
    setSeconds(left());
    if (until === undefined) return;
    const timer = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}
