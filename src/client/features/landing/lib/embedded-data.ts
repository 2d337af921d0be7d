import type { LandingData } from "../../../../shared/schemas/site-content";

export type { LandingData };

/** The id of the JSON block the server writes next to #root (outside React's tree). */
export const landingDataElementId = "landing-data";

let parsed: LandingData | null | undefined;

/**
 * The data the landing HTML was rendered with, read once from the page. A <script
 * type="application/json"> is data, not code, so the CSP's script-src does not block it. On the
 * server (no document) the render's own query client already holds the data.
 */
export function embeddedLandingData(): LandingData | undefined {
  if (typeof document === "undefined") return undefined;
  if (parsed === undefined) {
    const text = document.getElementById(landingDataElementId)?.textContent;
    try {
      parsed = text ? (JSON.parse(text) as LandingData) : null;
    } catch {
      parsed = null;
    }
  }
  return parsed ?? undefined;
}
