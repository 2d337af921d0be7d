// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Campaign, campaignInputSchema } from "../../../../shared/schemas/email-campaigns";
import type { MarketingTemplate } from "../../../../shared/schemas/email-templates";
import { type ApiCall, type ApiReplyBody, fakeApi } from "../../../test/fake-api";
import { renderWithClient, resetClientTest, stubResizeObserver } from "../../../test/render";
import { CampaignsPanel, campaignPollMs } from "./campaigns-panel";

stubResizeObserver();

function campaign(overrides: Partial<Campaign>): Campaign {
  return {
    id: crypto.randomUUID(),
    name: "Spring news",
    subject: "News from Bali",
    content: "Hello {{ firstName }}",
    status: "draft",
    campaignType: "marketing",
    targetSegments: [],
    targetTags: [],
    fromName: "Retreat HQ",
    fromEmail: "",
    replyTo: null,
    templateId: null,
    scheduledAt: null,
    startedAt: null,
    sentAt: null,
    cancelledAt: null,
    createdAt: "2026-01-03T10:00:00.000Z",
    updatedAt: "2026-01-03T10:00:00.000Z",
    totalRecipients: 0,
    delivered: 0,
    bounced: 0,
    unsubscribed: 0,
    failed: 0,
    pending: 0,
    ...overrides,
  };
}

