import { type ComponentType, lazy, memo, Suspense } from "react";
import { whenReached } from "../lib/when-reached";

/** After the page has loaded and the browser is idle (or this long after load at the latest). */
const IDLE_TIMEOUT_MS = 2000;

function afterLoadAndIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if ("requestIdleCallback" in window) window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 200);
    };
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
  });
}

/**
 * A section hydrated late (decision 022): interactive, but neither on the first screen nor needed
 * before the page is idle. Its code is a separate chunk, fetched when the section comes within
 * `marginPx` of the viewport or once the page has loaded and the browser is idle, whichever is
 * first. Until then React keeps the server's markup as it is (a Suspense boundary still being
 * hydrated shows its server HTML), so the visitor sees the section all along and the landing
 * entry carries none of its code.
 *
 * When there is no server markup (a client-side visit to "/", tests) the code loads at once. The
 * component is memoised without props: a re-render of the page must not reach the boundary
 * before it has hydrated (React would then give up the server markup).
 */
export function lateIsland(anchorId: string, marginPx: number, load: () => Promise<{ default: ComponentType }>) {
  const Section = lazy(() => {
    const anchor = typeof document === "undefined" ? null : document.getElementById(anchorId);
    if (!anchor) return load();
    return new Promise<void>((resolve) => {
      whenReached(anchor, marginPx, resolve);
      void afterLoadAndIdle().then(resolve);
    }).then(load);
  });
  return memo(function LateIsland() {
    return (
      <Suspense fallback={null}>
        <Section />
      </Suspense>
    );
  });
}
