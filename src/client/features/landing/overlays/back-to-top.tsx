import { ArrowUp } from "lucide-react";
import { cn } from "../../../lib/cn";
import { scrollToTop } from "../lib/scroll";
import { useScrolledPast } from "../lib/use-scrolled-past";
import { BACK_TO_TOP_THRESHOLD_PX } from "./timings";

export { BACK_TO_TOP_THRESHOLD_PX };

export function BackToTop() {
  const visible = useScrolledPast(BACK_TO_TOP_THRESHOLD_PX);
  if (!visible) return null;
  return <BackToTopButton />;
}

/** The button itself; the landing page's OverlayHost loads it once the visitor has scrolled down. */
export function BackToTopButton() {
  return (
    <button
      type="button"
      aria-label="Back to top"
      onClick={() => {
        scrollToTop();
        document.getElementById("hero-heading")?.focus({ preventScroll: true });
      }}
      className={cn(
        "fixed right-4 bottom-24 z-30 flex size-12 animate-fade-in items-center justify-center rounded-full",
        "bg-ink text-ivory shadow-xl shadow-ink/30 transition-colors hover:bg-primary sm:right-6 sm:bottom-28",
      )}
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
