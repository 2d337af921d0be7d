/**
 * Calls `onReached` once, as soon as `element`'s top comes within `marginPx` of the bottom of the
 * viewport, or the element is already above it. Returns a function that stops watching.
 *
 * An IntersectionObserver alone misses an element the visitor scrolls straight past: it only
 * reports a change it sees at a rendering step, and a fast fling (or a jump to an anchor further
 * down) can carry the element from below the viewport to above it between two frames, leaving
 * it never "intersecting". So the observer is backed by the scroll position itself: at every
 * scroll (one check per frame) and once at the start, "reached" means "near or already passed".
 */
export function whenReached(element: Element, marginPx: number, onReached: () => void): () => void {
  let done = false;
  let frame = 0;
  const reached = () => element.getBoundingClientRect().top <= window.innerHeight + marginPx;
  const fire = () => {
    if (done) return;
    stop();
    onReached();
  };
  const check = () => {
    frame = 0;
    if (reached()) fire();
  };
  const onScroll = () => {
    if (frame === 0) frame = window.requestAnimationFrame(check);
  };
  const observer =
    "IntersectionObserver" in window
      ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && fire(), {
          rootMargin: `${marginPx}px 0px`,
        })
      : null;
  function stop() {
    done = true;
    observer?.disconnect();
    window.removeEventListener("scroll", onScroll);
    if (frame !== 0) window.cancelAnimationFrame(frame);
    frame = 0;
  }
  observer?.observe(element);
  window.addEventListener("scroll", onScroll, { passive: true });
  check();
  return stop;
}
