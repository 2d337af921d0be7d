import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { LandingRoot } from "./features/landing/landing-root";

/**
 * The landing page's interactive parts (decision 022), which its entry (landing-boot.ts, the only
 * script the server-rendered "/" names) loads once the page has been painted: React, React DOM and the landing page's interactive parts (nav bar, schedule, prices, form
 * placeholders, overlays), without the app's router or query client, which the forms bring along
 * in their own chunks when they are needed. Links to other pages are ordinary page loads.
 *
 * The landing markup for any other path (a server that ever sent it there) goes to the full app.
 */
const container = document.getElementById("root");
// "/" is the landing page's only path (shared/routes.ts), and it has no letters to match in any case.
if (container?.dataset.prerendered === "landing" && window.location.pathname === "/") {
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking
  // the main thread in one long task; the page is already visible, so nothing waits for it.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <LandingRoot />
      </StrictMode>,
    );
  });
}
