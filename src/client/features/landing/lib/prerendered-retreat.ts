import type { CurrentRetreat } from "../../../../shared/schemas/retreats";

/** The id of the JSON block the prerender writes next to #root (outside React's tree). */
export const prerenderDataElementId = "landing-data";

let serverValue: CurrentRetreat | undefined;
let clientValue: CurrentRetreat | null | undefined;

/** Called by the prerender before rendering, so the HTML carries the prices. */
export function setPrerenderedRetreat(value: CurrentRetreat | undefined): void {
  serverValue = value;
}

/**
 * The retreat the HTML was rendered with: hydration must render exactly what the prerender did.
 * A <script type="application/json"> is data, not code, so the CSP's script-src does not block it.
 */
export function getPrerenderedRetreat(): CurrentRetreat | undefined {
  if (typeof document === "undefined") return serverValue;
  if (clientValue === undefined) {
    const text = document.getElementById(prerenderDataElementId)?.textContent;
    try {
      clientValue = text ? (JSON.parse(text) as CurrentRetreat) : null;
    } catch {
      clientValue = null;
    }
  }
  return clientValue ?? undefined;
}
