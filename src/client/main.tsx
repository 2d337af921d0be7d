import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { matchPageRoute } from "../shared/routes";
import { App } from "./app";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html is missing the #root element");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The landing page is prerendered into index.html (scripts/prerender.mjs): hydrate it, so the
// visitor sees content before any script runs. Every other page starts from an empty root; if a
// server ever sends the landing HTML for another path, it is discarded rather than mis-hydrated.
const prerendered = container.dataset.prerendered === "landing";
if (prerendered && matchPageRoute(window.location.pathname) === "landing") {
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking
  // the main thread in one long task; the page is already visible, so nothing waits for it.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  if (prerendered) container.replaceChildren();
  createRoot(container).render(app);
}
