import * as Dialog from "@radix-ui/react-dialog";
import { Sparkles, X } from "lucide-react";
import { lazy, type ReactNode, type RefObject, Suspense, useRef } from "react";
import type { LegalModal } from "../../../lib/legal-modals";
import { scrollToAnchor } from "../lib/scroll";
import { linkButtonClass } from "../ui/link-button";

// The privacy text reads its facts with TanStack Query: the client comes with it (with-query-client).
const LegalContent = lazy(() =>
  Promise.all([import("./legal-content"), import("../lib/with-query-client")]).then(([content, host]) => ({
    default: host.withQueryClient(content.default),
  })),
);

const titles: Record<LegalModal, string> = { privacy: "Privacy Policy", terms: "Terms & Conditions" };

interface LandingDialogsProps {
  devNoticeOpen: boolean;
  /** The season's own words for the notice (Site tab). */
  devNoticeText: string;
  onDevNoticeDone: () => void;
  legal: LegalModal | null;
  onLegalClose: () => void;
  /** The element that opened the legal modal; it gets the focus back when the modal closes. */
  legalOpener?: RefObject<HTMLElement | null>;
}

/**
 * After a dialog closes, gives focus back to `element` (if it is still on the page) when focus
 * would otherwise be lost with the dialog; a visitor who clicked somewhere else keeps that.
 */
function returnFocusTo(element: HTMLElement | null | undefined, event: Event) {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  if (!element?.isConnected) return;
  event.preventDefault();
  element.focus();
}

export default function LandingDialogs({
  devNoticeOpen,
  devNoticeText,
  onDevNoticeDone,
  legal,
  onLegalClose,
  legalOpener,
}: LandingDialogsProps) {
  return (
    <>
      <DevNoticeDialog open={devNoticeOpen} text={devNoticeText} onDone={onDevNoticeDone} />
      <Dialog.Root open={legal !== null} onOpenChange={(open) => !open && onLegalClose()}>
        <DialogFrame
          title={legal ? titles[legal] : ""}
          description={
            legal === "terms"
              ? "The terms that apply when you apply for and book the retreat."
              : "What we collect, why, how long we keep it and your rights."
          }
          wide
          onCloseAutoFocus={(event) => {
            returnFocusTo(legalOpener?.current, event);
            if (legalOpener) legalOpener.current = null;
          }}
        >
          <Suspense fallback={<p className="py-10 text-center text-muted-foreground">Loading…</p>}>
            {legal ? <LegalContent kind={legal} /> : null}
          </Suspense>
        </DialogFrame>
      </Dialog.Root>
    </>
  );
}

/**
 * Spec: appears after 1 s unless acknowledged; closing it (button, Escape, a click elsewhere) or
 * pressing either button stores the acknowledgement, and its waitlist button scrolls to the
 * waitlist. It is a non-modal dialog: a notice should not lock the page the visitor came to read,
 * and skipping the scroll lock and focus trap keeps its opening cheap while the page is loading.
 */
function DevNoticeDialog({ open, text, onDone }: { open: boolean; text: string; onDone: () => void }) {
  const goToWaitlist = useRef(false);
  const content = useRef<HTMLDivElement>(null);
  // Where focus was when the notice took it; it goes back there when the notice closes.
  const previousFocus = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onDone()} modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          ref={content}
          // Focus the notice itself (screen readers announce its title and text) rather than
          // putting a focus ring on its close button before the visitor has done anything.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            const active = document.activeElement;
            previousFocus.current = active instanceof HTMLElement && active !== document.body ? active : null;
            content.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const previous = previousFocus.current;
            previousFocus.current = null;
            if (!goToWaitlist.current) {
              returnFocusTo(previous, event);
              return;
            }
            goToWaitlist.current = false;
            event.preventDefault();
            // After the dialog has gone, so nothing it does on unmount interrupts the scroll.
            window.setTimeout(() => scrollToAnchor("waitlist"), 0);
          }}
          className="fixed inset-x-3 top-20 z-50 animate-fade-in rounded-3xl border border-border bg-card p-6 text-card-foreground shadow-2xl shadow-ink/30 focus:outline-none sm:inset-x-auto sm:top-24 sm:right-6 sm:w-[30rem]"
        >
          <div className="flex items-start gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-sand">
              <Sparkles aria-hidden="true" className="size-5 text-accent" />
            </span>
            <div className="flex-1">
              <Dialog.Title className="font-display text-2xl text-ink">Early development notice</Dialog.Title>
              <Dialog.Description className="mt-2 text-sm leading-relaxed text-muted-foreground">
                {text}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-mt-2 -mr-2 flex size-10 shrink-0 items-center justify-center rounded-full text-ink/70 hover:bg-sand hover:text-ink"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close className={linkButtonClass("outline", "md", "whitespace-nowrap")}>
              Continue to the site
            </Dialog.Close>
            <Dialog.Close
              className={linkButtonClass("primary", "md", "whitespace-nowrap")}
              onClick={() => {
                goToWaitlist.current = true;
              }}
            >
              Join the Waitlist
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface DialogFrameProps {
  title: string;
  description: string;
  children: ReactNode;
  wide?: boolean;
  onCloseAutoFocus?: (event: Event) => void;
}

/** A modal dialog: overlay, focus trap and scroll lock (used for the legal texts). */
function DialogFrame({ title, description, children, wide = false, onCloseAutoFocus }: DialogFrameProps) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink/70" />
      <Dialog.Content
        onCloseAutoFocus={onCloseAutoFocus}
        className={
          "fixed top-1/2 left-1/2 z-50 flex max-h-[88svh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col " +
          `overflow-hidden rounded-3xl bg-card text-card-foreground shadow-2xl focus:outline-none ${wide ? "max-w-3xl" : "max-w-lg"}`
        }
      >
        <div className="flex items-start gap-4 border-b border-border px-6 pt-6 pb-5 sm:px-8">
          <div className="flex-1">
            <Dialog.Title className="font-display text-3xl text-ink">{title}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-muted-foreground">{description}</Dialog.Description>
          </div>
          <Dialog.Close
            aria-label="Close"
            className="-mt-1 -mr-2 flex size-10 shrink-0 items-center justify-center rounded-full text-ink/70 hover:bg-sand hover:text-ink"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </div>
        <div className="overflow-y-auto px-6 py-6 sm:px-8">{children}</div>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
