import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { type LegalModal, onOpenLegalModal } from "../../../lib/legal-modals";
import { storageKeys } from "../lib/storage";
import { useDelayedPrompt } from "../lib/use-delayed-prompt";
import { useSiteContent } from "../use-current-retreat";
import { BackToTop } from "./back-to-top";
import { CookieBanner } from "./cookie-banner";

/** Spec: the development notice appears after 1 s unless acknowledged. */
export const DEV_NOTICE_DELAY_MS = 1000;

// The dialogs (Radix Dialog, focus trap, scroll lock) are a separate chunk, fetched only when one
// is about to open, so they never weigh on the landing page's first load.
const LandingDialogs = lazy(() => import("./landing-dialogs"));

/**
 * Everything that floats above the page: cookie banner, back-to-top, notice and legal dialogs.
 * It is also the one place that decides which prompt shows: never the development notice and the
 * cookie banner together (at 375 px they covered the whole first screen). The notice comes first
 * (1 s); the banner (2 s) waits until the notice is closed.
 */
export function OverlayHost() {
  const notice = useSiteContent().data?.content.notice;
  const devNotice = useDelayedPrompt(storageKeys.devNotice, DEV_NOTICE_DELAY_MS, notice?.show === true);
  const [legal, setLegal] = useState<LegalModal | null>(null);
  // Once loaded, the dialogs stay mounted so closing runs Radix's normal close and focus return.
  const [dialogsWanted, setDialogsWanted] = useState(false);

  // The legal modals have no Dialog.Trigger (footer buttons in a static island, form links and the
  // cookie banner open them by event), so Radix has nothing to return focus to: remember the
  // element that had focus when one opened and give it back on close.
  const legalOpener = useRef<HTMLElement | null>(null);
  useEffect(
    () =>
      onOpenLegalModal((kind) => {
        const active = document.activeElement;
        legalOpener.current = active instanceof HTMLElement && active !== document.body ? active : null;
        setLegal(kind);
      }),
    [],
  );
  useEffect(() => {
    if (devNotice.open || legal !== null) setDialogsWanted(true);
  }, [devNotice.open, legal]);

  return (
    <>
      <BackToTop />
      <CookieBanner held={devNotice.open} />
      {dialogsWanted ? (
        <Suspense fallback={null}>
          <LandingDialogs
            devNoticeOpen={devNotice.open}
            devNoticeText={notice?.text ?? ""}
            onDevNoticeDone={devNotice.acknowledge}
            legal={legal}
            onLegalClose={() => setLegal(null)}
            legalOpener={legalOpener}
          />
        </Suspense>
      ) : null}
    </>
  );
}
