import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

const base =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring " +
  "disabled:pointer-events-none disabled:opacity-50";

const variants = {
  default: "bg-primary text-primary-foreground hover:bg-primary-hover",
  outline: "border border-primary bg-transparent text-primary hover:bg-secondary",
  ghost: "bg-transparent text-foreground hover:bg-muted",
  destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
} as const;

// Small size still keeps a 36 px target; WCAG 2.5.8 asks for at least 24 px.
const sizes = {
  default: "h-10 px-4 py-2 text-sm",
  sm: "h-9 px-3 text-sm",
  lg: "h-12 px-6 text-base",
  icon: "size-10",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** Button classes, also for links that should look like buttons (e.g. a wouter <Link>). */
export function buttonVariants(options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(base, variants[options.variant ?? "default"], sizes[options.size ?? "default"], options.className);
}

export type ButtonProps = ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  // type="button" by default: a plain button inside a form must not submit it by accident.
  return <button type={type} className={buttonVariants({ variant, size, className })} {...props} />;
}
