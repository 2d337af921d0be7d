/**
 * Runs `then` once the browser has nothing better to do (a short timer where there is no idle
 * callback, e.g. Safari); returns the cancel, so it fits a useEffect's clean-up.
 */
export function whenIdle(then: () => void): () => void {
  if (typeof window === "undefined") return () => undefined;
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(then, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(then, 300);
  return () => clearTimeout(handle);
}
