import { useCallback, useEffect, useState } from "react";
import { readFlag, type StorageKey, storeFlag } from "./storage";

/**
 * A prompt that appears `delayMs` after the page loads unless the visitor already acknowledged
 * it (cookie banner: 2 s, development notice: 1 s). `acknowledge` hides it and remembers that.
 * A prompt that is not `enabled` (the season's site turned the notice off) never appears.
 */
export function useDelayedPrompt(key: StorageKey, delayMs: number, enabled = true) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled || readFlag(key)) return;
    const handle = window.setTimeout(() => setOpen(true), delayMs);
    return () => window.clearTimeout(handle);
  }, [key, delayMs, enabled]);
  const acknowledge = useCallback(() => {
    storeFlag(key);
    setOpen(false);
  }, [key]);
  return { open, acknowledge };
}
