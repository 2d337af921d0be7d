import { Leaf } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "wouter";
import { brandName } from "../../../shared/constants";
import { cn } from "../../lib/cn";
import { supportEmail, supportMailto } from "../../lib/contact";

/** The contact line every standalone public page ends with. */
export function SupportContact({
  className,
  lead = "Questions? Contact us at",
}: {
  className?: string;
  lead?: string;
}) {
  return (
    <p className={cn("text-sm text-muted-foreground", className)}>
      {lead}{" "}
      <a
        href={supportMailto}
        className="font-medium text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
      >
        {supportEmail}
      </a>
    </p>
  );
}

/**
 * Frame for the pages reached from an email link (preferences, unsubscribe, resubscribe, travel
 * form): the brand, one <main>, and a footer with the support address.
 */
export function PublicPageShell({
  title,
  children,
  footerNote,
  width = "narrow",
}: {
  /** Document title, so tabs and screen readers name the page. */
  title: string;
  children: ReactNode;
  footerNote?: ReactNode;
  width?: "narrow" | "wide";
}) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} | ${brandName}`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <div className="relative flex min-h-screen flex-col overflow-x-hidden bg-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-96 bg-[radial-gradient(ellipse_at_top,var(--color-secondary),transparent_70%)]"
      />
      <header className="relative">
        <div className="mx-auto flex max-w-5xl items-center px-5 py-5 sm:px-8">
          <Link
            href="/"
            className="inline-flex items-center gap-2 rounded-md font-display text-lg tracking-tight text-primary"
          >
            <span className="grid size-9 place-items-center rounded-full bg-primary text-primary-foreground">
              <Leaf aria-hidden="true" className="size-4" />
            </span>
            {brandName}
          </Link>
        </div>
      </header>
      <main
        className={cn(
          "relative mx-auto w-full flex-1 px-4 pb-16 pt-6 sm:px-8 sm:pt-10",
          width === "wide" ? "max-w-4xl" : "max-w-2xl",
        )}
      >
        {children}
      </main>
      <footer className="relative border-t border-border">
        <div className="mx-auto grid max-w-5xl gap-2 px-5 py-8 text-center sm:px-8">
          <SupportContact />
          {footerNote ? <p className="text-sm text-muted-foreground">{footerNote}</p> : null}
        </div>
      </footer>
    </div>
  );
}

const tones = {
  neutral: "bg-secondary text-primary",
  success: "bg-secondary text-primary",
  warning: "bg-muted text-accent",
  error: "bg-destructive/10 text-destructive",
} as const;

/** A centred card for a page state (invalid link, loading, done): icon, title, text, actions. */
export function StatusPanel({
  icon,
  title,
  tone = "neutral",
  role,
  children,
  actions,
  focusOnMount = false,
}: {
  icon: ReactNode;
  title: string;
  tone?: keyof typeof tones;
  role?: "status" | "alert";
  children?: ReactNode;
  actions?: ReactNode;
  /** For a state reached by an action (a success view): moves focus to its heading so it is read out. */
  focusOnMount?: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  return (
    <section
      role={role}
      className="rounded-card border border-border bg-card px-6 py-10 text-center shadow-sm sm:px-10 sm:py-12"
    >
      <div className={cn("mx-auto mb-5 grid size-14 place-items-center rounded-full", tones[tone])}>{icon}</div>
      <h1
        ref={headingRef}
        tabIndex={focusOnMount ? -1 : undefined}
        className="font-display text-3xl tracking-tight text-foreground outline-none sm:text-4xl"
      >
        {title}
      </h1>
      {children ? <div className="mx-auto mt-3 grid max-w-md gap-3 text-muted-foreground">{children}</div> : null}
      {actions ? <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div> : null}
    </section>
  );
}