const template: MarketingTemplate = {
  id: "8b0a0c5e-5d8f-4f7e-9a59-3c1b2d4e5f60",
  name: "Monthly newsletter",
  description: null,
  category: "newsletter",
  subject: "This month at {{ retreatName }}",
  content: "Hi {{ firstName }}, here is the news.",
  variables: ["retreatName", "firstName"],
  isActive: true,
  usageCount: 2,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

/** The season the back office works on (the switcher's; here the current retreat). */
const season = {
  id: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  name: "Bali Vegan Activism Retreat 2027",
  description: null,
  startDate: "2027-06-12",
  endDate: "2027-06-21",
  capacity: 15,
  placesTaken: 0,
  location: "Bali, Indonesia",
  status: "planning",
  currency: "GBP",
  timezone: "Asia/Makassar",
  isCurrent: true,
  updatedAt: "2026-11-20T00:00:00.000Z",
};

let calls: ApiCall[];
let campaigns: Campaign[];
let replies: Record<string, ApiReplyBody>;
let audienceCount: number;

beforeEach(() => {
  campaigns = [];
  audienceCount = 42;
  ({ calls, replies } = fakeApi(({ method, url }) => {
    if (method === "GET" && url === "/api/admin/email-campaigns") return Response.json({ items: campaigns });
    if (method === "GET" && url === "/api/admin/email-marketing-templates") return Response.json({ items: [template] });
    if (method === "GET" && url === "/api/admin/email-subscribers/tags") {
      return Response.json({ tags: [{ tag: "vip", count: 3 }] });
    }
    if (method === "GET" && url === "/api/auth/user") {
      return Response.json({ id: "u1", role: "owner", email: "owner@example.com" });
    }
    if (method === "GET" && url === "/api/admin/retreats") return Response.json([season]);
    if (method === "GET" && url === "/api/admin/season")
      return Response.json({ retreatId: season.id, selectedRetreatId: null });
    if (url === "/api/admin/email-campaigns/audience") return Response.json({ count: audienceCount });
    if (url.endsWith("/preview")) {
      return Response.json({
        subject: "News from Bali",
        html: "<html><body><p>Hello Alex</p><script>parent.hacked = true</script></body></html>",
        text: "Hello Alex",
      });
    }
    return Response.json({}, { status: 200 });
  }));
});

afterEach(resetClientTest);

function renderPanel() {
  renderWithClient(<CampaignsPanel />, { toaster: true });
}

const card = (name: string) => screen.getByRole("article", { name });
const buttonNames = (element: HTMLElement) =>
  within(element)
    .getAllByRole("button")
    .map((b) => b.textContent);
const writes = (suffix: string) => calls.filter((c) => c.method !== "GET" && c.url.endsWith(suffix));

async function openNewCampaign() {
  renderPanel();
  fireEvent.click(await screen.findByRole("button", { name: "New campaign" }));
  return screen.findByRole("dialog", { name: "New campaign" });
}

describe("CampaignsPanel list", () => {
  it("offers the actions each status allows and shows counters and sending progress", async () => {
    campaigns = [
      campaign({ name: "Draft one" }),
      campaign({
        name: "Going out",
        status: "sending",
        totalRecipients: 200,
        pending: 50,
        delivered: 140,
        bounced: 4,
        failed: 6,
      }),
      campaign({ name: "Queued", status: "scheduled", scheduledAt: "2030-05-10T07:30:00.000Z" }),
      campaign({ name: "Done", status: "sent", totalRecipients: 10, delivered: 9, unsubscribed: 1 }),
      campaign({ name: "Stopped", status: "cancelled" }),
    ];
    renderPanel();
    await screen.findByRole("article", { name: "Draft one" });

    expect(buttonNames(card("Draft one"))).toEqual(["Edit", "Preview", "Send test", "Send", "Duplicate", "Delete"]);
    expect(buttonNames(card("Going out"))).toEqual(["Cancel"]);
    expect(buttonNames(card("Queued"))).toEqual(["Cancel", "Preview"]);
    expect(buttonNames(card("Done"))).toEqual(["Preview", "Duplicate", "Recipients"]);
    expect(buttonNames(card("Stopped"))).toEqual(["Preview", "Duplicate", "Recipients"]);
    expect(within(card("Draft one")).getByRole("button", { name: "Send Draft one" })).toBeTruthy();

    expect(within(card("Going out")).getByText("Sending").dataset.status).toBe("sending");
    const progress = within(card("Going out")).getByRole("progressbar");
    expect(progress.getAttribute("aria-valuenow")).toBe("75");
    expect(card("Going out").textContent).toContain("150 of 200 (75%)");
    expect(card("Done").querySelector('[data-counter="unsubscribed"]')?.textContent).toBe("1");
    expect(within(card("Draft one")).queryByRole("progressbar")).toBeNull();
  });

  it("reads the list again every 3 s while a campaign is sending, and not when none is", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    campaigns = [campaign({ name: "Going out", status: "sending", totalRecipients: 100, pending: 100 })];
    renderPanel();
    await screen.findByRole("article", { name: "Going out" });
    const listReads = () => calls.filter((c) => c.method === "GET" && c.url === "/api/admin/email-campaigns").length;
    expect(listReads()).toBe(1);

    campaigns = [campaign({ name: "Going out", status: "sending", totalRecipients: 100, pending: 40, delivered: 60 })];
    await act(() => vi.advanceTimersByTimeAsync(campaignPollMs));
    await waitFor(() => expect(card("Going out").textContent).toContain("60 of 100 (60%)"));
    expect(listReads()).toBe(2);

    campaigns = [campaign({ name: "Going out", status: "sent", totalRecipients: 100, delivered: 100 })];
    await act(() => vi.advanceTimersByTimeAsync(campaignPollMs));
    await waitFor(() => expect(within(card("Going out")).getByText("Sent")).toBeTruthy());
    await act(() => vi.advanceTimersByTimeAsync(campaignPollMs * 3));
    expect(listReads()).toBe(3);
  });
});

