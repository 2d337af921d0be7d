import type { ComponentProps } from "react";
import { cn } from "../../../lib/cn";

const variants = {
  primary: "bg-primary text-primary-foreground hover:bg-primary-hover shadow-[0_10px_30px_-12px_rgb(15_92_77/0.7)]",
  gold: "bg-gold text-ink hover:bg-gold-soft shadow-[0_10px_30px_-12px_rgb(0_0_0/0.6)]",
  outline: "border border-primary/40 text-primary hover:bg-secondary",
  "outline-light": "border border-ivory/60 text-ivory hover:bg-ivory/10 backdrop-blur-sm",
} as const;

export type LinkButtonVariant = keyof typeof variants;

export function linkButtonClass(variant: LinkButtonVariant = "primary", size: "md" | "lg" = "md", className?: string) {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-full font-medium tracking-wide transition-colors duration-200",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
    size === "lg" ? "h-13 px-8 text-base" : "h-11 px-6 text-sm",
    variants[variant],
    className,
  );
}

/**
 * In-page calls to action are links to the section's anchor: they work before any script has run,
 * and the landing page's click handler turns them into smooth scrolls with the 100 px offset.
 */
export function AnchorButton({
  variant,
  size,
  className,
  ...props
}: ComponentProps<"a"> & { variant?: LinkButtonVariant; size?: "md" | "lg" }) {
  return <a className={linkButtonClass(variant, size, className)} {...props} />;
}
