// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { bookingType, currentRetreat, publicSite } from "../../test/builders";
import { passTime } from "../../test/clock";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { siteContentQueryKey } from "./landing-api";
import LandingPage from "./landing-page";
import { storageKeys } from "./lib/storage";

// The forms have their own tests and their own data (TanStack Query, arriving with their chunks).
// Stand-ins keep this file about the page: on a busy machine the real forms' chunks arrive while a
// test still runs, and their own retreat request would be counted with the prices' retries.
vi.mock("../applications/application-section", () => ({ default: () => <section id="apply" /> }));
vi.mock("../waitlist/waitlist-section", () => ({ default: () => <section id="waitlist" /> }));

const retreat = currentRetreat({
  id: "7b0f5a52-4a34-4c0f-9f0e-3c6d7a9e1a11",
  bookingTypes: [
    bookingType({
      id: "0b6f2f0e-8a55-4a55-8d4f-0d1f9d1d2a01",
      description: "Your own bed in a shared villa room.",
      basePrice: "2100.00",
      features: ["Own bed"],
    }),
    bookingType({
      id: "0b6f2f0e-8a55-4a55-8d4f-0d1f9d1d2a02",
      name: "vip",
      displayName: "VIP Ultimate",
      description: "Add-on to either rate.",
      basePrice: "600.00",
      depositAmount: "0.00",
      isAddon: true,
      features: ["60-minute 1:1 strategy session"],
    }),
  ],
});

const site = publicSite();

/** The landing page as the server's embedded data would start it: the site's words already known. */
function renderPage() {
  return renderWithClient(<LandingPage />, { cached: [[siteContentQueryKey, site]] });
}

/** The prices hydrate late, as their own chunk (decision 022): here it arrives as soon as it is asked for. */
async function investmentSection() {
  await vi.waitFor(() => expect(document.getElementById("investment")).not.toBeNull(), { timeout: 10_000 });
  return document.getElementById("investment")!;
}

describe("LandingPage", () => {
  // The late-hydrated sections' chunks, loaded once as the browser would have them by then, so
  // the tests on a fake clock do not wait on module loading.
  beforeAll(async () => {
    await import("./sections/live-investment");
    await import("./sections/schedule-section");
  });

  beforeEach(() => {
    localStorage.clear();
  });

  afterEach(resetClientTest);

  it("shows the prices the API returns, with per-day rate and payment plan", async () => {
    fakeApi(() => Response.json(retreat));
    renderPage();
    const investment = await investmentSection();
    expect(await within(investment).findByText("£2,100")).toBeTruthy();
    expect(investment.textContent).toContain("£210 per day");
    expect(investment.textContent).toContain("+£600");
    expect(investment.textContent).toContain("Solo: £800 + £800 after the deposit");
  });

  it("says prices will be announced when no retreat is open (after 3 retries)", async () => {
    vi.useFakeTimers();
    const { fetchMock } = fakeApi(() =>
      Response.json({ message: "No active retreat found at this time." }, { status: 404 }),
    );
    renderPage();
    await passTime(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(document.getElementById("investment")!.textContent).toContain(
      "Prices for the next retreat will be announced soon",
    );
  });

  it("renders every section in order, the static ones through their islands", async () => {
    fakeApi(() => new Promise(() => {}));
    renderPage();
    // The static sections arrive as their own chunk (no prerendered HTML to adopt here).
    expect(
      await screen.findByRole("heading", { level: 1, name: "Bali Vegan Activism Retreat 2026" }, { timeout: 10_000 }),
    ).toBeTruthy();
    await screen.findByText("Questions, answered");
    const ids = [...document.querySelectorAll("main section[id]")].map((section) => section.id);
    expect(ids).toEqual([
      "hero",
      "about",
      "included",
      "schedule",
      "dates",
      "investment",
      "who-its-for",
      "how-it-works",
      "gallery",
      "apply",
      "waitlist",
      "faq",
      "team",
    ]);
  });

  it("holds the cookie banner back while the development notice is up (never both at once)", async () => {
    vi.useFakeTimers();
    fakeApi(() => new Promise(() => {}));
    renderPage();
    await passTime(5000);
    expect(screen.queryByRole("region", { name: "Cookie notice" })).toBeNull();
  });

  it("shows the cookie banner after 2 s and remembers Accept", async () => {
    vi.useFakeTimers();
    localStorage.setItem(storageKeys.devNotice, "x");
    fakeApi(() => new Promise(() => {}));
    renderPage();
    await passTime(1999);
    expect(screen.queryByRole("region", { name: "Cookie notice" })).toBeNull();
    await passTime(1);
    const banner = screen.getByRole("region", { name: "Cookie notice" });
    fireEvent.click(within(banner).getByRole("button", { name: "Accept" }));
    expect(screen.queryByRole("region", { name: "Cookie notice" })).toBeNull();
    expect(localStorage.getItem(storageKeys.cookieConsent)).not.toBeNull();

    cleanup();
    renderPage();
    await passTime(5000);
    expect(screen.queryByRole("region", { name: "Cookie notice" })).toBeNull();
  });
});
