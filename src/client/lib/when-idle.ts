/** How long after a screen first renders before its prefetches start: its own data and rendering come first. */
const settleMs = 1500;

/**
 * Runs `then` once the screen has had time to load its own data and the browser has nothing
 * better to do (a short timer where there is no idle callback, e.g. Safari); returns the cancel,
 * so it fits a useEffect's clean-up. For prefetching what the screen may need later (dialogs,
 * schemas, other sections), which must not compete with what it needs now.
 */
export function whenIdle(then: () => void): () => void {
  if (typeof window === "undefined") return () => undefined;
  let idleHandle: number | undefined;
  const timer = setTimeout(() => {
    if ("requestIdleCallback" in window) idleHandle = window.requestIdleCallback(then, { timeout: 2000 });
    else then();
  }, settleMs);
  return () => {
    clearTimeout(timer);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
  };
}
