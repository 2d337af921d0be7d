import { lazy, Suspense, useEffect, useState } from "react";
import LandingPage from "./landing-page";
import { onLandingHostedChunk } from "./lib/hosted-chunk";
import { retreatResource } from "./lib/landing-store";

// The forms report with toasts; the full app mounts the Toaster in its root, the landing entry
// only once a form (or another chunk that may toast) has loaded.
const Toaster = lazy(() => import("../../components/ui/toast").then((module) => ({ default: module.Toaster })));

function DeferredToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onLandingHostedChunk(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * The landing page as its own entry renders it (landing-main.tsx) and as the server renders "/"
 * for it (entry-server.tsx): the same tree on both sides, so hydration matches. No router, no
 * query client: see decision 022.
 */
export function LandingRoot() {
  // The live prices are asked for at once (the spec's read), although the section that shows them
  // hydrates later: by then the answer is usually here.
  useEffect(() => retreatResource.start(), []);
  return (
    <>
      <LandingPage />
      <DeferredToaster />
    </>
  );
}