describe("New campaign form", () => {
  it("posts exactly the campaign fields, and counts the audience as targeting changes", async () => {
    const dialog = await openNewCampaign();
    await within(dialog).findByText("This campaign will reach 42 subscribers");

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: "Spring news" } });
    fireEvent.change(within(dialog).getByLabelText(/^Subject/), { target: { value: "Hello from Bali" } });
    fireEvent.change(within(dialog).getByLabelText(/^Content/), { target: { value: "Dear friend" } });
    fireEvent.click(within(dialog).getByRole("radio", { name: /Application updates/ }));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Waitlist" }));
    audienceCount = 7;
    fireEvent.change(within(dialog).getByLabelText("Add a tag"), { target: { value: "VIP" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add tag" }));
    expect(within(dialog).getByRole("button", { name: "Remove tag vip" })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Reply-to"), { target: { value: "team@example.com" } });

    await within(dialog).findByText("This campaign will reach 7 subscribers");
    expect(writes("/audience").at(-1)?.body).toEqual({
      campaignType: "application",
      targetSegments: ["waitlist"],
      targetTags: ["vip"],
    });

    fireEvent.click(within(dialog).getByRole("button", { name: "Create draft" }));
    await waitFor(() => expect(writes("/api/admin/email-campaigns")).toHaveLength(1));
    const post = writes("/api/admin/email-campaigns")[0]!;
    expect(post.method).toBe("POST");
    expect(Object.keys(post.body as object).sort()).toEqual(Object.keys(campaignInputSchema.shape).sort());
    expect(post.body).toEqual({
      name: "Spring news",
      subject: "Hello from Bali",
      content: "Dear friend",
      campaignType: "application",
      targetSegments: ["waitlist"],
      targetTags: ["vip"],
      fromName: "Retreat HQ",
      fromEmail: "",
      replyTo: "team@example.com",
      templateId: null,
    });
    await screen.findByText("Campaign saved");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New campaign" })).toBeNull());
  });

  it("edits a draft with PUT, treating the stored default sender as the default", async () => {
    const draft = campaign({
      name: "Spring news",
      targetSegments: ["waitlist"],
      targetTags: ["vip"],
      fromEmail: "hello@localhost",
      replyTo: "team@example.com",
    });
    campaigns = [draft];
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Spring news" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit campaign" });
    expect((within(dialog).getByRole("checkbox", { name: "Waitlist" }) as HTMLButtonElement).dataset.state).toBe(
      "checked",
    );
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: "Spring news 2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await screen.findByText("Campaign saved");
    const put = writes(`/api/admin/email-campaigns/${draft.id}`);
    expect(put.map((c) => c.method)).toEqual(["PUT"]);
    expect(put[0]!.body).toMatchObject({
      name: "Spring news 2",
      targetSegments: ["waitlist"],
      targetTags: ["vip"],
      fromEmail: "",
      replyTo: "team@example.com",
    });
  });

  it("starts from a template, and inserts a variable where the cursor is", async () => {
    const dialog = await openNewCampaign();
    const select = within(dialog).getByLabelText("Start from template");
    await within(select).findByRole("option", { name: "Monthly newsletter" });
    fireEvent.change(select, { target: { value: template.id } });
    const content = within(dialog).getByLabelText(/^Content/) as HTMLTextAreaElement;
    expect((within(dialog).getByLabelText(/^Subject/) as HTMLInputElement).value).toBe(template.subject);
    expect(content.value).toBe(template.content);

    fireEvent.change(content, { target: { value: "Hi , welcome" } });
    fireEvent.focus(content);
    content.setSelectionRange(3, 3);
    fireEvent.click(within(dialog).getByRole("button", { name: "Insert {{ firstName }}" }));
    expect(content.value).toBe("Hi {{ firstName }}, welcome");

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: "From template" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create draft" }));
    await waitFor(() => expect(writes("/api/admin/email-campaigns")).toHaveLength(1));
    expect(writes("/api/admin/email-campaigns")[0]!.body).toMatchObject({
      templateId: template.id,
      subject: template.subject,
      content: "Hi {{ firstName }}, welcome",
    });
  });

  it("shows the server's unknown-variable message at the content field", async () => {
    const message = "Unknown variable {{ fistName }}. You can use: firstName, lastName.";
    // As the server sends it: the message only, no field list.
    replies["POST /api/admin/email-campaigns"] = { status: 400, body: { message } };
    const dialog = await openNewCampaign();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: "Typo" } });
    fireEvent.change(within(dialog).getByLabelText(/^Subject/), { target: { value: "Hi" } });
    fireEvent.change(within(dialog).getByLabelText(/^Content/), { target: { value: "Hi {{ fistName }}" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create draft" }));

    const alert = await within(dialog).findByText(message);
    expect(alert.getAttribute("role")).toBe("alert");
    const content = within(dialog).getByLabelText(/^Content/);
    expect(content.getAttribute("aria-invalid")).toBe("true");
    expect(content.getAttribute("aria-describedby")).toContain(alert.id);
    expect(screen.getByRole("dialog", { name: "New campaign" })).toBeTruthy();
  });

  it("puts a field-named 400 at that field, and any other 400 at the end of the form", async () => {
    replies["POST /api/admin/email-campaigns"] = {
      status: 400,
      body: { message: "Subject is too odd", errors: [{ path: "body.subject", message: "Subject is too odd" }] },
    };
    const dialog = await openNewCampaign();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: "Typo" } });
    fireEvent.change(within(dialog).getByLabelText(/^Subject/), { target: { value: "Hi" } });
    fireEvent.change(within(dialog).getByLabelText(/^Content/), { target: { value: "Hi" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create draft" }));
    const subjectError = await within(dialog).findByText("Subject is too odd");
    expect(
      within(dialog)
        .getByLabelText(/^Subject/)
        .getAttribute("aria-describedby"),
    ).toContain(subjectError.id);

    replies["POST /api/admin/email-campaigns"] = { status: 400, body: { message: "Template not found" } };
    fireEvent.click(within(dialog).getByRole("button", { name: "Create draft" }));
    expect((await within(dialog).findByText("Template not found")).getAttribute("role")).toBe("alert");
  });

  it("previews unsaved text in a sandboxed frame, at phone width and as plain text", async () => {
    const dialog = await openNewCampaign();
    fireEvent.change(within(dialog).getByLabelText(/^Subject/), { target: { value: "News from Bali" } });
    fireEvent.change(within(dialog).getByLabelText(/^Content/), { target: { value: "Hello {{ firstName }}" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Preview" }));

    const preview = await screen.findByRole("dialog", { name: "Preview" });
    const frame = (await within(preview).findByTitle("Email preview: News from Bali")) as HTMLIFrameElement;
    expect(writes("/api/admin/email-templates/preview")[0]!.body).toEqual({
      kind: "marketing",
      subject: "News from Bali",
      body: "Hello {{ firstName }}",
    });
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toContain("<p>Hello Alex</p>");
    // The message's HTML lives only inside the frame, never in the page itself.
    expect(document.body.innerHTML).not.toContain("<p>Hello Alex</p>");

    fireEvent.click(within(preview).getByRole("button", { name: "Mobile" }));
    expect(frame.style.width).toBe("375px");
    expect(within(preview).getByRole("button", { name: "Mobile" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.mouseDown(within(preview).getByRole("tab", { name: "Plain text" }), { button: 0 });
    expect(within(preview).getByText("Hello Alex", { selector: "pre" })).toBeTruthy();
  });

  it("shows the preview's 400 message inside the preview", async () => {
    const message = "Unknown variable {{ nope }}. You can use: firstName.";
    replies["POST /api/admin/email-templates/preview"] = { status: 400, body: { message } };
    const dialog = await openNewCampaign();
    fireEvent.change(within(dialog).getByLabelText(/^Content/), { target: { value: "{{ nope }}" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Preview" }));
    const preview = await screen.findByRole("dialog", { name: "Preview" });
    expect((await within(preview).findByRole("alert")).textContent).toBe(message);
    expect(within(preview).queryByTitle(/Email preview/)).toBeNull();
  });
});

describe("Sending", () => {
  it("sends now after confirming the audience", async () => {
    const draft = campaign({ name: "Spring news", targetSegments: ["waitlist"] });
    campaigns = [draft];
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Send Spring news" }));
    const dialog = await screen.findByRole("alertdialog", { name: 'Send "Spring news"' });
    await within(dialog).findByText("Send to 42 subscribers?");
    expect(writes("/audience").at(-1)?.body).toEqual({
      campaignType: "marketing",
      targetSegments: ["waitlist"],
      targetTags: [],
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send now" }));
    await screen.findByText("Campaign is sending");
    const sends = writes(`/api/admin/email-campaigns/${draft.id}/send`);
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toEqual({});
  });

  // Issue 16: the confirmation showed the raw "{{ firstName }}" of the subject.
  it("shows the subject with sample values in place of merge fields, and says so", async () => {
    campaigns = [campaign({ name: "Spring news", subject: "Hi {{ firstName }}, news for {{ firstName | upcase }}" })];
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Send Spring news" }));
    const dialog = await screen.findByRole("alertdialog", { name: 'Send "Spring news"' });
    expect(
      within(dialog).getByText(
        "Subject, with sample values: Hi Alex, news for Alex. Each subscriber sees their own name and links.",
      ),
    ).toBeTruthy();
    expect(dialog.textContent).not.toContain("{{");
  });

  it("shows a subject without merge fields as it is", async () => {
    campaigns = [campaign({ name: "Spring news" })];
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Send Spring news" }));
    const dialog = await screen.findByRole("alertdialog", { name: 'Send "Spring news"' });
    expect(within(dialog).getByText("Subject: News from Bali")).toBeTruthy();
  });

  it("schedules at a local date and time sent as ISO with the offset", async () => {
    const draft = campaign({ name: "Spring news" });
    campaigns = [draft];
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Send Spring news" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("radio", { name: /Schedule/ }));
    fireEvent.change(within(dialog).getByLabelText("Date"), { target: { value: "2030-05-10" } });
    fireEvent.change(within(dialog).getByLabelText("Time"), { target: { value: "09:30" } });
    await within(dialog).findByText(/Send to 42 subscribers\?/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Schedule" }));
    await screen.findByText("Campaign scheduled");
    const body = writes(`/api/admin/email-campaigns/${draft.id}/send`)[0]!.body as { scheduledAt: string };
    expect(body.scheduledAt).toMatch(/^2030-05-10T09:30:00[+-]\d\d:\d\d$/);
    expect(new Date(body.scheduledAt).getTime()).toBe(new Date(2030, 4, 10, 9, 30).getTime());
  });

  it("refuses a schedule in the past without calling the server", async () => {
    campaigns = [campaign({ name: "Spring news" })];
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Send Spring news" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("radio", { name: /Schedule/ }));
    fireEvent.change(within(dialog).getByLabelText("Date"), { target: { value: "2020-01-01" } });
    await within(dialog).findByText(/Send to 42 subscribers\?/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Schedule" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Choose a time in the future.");
    expect(writes("/send")).toHaveLength(0);
  });

  it("shows a 409 as a toast", async () => {
    const draft = campaign({ name: "Spring news" });
    campaigns = [draft];
    replies[`POST /api/admin/email-campaigns/${draft.id}/send`] = {
      status: 409,
      body: { message: "Only drafts can be sent" },
    };
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Send Spring news" }));
    const dialog = await screen.findByRole("alertdialog");
    await within(dialog).findByText("Send to 42 subscribers?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Send now" }));
    await screen.findByText("Failed to send campaign");
    expect(screen.getByText("Only drafts can be sent")).toBeTruthy();
  });

  it("sends a test to the signed-in user's address by default", async () => {
    const draft = campaign({ name: "Spring news" });
    campaigns = [draft];
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Send test of Spring news" }));
    const dialog = await screen.findByRole("dialog", { name: "Send a test email" });
    const input = within(dialog).getByLabelText(/^Send to/) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe("owner@example.com"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Send test" }));
    await screen.findByText("Test email sent to owner@example.com");
    expect(writes(`/${draft.id}/test`)[0]!.body).toEqual({ email: "owner@example.com" });
  });

  it("cancels a sending campaign after confirmation", async () => {
    const live = campaign({ name: "Going out", status: "sending", totalRecipients: 10, pending: 5 });
    campaigns = [live];
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Cancel Going out" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel campaign?" });
    expect(writes("/cancel")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel campaign" }));
    await screen.findByText("Campaign cancelled");
    expect(writes(`/${live.id}/cancel`)).toHaveLength(1);
  });
});

describe("Recipients", () => {
  it("lists recipients with a status filter and pages", async () => {
    const done = campaign({ name: "Done", status: "sent", totalRecipients: 30 });
    campaigns = [done];
    const row = (email: string, status: string) => ({
      id: crypto.randomUUID(),
      email,
      status,
      attempts: 1,
      sentAt: "2026-01-05T10:00:00.000Z",
      bouncedAt: null,
      unsubscribedAt: null,
      errorMessage: status === "failed" ? "Mailbox unavailable" : null,
    });
    const base = `/api/admin/email-campaigns/${done.id}/sends`;
    replies[`GET ${base}?status=all&page=1&pageSize=25`] = {
      status: 200,
      body: { items: [row("a@example.com", "sent")], total: 30, page: 1, pageSize: 25 },
    };
    replies[`GET ${base}?status=failed&page=1&pageSize=25`] = {
      status: 200,
      body: { items: [row("b@example.com", "failed")], total: 1, page: 1, pageSize: 25 },
    };
    replies[`GET ${base}?status=all&page=2&pageSize=25`] = {
      status: 200,
      body: { items: [row("c@example.com", "sent")], total: 30, page: 2, pageSize: 25 },
    };
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Recipients of Done" }));
    const dialog = await screen.findByRole("dialog", { name: 'Recipients of "Done"' });
    await within(dialog).findByText("a@example.com");
    fireEvent.click(within(dialog).getByRole("button", { name: "Next" }));
    await within(dialog).findByText("c@example.com");
    fireEvent.change(within(dialog).getByLabelText("Status"), { target: { value: "failed" } });
    await within(dialog).findByText("b@example.com");
    expect(within(dialog).getByText("Mailbox unavailable")).toBeTruthy();
    expect(within(dialog).getByText("Showing 1–1 of 1 recipient")).toBeTruthy();
  });
});

describe("Invite the priority list", () => {
  it("writes a draft for the season, shows how many it reaches, and shows the draft in place", async () => {
    const invitePath = `/api/admin/retreats/${season.id}/priority-invite`;
    const draft = campaign({ name: "Priority list: Bali Vegan Activism Retreat 2027", targetTags: ["priority-2027"] });
    replies[`POST ${invitePath}`] = {
      status: 201,
      body: {
        campaignId: draft.id,
        campaignName: draft.name,
        audienceSize: 1,
        tag: "priority-2027",
        notSubscribed: 0,
      },
    };
    campaigns = [campaign({ name: "Older news" })];
    renderPanel();
    await screen.findByRole("heading", { name: "Older news" });
    fireEvent.click(screen.getByRole("button", { name: "Invite the priority list" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite the priority list" });
    expect(within(dialog).getByText(/applications for Bali Vegan Activism Retreat 2027 are open/)).toBeTruthy();
    // The season the public site shows: no need to publish first.
    expect(within(dialog).queryByText(/publish this season's site/)).toBeNull();
    // The draft is written only on request; the list now holds it too.
    campaigns = [draft, ...campaigns];
    fireEvent.click(within(dialog).getByRole("button", { name: "Write draft campaign" }));

    const status = await within(dialog).findByRole("status");
    expect(status.textContent).toContain(`${draft.name} is a draft for 1 person`);
    expect(status.textContent).not.toContain("no email subscription");
    expect(calls.filter((c) => c.method === "POST")).toEqual([{ url: invitePath, method: "POST", body: {} }]);
    expect(calls.some((c) => c.url.endsWith("/send"))).toBe(false);

    fireEvent.click(within(dialog).getByRole("link", { name: "Open the draft campaign" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const card = (await screen.findByRole("heading", { name: draft.name })).closest("li")!;
    expect(card.hasAttribute("data-linked")).toBe(true);
    expect(new URLSearchParams(window.location.search).get("campaign")).toBe(draft.id);
    expect(within(card).getByRole("button", { name: `Send ${draft.name}` })).toBeTruthy();
  });

  it("shows the campaign a link names when the panel opens", async () => {
    const linked = campaign({ name: "Linked draft" });
    campaigns = [campaign({ name: "Another" }), linked];
    window.history.replaceState(null, "", `/admin/dashboard?tab=waitlist&email=campaigns&campaign=${linked.id}`);
    renderPanel();
    const card = (await screen.findByRole("heading", { name: "Linked draft" })).closest("li")!;
    expect(card.hasAttribute("data-linked")).toBe(true);
    const other = screen.getByRole("heading", { name: "Another" }).closest("li")!;
    expect(other.hasAttribute("data-linked")).toBe(false);
    window.history.replaceState(null, "", "/");
  });
});
