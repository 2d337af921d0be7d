// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { publicSite } from "../../../test/builders";
import { fakeApi } from "../../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../../test/render";
import { siteContentQueryKey } from "../landing-api";
import { PrivacyPolicy } from "./privacy-policy";

const site = publicSite({ contact: { email: "team@season.example", social: [] } });

/** The policy opens on the landing page, whose published words are already in the cache. */
function renderPolicy() {
  return renderWithClient(<PrivacyPolicy />, { cached: [[siteContentQueryKey, site]] });
}

const retentionItems = () =>
  screen.getByRole("heading", { name: "How long we keep it" }).nextElementSibling!.textContent!.replace(/\s+/g, " ");

describe("PrivacyPolicy", () => {
  afterEach(resetClientTest);

  it("shows the default retention periods until the live ones load", () => {
    fakeApi(() => new Promise(() => {}));
    renderPolicy();
    expect(retentionItems()).toContain("deleted 30 days after the retreat ends");
    expect(retentionItems()).toContain("anonymised 365 days after the decision");
    // The contact address is the season's published one.
    expect(screen.getAllByRole("link", { name: "team@season.example" })[0]!.getAttribute("href")).toBe(
      "mailto:team@season.example",
    );
  });

  it("quotes the configured retention periods from /api/privacy-policy", async () => {
    const { fetchMock } = fakeApi(() =>
      Response.json({ travelDataRetentionDays: 14, declinedApplicationRetentionDays: 1 }),
    );
    renderPolicy();
    expect(await screen.findByText(/deleted 14 days after the retreat ends/)).toBeTruthy();
    expect(retentionItems()).toContain("anonymised 1 day after the decision");
    expect(retentionItems()).not.toContain("30 days");
    expect(fetchMock).toHaveBeenCalledWith("/api/privacy-policy", expect.anything());
  });

  it("keeps the defaults when the numbers cannot be fetched", async () => {
    const { fetchMock } = fakeApi(() => Response.json({ message: "down" }, { status: 503 }));
    renderPolicy();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(retentionItems()).toContain("deleted 30 days after the retreat ends");
  });

  it("tells the truth about cookies, encryption at rest and card payments", () => {
    fakeApi(() => new Promise(() => {}));
    const { container } = renderPolicy();
    const text = container.textContent!.replace(/\s+/g, " ");
    expect(text).toContain("No analytics, advertising or tracking cookies");
    expect(text).toContain("Visitors get no cookies at all");
    expect(text).toContain("one session cookie");
    expect(text).toContain("encrypted in our database (AES-256-GCM)");
    expect(text).toContain("Only our owner and staff accounts can read them");
    expect(text).toContain("recorded in our audit log");
    expect(text).toContain("we never see or store your card number");
    expect(text).toContain("anonymised: the amounts and dates stay");
    // The old policy promised periods the code does not implement.
    expect(text).not.toContain("90 days");
    expect(text).not.toContain("12 months after the retreat");
  });
});
