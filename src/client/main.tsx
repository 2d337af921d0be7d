import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { startEarlyQueries } from "./features/admin-shell/early-queries";
import { queryClient } from "./lib/query-client";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html is missing the #root element");

// The server-rendered landing page has its own entry (landing-boot.ts, which loads landing-main.tsx), which hydrates it. This,
// the full app, starts every other page from an empty root; landing markup that reaches it (a
// server that sent it for another path) is discarded rather than mis-hydrated.
if (container.dataset.prerendered) container.replaceChildren();
startEarlyQueries(queryClient, window.location.pathname);
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
