import { openLegalModal } from "../../../lib/legal-modals";
import { storageKeys } from "../lib/storage";
import { useDelayedPrompt } from "../lib/use-delayed-prompt";
import { LineIcon, lineIcons } from "../ui/line-icon";

/** Spec: the cookie banner appears after 2 s unless already accepted. */
export const COOKIE_BANNER_DELAY_MS = 2000;

/**
 * The site sets no tracking or advertising cookies: visitors get none, only this acknowledgement
 * in localStorage; signed-in users get a session cookie. Nothing is optional, so there is no
 * consent to give or refuse: the banner informs, and Accept (spec) only stores that it was read.
 * `held` keeps it hidden (its delay still runs) while the development notice is showing.
 */
export function CookieBanner({ held = false }: { held?: boolean }) {
  const { open, acknowledge } = useDelayedPrompt(storageKeys.cookieConsent, COOKIE_BANNER_DELAY_MS);
  // Held back while another prompt is on screen (OverlayHost decides): on a phone the two
  // together covered the whole first screen. It appears as soon as the other one is closed.
  if (!open || held) return null;
  return (
    <section
      aria-label="Cookie notice"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-3xl animate-fade-in rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-2xl shadow-ink/20 sm:inset-x-6 sm:bottom-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <LineIcon d={lineIcons.cookie} className="hidden size-8 shrink-0 text-accent sm:block" strokeWidth={1.4} />
        <p className="flex-1 text-sm leading-relaxed text-ink/85">
          No analytics, advertising or tracking cookies. Visitors get no cookies at all; your browser only remembers
          which notices you have closed. Signing in (staff, vendors, guests) sets one cookie that keeps you signed in.
          Accept just hides this notice. Read our{" "}
          <button
            type="button"
            className="text-primary underline underline-offset-4"
            onClick={() => openLegalModal("privacy")}
          >
            Privacy Policy
          </button>
          .
        </p>
        <button
          type="button"
          onClick={acknowledge}
          className="h-11 shrink-0 rounded-full bg-primary px-6 text-sm font-medium text-primary-foreground transition-colors hover:bg-primary-hover"
        >
          Accept
        </button>
      </div>
    </section>
  );
}
