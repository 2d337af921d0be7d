import { useEffect, useState } from "react";

/** Suspense fallback. Shown only after a short delay, so fast loads do not flash a message. */
export function PageLoading({ delayMs = 300 }: { delayMs?: number }) {
  const [visible, setVisible] = useState(delayMs === 0);
  useEffect(() => {
    if (delayMs === 0) return;
    const handle = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(handle);
  }, [delayMs]);

  return (
    <div role="status" className="flex min-h-screen items-center justify-center text-muted-foreground">
      {visible ? "Loading…" : null}
    </div>
  );
}
