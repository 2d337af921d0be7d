import { useEffect, useId, useRef, useState } from "react";
import { cn } from "../../../lib/cn";
import { navLinks } from "../content/nav";
import { site } from "../content/site";
import { useScrolledPast } from "../lib/use-scrolled-past";
import { LineIcon, lineIcons } from "../ui/line-icon";
import { linkButtonClass } from "../ui/link-button";

/** Spec: the bar switches to its sticky style after scrolling more than 100 px. */
export const NAV_STICKY_THRESHOLD_PX = 100;

export function NavBar() {
  const sticky = useScrolledPast(NAV_STICKY_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const solid = sticky || menuOpen;

  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    // Following a link in the menu closes it (the page's click listener does the scrolling).
    const onLinkClick = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest?.("a")) setMenuOpen(false);
    };
    const menu = panel.current;
    menu?.addEventListener("click", onLinkClick);
    // Widening the window past the lg breakpoint hides the toggle; close the menu with it.
    const wide = window.matchMedia("(min-width: 1024px)");
    const onWide = () => wide.matches && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    wide.addEventListener("change", onWide);
    return () => {
      menu?.removeEventListener("click", onLinkClick);
      window.removeEventListener("keydown", onKey);
      wide.removeEventListener("change", onWide);
    };
  }, [menuOpen]);

  return (
    <header
      data-sticky={sticky ? "true" : "false"}
      className={cn(
        "fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow,color] duration-300",
        solid
          ? "bg-ivory/95 text-ink shadow-[0_1px_0_rgb(18_48_41/0.08),0_12px_30px_-18px_rgb(18_48_41/0.35)] backdrop-blur-md"
          : "bg-transparent text-ivory",
      )}
    >
      <nav aria-label="Main">
        <div className="mx-auto flex h-18 max-w-7xl items-center justify-between gap-6 px-5 md:h-20 lg:px-8">
          <a
            href="#hero"
            className="flex items-center gap-2.5 rounded-sm font-display text-lg font-semibold tracking-wide whitespace-nowrap sm:text-xl"
          >
            <LeafMark className={cn("size-7", solid ? "text-primary" : "text-gold-soft")} />
            <span>{site.brand}</span>
          </a>

          <ul className="hidden items-center gap-8 lg:flex">
            {navLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className={cn(
                    "rounded-sm text-sm font-medium tracking-wide transition-colors",
                    solid ? "text-ink/80 hover:text-primary" : "text-ivory/90 hover:text-ivory",
                  )}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>

          <div className="flex items-center gap-3">
            <a href="#apply" className={linkButtonClass(solid ? "primary" : "gold", "md", "max-sm:hidden")}>
              Apply Now
            </a>
            <button
              type="button"
              className={cn(
                "inline-flex size-11 items-center justify-center rounded-full border transition-colors lg:hidden",
                solid ? "border-ink/15 text-ink hover:bg-sand" : "border-ivory/40 text-ivory hover:bg-ivory/10",
              )}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <LineIcon d={menuOpen ? lineIcons.x : lineIcons.menu} className="size-5" />
            </button>
          </div>
        </div>

        <div
          id={menuId}
          ref={panel}
          hidden={!menuOpen}
          className="animate-fade-in border-t border-ink/10 bg-ivory px-5 pb-6 text-ink lg:hidden"
        >
          <ul className="mx-auto flex max-w-7xl flex-col py-2">
            {navLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="block border-b border-ink/10 py-4 font-display text-2xl text-ink hover:text-primary"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <a href="#apply" className={linkButtonClass("primary", "lg", "mt-4 w-full")}>
            Apply Now
          </a>
        </div>
      </nav>
    </header>
  );
}

export function LeafMark({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 32 32"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <path d="M6 26C6 14 13 6 27 5c0 13-7 21-19 21Z" strokeLinejoin="round" />
      <path d="M6 26 19 13" strokeLinecap="round" />
    </svg>
  );
}
