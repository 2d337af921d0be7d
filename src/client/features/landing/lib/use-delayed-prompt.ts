import { useCallback, useEffect, useState } from "react";
import { readFlag, type StorageKey, storeFlag } from "./storage";

/**
 * A prompt that appears `delayMs` after the page loads unless the visitor already acknowledged
 * it (cookie banner: 2 s, development notice: 1 s). `acknowledge` hides it and remembers that.
 */
export function useDelayedPrompt(key: StorageKey, delayMs: number) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (readFlag(key)) return;
    const handle = window.setTimeout(() => setOpen(true), delayMs);
    return () => window.clearTimeout(handle);
  }, [key, delayMs]);
  const acknowledge = useCallback(() => {
    storeFlag(key);
    setOpen(false);
  }, [key]);
  return { open, acknowledge };
}
