// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest, stubResizeObserver } from "../../test/render";
import UnsubscribePage from "./unsubscribe-page";

configure({ asyncUtilTimeout: 5000 });
stubResizeObserver();

const token = "a1b2c3d4".repeat(8);
const campaignId = "0b7c2a52-5d3e-4c1a-9f59-2f0c1b8e7d11";

afterEach(() => {
  resetClientTest();
  window.history.replaceState(null, "", "/");
});

async function submitFrom(search: string) {
  window.history.replaceState(null, "", `/email/unsubscribe/${token}${search}`);
  const { fetchMock } = fakeApi(() => Response.json({ success: true }));
  renderWithClient(<UnsubscribePage params={{ token }} />);
  fireEvent.click(screen.getByRole("radio", { name: /Marketing & Newsletter Emails Only/ }));
  fireEvent.click(screen.getByRole("button", { name: "Confirm Unsubscribe" }));
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return JSON.parse(String(init.body));
}

describe("UnsubscribePage from a campaign's link", () => {
  it("sends the campaign id from ?campaign=", async () => {
    expect(await submitFrom(`?campaign=${campaignId}`)).toEqual({ emailType: "marketing", campaignId });
  });

  it("leaves out a campaign value that is not an id", async () => {
    expect(await submitFrom("?campaign=nonsense")).toEqual({ emailType: "marketing" });
  });
});
