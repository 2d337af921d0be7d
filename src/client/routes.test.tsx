// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryLocation } from "wouter/memory-location";
import { AppRouter } from "./routes";
import { renderWithClient } from "./test/render";

/**
 * The router's job is choosing the page and passing its params; each page is replaced by a stub
 * that names itself, so these tests do not depend on page content (pages have their own tests).
 */
function stubPage(name: string) {
  return {
    default: ({ params }: { params: Record<string, string> }) => (
      <main>
        <h1>{name}</h1>
        <p data-testid="params">{JSON.stringify(params ?? {})}</p>
      </main>
    ),
  };
}
vi.mock("./features/landing/landing-page", () => stubPage("landing"));
vi.mock("./features/email/preferences-page", () => stubPage("emailPreferences"));
vi.mock("./features/email/unsubscribe-page", () => stubPage("emailUnsubscribe"));
vi.mock("./features/email/resubscribe-page", () => stubPage("emailResubscribe"));
vi.mock("./features/travel/travel-form-page", () => stubPage("travelForm"));
vi.mock("./features/auth/admin-entry-page", () => stubPage("admin"));
vi.mock("./features/auth/set-password-page", () => stubPage("setPassword"));
vi.mock("./features/auth/setup-page", () => stubPage("setup"));
vi.mock("./features/dashboard/dashboard-page", () => stubPage("adminDashboard"));
vi.mock("./features/vendors/vendor-portal-page", () => stubPage("adminVendor"));
vi.mock("./features/guests/guest-portal-page", () => stubPage("adminGuest"));

function renderAt(path: string) {
  const location = memoryLocation({ path });
  renderWithClient(<AppRouter hook={location.hook} />);
  return location;
}

const page = (name: string) => screen.findByRole("heading", { level: 1, name }, { timeout: 5000 });
const params = () => JSON.parse(screen.getByTestId("params").textContent ?? "{}");

describe("AppRouter", () => {
  beforeEach(() => {
    document.title = "Bali Vegan Activism Retreat 2026";
  });
  afterEach(() => cleanup());

  it("matches routes case-insensitively", async () => {
    renderAt("/ADMIN");
    expect(await page("admin")).toBeTruthy();
  });

  it("passes named params to token pages, keeping the param's case", async () => {
    renderAt("/email/unsubscribe/XYZ");
    await page("emailUnsubscribe");
    expect(params()).toMatchObject({ token: "XYZ" });
    cleanup();
    renderAt("/Email/Preferences/abc");
    await page("emailPreferences");
    expect(params()).toMatchObject({ token: "abc" });
  });

  it("renders every area, with or without a trailing slash", async () => {
    for (const [path, name] of [
      ["/", "landing"],
      ["/admin/dashboard/", "adminDashboard"],
      ["/admin/vendor", "adminVendor"],
      ["/admin/guest", "adminGuest"],
      ["/email/resubscribe/t0ken", "emailResubscribe"],
      ["/travel-form/42", "travelForm"],
    ] as const) {
      renderAt(path);
      expect(await page(name)).toBeTruthy();
      cleanup();
    }
  });

  it("renders the 404 page for unknown paths and sets the document title", async () => {
    renderAt("/nope");
    expect(await page("404 Page Not Found")).toBeTruthy();
    expect(document.title).toBe("404 Page Not Found");
    expect(screen.getByRole("link", { name: /home/i }).getAttribute("href")).toBe("/");
  });

  it("opens the email pages without a token (they say 'Invalid Link'), with or without a trailing slash", async () => {
    for (const [path, name] of [
      ["/email/unsubscribe", "emailUnsubscribe"],
      ["/email/unsubscribe/", "emailUnsubscribe"],
      ["/email/resubscribe", "emailResubscribe"],
      ["/email/resubscribe/", "emailResubscribe"],
      ["/email/preferences", "emailPreferences"],
      ["/EMAIL/Preferences/", "emailPreferences"],
    ] as const) {
      renderAt(path);
      expect(await page(name)).toBeTruthy();
      expect(params().token).toBeUndefined();
      cleanup();
    }
  });

  it("treats other token routes without a token as unknown", async () => {
    renderAt("/travel-form");
    expect(await page("404 Page Not Found")).toBeTruthy();
    cleanup();
    renderAt("/email/unsubscribe/a/b");
    expect(await page("404 Page Not Found")).toBeTruthy();
  });

  it("restores the title when leaving the 404 page", async () => {
    const location = renderAt("/nope");
    await page("404 Page Not Found");
    act(() => location.navigate("/admin"));
    expect(await page("admin")).toBeTruthy();
    expect(document.title).toBe("Bali Vegan Activism Retreat 2026");
  });
});
