/** Spec: sections are reached by smooth scrolling with a 100 px offset (the fixed nav's height). */
export const SCROLL_OFFSET_PX = 100;

/** The scroll position that puts an element `offset` px below the top of the viewport. */
export function anchorScrollTop(elementTop: number, scrollY: number, offset = SCROLL_OFFSET_PX): number {
  return Math.max(0, Math.round(elementTop + scrollY - offset));
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? "auto" : "smooth";
}

/**
 * Scrolls to the section with this id and moves keyboard focus there, so the next Tab continues
 * from the section rather than from the link that was clicked. Returns false if there is no such
 * section (the caller then lets the browser handle the link).
 */
export function scrollToAnchor(id: string, offset = SCROLL_OFFSET_PX): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const top = anchorScrollTop(target.getBoundingClientRect().top, window.scrollY, offset);
  window.scrollTo({ top, behavior: scrollBehavior() });
  settleOn(id, offset);
  if (window.location.hash !== `#${id}`) window.history.replaceState(window.history.state, "", `#${id}`);
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
  return true;
}

/** Calls back once the current scroll ends (or after a while, where `scrollend` is unsupported). */
function whenScrollEnds(callback: () => void): void {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    window.removeEventListener("scrollend", once);
    callback();
  };
  if ("onscrollend" in window) window.addEventListener("scrollend", once);
  window.setTimeout(once, "onscrollend" in window ? 2500 : 1200);
}

const userScrollEvents = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/** How long after arriving we keep the target in place while late content (a form chunk) lands. */
const HOLD_MS = 2000;

/**
 * Content can change while the page travels or just after it arrives (a form section replacing
 * its placeholder as it nears the viewport, which also replaces the element). So: once scrolling
 * ends, look the target up again and land exactly on it, then hold it there while the page's
 * height keeps changing for a moment, unless the visitor takes over the scrolling.
 */
function settleOn(id: string, offset: number): void {
  let cancelled = false;
  const cancel = () => {
    cancelled = true;
  };
  for (const type of userScrollEvents) window.addEventListener(type, cancel, { once: true, passive: true });

  const align = (): HTMLElement | null => {
    const target = document.getElementById(id);
    if (!target || cancelled) return target;
    const top = target.getBoundingClientRect().top;
    if (Math.abs(top - offset) >= 1) {
      window.scrollTo({ top: anchorScrollTop(top, window.scrollY, offset), behavior: "auto" });
    }
    return target;
  };

  whenScrollEnds(() => {
    const target = align();
    // A replaced section took keyboard focus with it: give it to the new one.
    if (target && !cancelled && (document.activeElement === document.body || document.activeElement === null)) {
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
    const main = document.querySelector("main");
    const hold = main && "ResizeObserver" in window ? new ResizeObserver(() => align()) : null;
    if (main) hold?.observe(main);
    window.setTimeout(() => {
      hold?.disconnect();
      for (const type of userScrollEvents) window.removeEventListener(type, cancel);
    }, HOLD_MS);
  });
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: scrollBehavior() });
}

/** The in-page anchor an <a> points at ("#faq" -> "faq"), or null for any other link. */
export function anchorIdFromHref(href: string | null): string | null {
  if (!href?.startsWith("#") || href.length < 2) return null;
  return decodeURIComponent(href.slice(1));
}
