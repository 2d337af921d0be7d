import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";

interface SectionHeadingProps {
  eyebrow: string;
  title: ReactNode;
  id?: string;
  children?: ReactNode;
  align?: "left" | "center";
  tone?: "light" | "dark";
}

/** The small-caps eyebrow, serif title and lead paragraph that open each section. */
export function SectionHeading({
  eyebrow,
  title,
  id,
  children,
  align = "center",
  tone = "light",
}: SectionHeadingProps) {
  const dark = tone === "dark";
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center")}>
      <p className={cn("eyebrow", dark ? "text-gold-soft" : "text-accent")}>{eyebrow}</p>
      <h2
        id={id}
        className={cn(
          "mt-4 font-display text-4xl leading-[1.1] font-medium text-balance sm:text-5xl",
          dark ? "text-ivory" : "text-ink",
        )}
      >
        {title}
      </h2>
      {children ? (
        <div
          className={cn("mt-6 text-lg leading-relaxed text-pretty", dark ? "text-ivory/85" : "text-muted-foreground")}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
