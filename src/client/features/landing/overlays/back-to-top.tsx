import { cn } from "../../../lib/cn";
import { scrollToTop } from "../lib/scroll";
import { useScrolledPast } from "../lib/use-scrolled-past";
import { LineIcon, lineIcons } from "../ui/line-icon";

/** Spec: the back-to-top button appears after scrolling past 800 px. */
export const BACK_TO_TOP_THRESHOLD_PX = 800;

export function BackToTop() {
  const visible = useScrolledPast(BACK_TO_TOP_THRESHOLD_PX);
  if (!visible) return null;
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
      <LineIcon d={lineIcons.arrowUp} className="size-5" />
    </button>
  );
}
