// @vitest-environment jsdom
import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { PublicSubscriber } from "../../../shared/schemas/email-preferences";
import { type ApiCall, type ApiReply, fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest, stubResizeObserver } from "../../test/render";
import PreferencesPage from "./preferences-page";
import ResubscribePage from "./resubscribe-page";
import UnsubscribePage from "./unsubscribe-page";

// The machine is shared and slow at times: give async UI more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

stubResizeObserver();

const token = "a1b2c3d4".repeat(8);

const activeSubscriber: PublicSubscriber = {
  email: "ada@example.com",
  firstName: "Ada",
  status: "active",
  globallyUnsubscribed: false,
  applicationEmails: true,
  marketingEmails: false,
  systemNotifications: true,
};
const unsubscribed: PublicSubscriber = {
  ...activeSubscriber,
  status: "unsubscribed",
  globallyUnsubscribed: true,
  applicationEmails: false,
  marketingEmails: false,
  systemNotifications: false,
};

function setup(page: ReactNode, handler: (call: ApiCall) => ApiReply) {
  const { fetchMock } = fakeApi(handler);
  renderWithClient(page, { toaster: true });
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
  return { fetchMock, posts };
}

function deferred() {
  let resolve: (res: Response) => void = () => {};
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

afterEach(resetClientTest);

describe("UnsubscribePage", () => {
  it("says the link is invalid without a usable token", () => {
    const { fetchMock } = setup(<UnsubscribePage params={{ token: "" }} />, () => Response.json({}));
    expect(screen.getByRole("heading", { level: 1, name: "Invalid Link" })).toBeTruthy();
    expect(screen.getByText("This unsubscribe link is invalid or expired.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("offers the four choices, all emails by default, and a way to manage preferences instead", () => {
    setup(<UnsubscribePage params={{ token }} />, () => Response.json({}));
    expect(screen.getByRole("main")).toBeTruthy();
    const radios = screen.getAllByRole("radio");
    expect(radios.map((radio) => radio.getAttribute("value"))).toEqual(["marketing", "application", "system", "all"]);
    expect(screen.getByRole("radio", { name: /Marketing & Newsletter Emails Only/ })).toBeTruthy();
    expect(screen.getByRole("radio", { name: /Application & Retreat Emails Only/ })).toBeTruthy();
    expect(screen.getByRole("radio", { name: /System Notifications Only/ })).toBeTruthy();
    expect(screen.getByText(/not recommended for security reasons/i)).toBeTruthy();
    expect(screen.getByRole("radio", { name: /All Emails/ }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByLabelText("Tell us why (optional)")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Manage Preferences Instead" }).getAttribute("href")).toBe(
      `/email/preferences/${token}`,
    );
    expect(screen.getByRole("contentinfo").textContent).toMatch(/@/);
  });

  it("unsubscribes from one type with a trimmed reason and notes the other emails continue", async () => {
    const reply = deferred();
    const { posts } = setup(<UnsubscribePage params={{ token }} />, () => reply.promise);
    fireEvent.click(screen.getByRole("radio", { name: /Marketing & Newsletter Emails Only/ }));
    fireEvent.change(screen.getByLabelText("Tell us why (optional)"), { target: { value: "  Too many emails  " } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm Unsubscribe" }));

    const pending = (await screen.findByRole("button", { name: "Unsubscribing..." })) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    const [[url, init]] = posts();
    expect(url).toBe(`/api/email/unsubscribe/${token}`);
    expect(bodyOf(init)).toEqual({ emailType: "marketing", reason: "Too many emails" });

    await act(async () => {
      reply.resolve(Response.json({ success: true, subscriber: { ...activeSubscriber, marketingEmails: false } }));
    });
    expect(await screen.findByRole("heading", { name: "Successfully Unsubscribed" })).toBeTruthy();
    expect(screen.getByText("You have been unsubscribed from marketing emails.")).toBeTruthy();
    expect(screen.getByText(/still receive other types of emails/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Manage Email Preferences" }).getAttribute("href")).toBe(
      `/email/preferences/${token}`,
    );
    expect(screen.queryByRole("link", { name: "Resubscribe to Emails" })).toBeNull();
    const toast = screen.getByRole("status");
    expect(toast.textContent).toContain("Unsubscribed Successfully");
    expect(toast.textContent).toContain("You have been unsubscribed from the selected email types.");
  });

  it("unsubscribes from everything without a reason and offers to resubscribe", async () => {
    const { posts } = setup(<UnsubscribePage params={{ token }} />, () =>
      Response.json({ success: true, subscriber: unsubscribed }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Confirm Unsubscribe" }));
    expect(await screen.findByText("You have been unsubscribed from all emails.")).toBeTruthy();
    expect(bodyOf(posts()[0]?.[1])).toEqual({ emailType: "all" });
    expect(screen.queryByText(/still receive other types of emails/)).toBeNull();
    expect(screen.getByRole("link", { name: "Resubscribe to Emails" }).getAttribute("href")).toBe(
      `/email/resubscribe/${token}`,
    );
  });

  it("keeps the form and shows the failure toast when the server refuses", async () => {
    setup(<UnsubscribePage params={{ token }} />, () => Response.json({ message: "Not found" }, { status: 404 }));
    fireEvent.click(screen.getByRole("button", { name: "Confirm Unsubscribe" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Unsubscribe Failed");
    expect(alert.textContent).toContain("Failed to process your unsubscribe request. Please try again.");
    expect(screen.getByRole("button", { name: "Confirm Unsubscribe" })).toBeTruthy();
  });

  it("refuses a reason over the length limit with the failure toast and no call", async () => {
    const { posts } = setup(<UnsubscribePage params={{ token }} />, () => Response.json({ success: true }));
    fireEvent.change(screen.getByLabelText("Tell us why (optional)"), { target: { value: "x".repeat(5001) } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm Unsubscribe" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Unsubscribe Failed");
    expect(posts()).toHaveLength(0);
  });
});

describe("ResubscribePage", () => {
  const getSubscriber =
    (subscriber: PublicSubscriber | null, status = 200) =>
    ({ url }: ApiCall) =>
      url.startsWith("/api/email/preferences/")
        ? Response.json(subscriber ? { success: true, subscriber } : { message: "Not found" }, { status })
        : Response.json({ success: true, subscriber: { ...activeSubscriber, marketingEmails: true } });

  it("says the link is invalid without a usable token", () => {
    setup(<ResubscribePage params={{ token: "short" }} />, () => Response.json({}));
    expect(screen.getByRole("heading", { name: "Invalid Link" })).toBeTruthy();
    expect(screen.getByText("This resubscribe link is invalid or expired.")).toBeTruthy();
  });

  it("shows Loading while it reads the subscriber", async () => {
    const reply = deferred();
    setup(<ResubscribePage params={{ token }} />, () => reply.promise);
    expect(screen.getByRole("heading", { name: "Loading" })).toBeTruthy();
    expect(screen.getByText("Please wait while we prepare your resubscription...")).toBeTruthy();
    await act(async () => {
      reply.resolve(Response.json({ success: true, subscriber: unsubscribed }));
    });
  });

  it("says Unable to Load when the link is unknown", async () => {
    setup(<ResubscribePage params={{ token }} />, getSubscriber(null, 404));
    expect(await screen.findByRole("heading", { name: "Unable to Load" })).toBeTruthy();
    expect(
      screen.getByText(
        "This resubscribe link may be invalid or expired. Please contact support if you continue to have issues.",
      ),
    ).toBeTruthy();
  });

  it("says Unable to Load when the answer has no success flag", async () => {
    setup(<ResubscribePage params={{ token }} />, () => Response.json({ subscriber: unsubscribed }));
    expect(await screen.findByRole("heading", { name: "Unable to Load" })).toBeTruthy();
  });

  it("tells an active subscriber they are already subscribed", async () => {
    setup(<ResubscribePage params={{ token }} />, getSubscriber(activeSubscriber));
    expect(await screen.findByRole("heading", { name: "You're Already Subscribed!" })).toBeTruthy();
    expect(screen.getByText("ada@example.com")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Manage Your Preferences" }).getAttribute("href")).toBe(
      `/email/preferences/${token}`,
    );
  });

  it("welcomes back by name, with three switches on, and resubscribes with the choices", async () => {
    const { posts } = setup(<ResubscribePage params={{ token }} />, getSubscriber(unsubscribed));
    expect(await screen.findByRole("heading", { name: "Welcome back, Ada!" })).toBeTruthy();
    const switches = screen.getAllByRole("switch");
    expect(switches).toHaveLength(3);
    for (const control of switches) expect(control.getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("switch", { name: "Application & Retreat Updates" })).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Security & Account Updates" })).toBeTruthy();
    expect(screen.getByText(/By resubscribing, you agree to receive emails/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go Back" }).getAttribute("href")).toBe(`/email/unsubscribe/${token}`);

    fireEvent.click(screen.getByRole("switch", { name: "Marketing & Newsletter" }));
    fireEvent.click(screen.getByRole("button", { name: "Resubscribe to Emails" }));

    expect(await screen.findByRole("heading", { name: "Welcome Back!" })).toBeTruthy();
    const [[url, init]] = posts();
    expect(url).toBe(`/api/email/resubscribe/${token}`);
    expect(bodyOf(init)).toEqual({ applicationEmails: true, marketingEmails: false, systemNotifications: true });
    expect(screen.getByRole("link", { name: "Manage Email Preferences" }).getAttribute("href")).toBe(
      `/email/preferences/${token}`,
    );
    const toast = screen.getByRole("status");
    expect(toast.textContent).toContain("Welcome Back!");
    expect(toast.textContent).toContain("You have been successfully resubscribed to our emails.");
  });

  it("greets generically without a first name, and shows the failure toast", async () => {
    setup(<ResubscribePage params={{ token }} />, ({ url }) =>
      url.startsWith("/api/email/preferences/")
        ? Response.json({ success: true, subscriber: { ...unsubscribed, firstName: null } })
        : new Response("boom", { status: 500 }),
    );
    expect(await screen.findByRole("heading", { name: "Choose Your Email Preferences" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Resubscribe to Emails" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Resubscribe Failed");
    expect(alert.textContent).toContain("Failed to resubscribe. Please try again.");
  });
});

describe("PreferencesPage", () => {
  it("says the link is invalid without a usable token", () => {
    setup(<PreferencesPage params={{ token: "" }} />, () => Response.json({}));
    expect(screen.getByRole("heading", { name: "Invalid Link" })).toBeTruthy();
  });

  it("says Unable to Load Preferences when the load fails", async () => {
    setup(<PreferencesPage params={{ token }} />, () => new Response("nope", { status: 404 }));
    expect(await screen.findByRole("heading", { name: "Unable to Load Preferences" })).toBeTruthy();
  });

  it("shows a globally unsubscribed subscriber a way to resubscribe", async () => {
    setup(<PreferencesPage params={{ token }} />, () => Response.json({ success: true, subscriber: unsubscribed }));
    expect(await screen.findByRole("heading", { name: "You're Unsubscribed" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Resubscribe to Emails" }).getAttribute("href")).toBe(
      `/email/resubscribe/${token}`,
    );
    expect(screen.queryByRole("switch")).toBeNull();
  });

  it("shows the saved choices and saves changes", async () => {
    const { posts } = setup(<PreferencesPage params={{ token }} />, ({ method, body }) =>
      Response.json({
        success: true,
        subscriber: method === "POST" ? { ...activeSubscriber, ...(body as object) } : activeSubscriber,
      }),
    );
    const marketing = await screen.findByRole("switch", { name: "Marketing & Newsletter" });
    expect(screen.getByRole("heading", { level: 1, name: "Email Preferences" })).toBeTruthy();
    expect(marketing.getAttribute("aria-checked")).toBe("false");
    expect(screen.getByRole("switch", { name: "Application & Retreat Updates" }).getAttribute("aria-checked")).toBe(
      "true",
    );

    fireEvent.click(marketing);
    fireEvent.click(screen.getByRole("switch", { name: "Security & Account Updates" }));
    fireEvent.click(screen.getByRole("button", { name: "Save Preferences" }));

    await waitFor(() => expect(screen.getByRole("status").textContent).toContain("Preferences Updated"));
    const [[url, init]] = posts();
    expect(url).toBe(`/api/email/preferences/${token}`);
    expect(bodyOf(init)).toEqual({ applicationEmails: true, marketingEmails: true, systemNotifications: false });
    expect(marketing.getAttribute("aria-checked")).toBe("true");
  });

  it("shows the failure toast when saving fails", async () => {
    setup(<PreferencesPage params={{ token }} />, ({ method }) =>
      method === "POST"
        ? new Response("down", { status: 500 })
        : Response.json({ success: true, subscriber: activeSubscriber }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Save Preferences" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Update Failed")).toBeTruthy();
    expect(alert.textContent).toContain("Failed to update your preferences. Please try again.");
  });
});
