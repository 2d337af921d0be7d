// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onOpenLegalModal } from "../../../lib/legal-modals";
import { passTime } from "../../../test/clock";
import { storageKeys } from "../lib/storage";
import { COOKIE_BANNER_DELAY_MS, CookieBanner } from "./cookie-banner";

async function showBanner() {
  render(<CookieBanner />);
  await passTime(COOKIE_BANNER_DELAY_MS);
  return screen.getByRole("region", { name: "Cookie notice" });
}

describe("CookieBanner", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("says what is really stored and that Accept changes nothing but the notice", async () => {
    const banner = await showBanner();
    const text = banner.textContent!.replace(/\s+/g, " ");
    expect(text).toContain("No analytics, advertising or tracking cookies.");
    expect(text).toContain("Visitors get no cookies at all");
    expect(text).toContain("one cookie that keeps you signed in");
    expect(text).toContain("Accept just hides this notice.");
    // Nothing is optional, so there is no choice to offer.
    expect(within(banner).queryByRole("button", { name: /reject|decline|settings|manage/i })).toBeNull();
  });

  it("Accept stores only its own acknowledgement and sets no cookie", async () => {
    const banner = await showBanner();
    fireEvent.click(within(banner).getByRole("button", { name: "Accept" }));
    expect(screen.queryByRole("region", { name: "Cookie notice" })).toBeNull();
    expect(Object.keys(localStorage)).toEqual([storageKeys.cookieConsent]);
    expect(document.cookie).toBe("");
  });

  it("stays hidden while held (another prompt is showing) and appears once released", async () => {
    const { rerender } = render(<CookieBanner held />);
    await passTime(COOKIE_BANNER_DELAY_MS * 3);
    expect(screen.queryByRole("region", { name: "Cookie notice" })).toBeNull();
    rerender(<CookieBanner held={false} />);
    expect(screen.getByRole("region", { name: "Cookie notice" })).toBeTruthy();
  });

  it("opens the privacy policy from its link", async () => {
    const opened: string[] = [];
    const stop = onOpenLegalModal((kind) => opened.push(kind));
    const banner = await showBanner();
    fireEvent.click(within(banner).getByRole("button", { name: "Privacy Policy" }));
    stop();
    expect(opened).toEqual(["privacy"]);
  });
});
