import { lazy, Suspense, useEffect, useState } from "react";
import { type LegalModal, onOpenLegalModal } from "../../../lib/legal-modals";
import { storageKeys } from "../lib/storage";
import { useDelayedPrompt } from "../lib/use-delayed-prompt";
import { BackToTop } from "./back-to-top";
import { CookieBanner } from "./cookie-banner";

/** Spec: the development notice appears after 1 s unless acknowledged. */
export const DEV_NOTICE_DELAY_MS = 1000;

// The dialogs (Radix Dialog, focus trap, scroll lock) are a separate chunk, fetched only when one
// is about to open, so they never weigh on the landing page's first load.
const LandingDialogs = lazy(() => import("./landing-dialogs"));

/** Everything that floats above the page: cookie banner, back-to-top, notice and legal dialogs. */
export function OverlayHost() {
  const devNotice = useDelayedPrompt(storageKeys.devNotice, DEV_NOTICE_DELAY_MS);
  const [legal, setLegal] = useState<LegalModal | null>(null);
  // Once loaded, the dialogs stay mounted so closing runs Radix's normal close and focus return.
  const [dialogsWanted, setDialogsWanted] = useState(false);

  useEffect(() => onOpenLegalModal(setLegal), []);
  useEffect(() => {
    if (devNotice.open || legal !== null) setDialogsWanted(true);
  }, [devNotice.open, legal]);

  return (
    <>
      <BackToTop />
      <CookieBanner />
      {dialogsWanted ? (
        <Suspense fallback={null}>
          <LandingDialogs
            devNoticeOpen={devNotice.open}
            onDevNoticeDone={devNotice.acknowledge}
            legal={legal}
            onLegalClose={() => setLegal(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
