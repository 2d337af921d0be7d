// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { JourneyTimeline } from "../../../../shared/schemas/journey";
import { type ApiCall, fakeApi } from "../../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../../test/render";
import { ApplicationJourney, journeyTimelineUrl } from "./application-journey";

const applicationId = "00000000-0000-4000-8000-0000000000a1";
const timelineUrl = journeyTimelineUrl(applicationId);
const stepUrl = (key: string, action: "send" | "skip") =>
  `/api/admin/journey/applications/${applicationId}/steps/${key}/${action}`;

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const shown = (iso: string) => when.format(new Date(iso));

type Entry = JourneyTimeline["entries"][number];
const welcomeSentAt = "2026-03-01T10:15:00.000Z";
const packingDueAt = "2026-03-15T09:00:00.000Z";
const arrivalDueAt = "2026-05-03T09:00:00.000Z";
const feedbackDueAt = "2026-05-20T09:00:00.000Z";
/** What the server says the moment it records a send or skip. */
const actedAt = "2026-03-02T08:30:00.000Z";

function entry(over: Partial<Entry> & Pick<Entry, "key" | "label">): Entry {
  return { subject: over.label, enabled: true, dueAt: null, state: "due", sentAt: null, ...over };
}

function initialEntries(): Entry[] {
  return [
    entry({
      key: "welcome",
      label: "Welcome and next steps",
      state: "sent",
      dueAt: welcomeSentAt,
      sentAt: welcomeSentAt,
    }),
    entry({
      key: "travel_10w",
      label: "Travel form reminder (10 weeks)",
      state: "never",
      dueAt: "2026-03-01T09:00:00.000Z",
    }),
    entry({ key: "packing", label: "Packing checklist", state: "due", dueAt: packingDueAt }),
    entry({ key: "arrival", label: "Arrival details", state: "due", dueAt: arrivalDueAt }),
    entry({ key: "feedback", label: "Feedback survey", state: "off", enabled: false, dueAt: feedbackDueAt }),
  ];
}

/**
 * The journey API for one guest, kept as the server keeps it: a send or skip records the step and
 * answers with the new timeline; `refuse` answers a write with this status and message instead
 * (after recording what the sweep did meanwhile, as `meanwhile`).
 */
function setup(options: { refuse?: { status: number; message: string; meanwhile?: Partial<Entry> } } = {}) {
  const entries = initialEntries();
  const timeline = (): JourneyTimeline => ({
    applicationId,
    acceptedAt: welcomeSentAt,
    entries: structuredClone(entries),
  });
  const act = (action: "send" | "skip") => (call: ApiCall) => {
    const key = call.url.split("/").at(-2);
    const row = entries.find((e) => e.key === key)!;
    if (options.refuse) {
      Object.assign(row, options.refuse.meanwhile);
      return Response.json({ message: options.refuse.message }, { status: options.refuse.status });
    }
    Object.assign(row, { state: action === "send" ? "sent" : "skipped", sentAt: actedAt });
    return Response.json(timeline());
  };
  const api = fakeApi((call) => {
    if (call.method === "GET" && call.url === timelineUrl) return Response.json(timeline());
    if (call.method === "POST" && call.url.endsWith("/send")) return act("send")(call);
    if (call.method === "POST" && call.url.endsWith("/skip")) return act("skip")(call);
    return undefined;
  });
  renderWithClient(<ApplicationJourney applicationId={applicationId} />, { toaster: true });
  return api;
}

async function row(label: string) {
  const list = await screen.findByRole("list", { name: "Journey timeline" });
  const item = within(list)
    .getAllByRole("listitem")
    .find((li) => li.querySelector("p")?.textContent === label);
  if (!item) throw new Error(`no timeline row for ${label}`);
  return item;
}

const stateLine = (item: HTMLElement) => item.querySelectorAll("p")[1]?.textContent;

afterEach(resetClientTest);

describe("application detail: journey timeline", () => {
  it("shows each message in order with what was sent (and when), what is due (and when), and why others wait", async () => {
    const { calls } = setup();
    const list = await screen.findByRole("list", { name: "Journey timeline" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.querySelector("p")?.textContent),
    ).toEqual([
      "Welcome and next steps",
      "Travel form reminder (10 weeks)",
      "Packing checklist",
      "Arrival details",
      "Feedback survey",
    ]);
    expect(stateLine(await row("Welcome and next steps"))).toBe(`Sent ${shown(welcomeSentAt)}`);
    expect(stateLine(await row("Packing checklist"))).toBe(`Due · due ${shown(packingDueAt)}`);
    expect(stateLine(await row("Arrival details"))).toBe(`Due · due ${shown(arrivalDueAt)}`);
    expect(stateLine(await row("Travel form reminder (10 weeks)"))).toBe(
      `Not sent (accepted too late) · due ${shown("2026-03-01T09:00:00.000Z")}`,
    );
    expect(stateLine(await row("Feedback survey"))).toBe(`Switched off · due ${shown(feedbackDueAt)}`);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`GET ${timelineUrl}`]);
  });

  it("offers Send now and Skip only for messages not yet sent or skipped", async () => {
    setup();
    const sent = await row("Welcome and next steps");
    expect(within(sent).queryByRole("button")).toBeNull();
    for (const label of [
      "Travel form reminder (10 weeks)",
      "Packing checklist",
      "Arrival details",
      "Feedback survey",
    ]) {
      const item = await row(label);
      expect(within(item).getByRole("button", { name: `Send now: ${label}` }).textContent).toBe("Send now");
      expect(within(item).getByRole("button", { name: `Skip: ${label}` }).textContent).toBe("Skip");
    }
  });

  it("Send now posts to that message's send endpoint, says so, and shows it sent without its buttons", async () => {
    const { calls, writes } = setup();
    fireEvent.click(await screen.findByRole("button", { name: "Send now: Packing checklist" }));
    expect((await screen.findByText("Message sent")).closest("[role=status]")).toBeTruthy();
    expect(writes()).toEqual([{ url: stepUrl("packing", "send"), method: "POST", body: undefined }]);
    await waitFor(async () => expect(stateLine(await row("Packing checklist"))).toBe(`Sent ${shown(actedAt)}`));
    expect(within(await row("Packing checklist")).queryByRole("button")).toBeNull();
    // The timeline was read again after the write; the other messages are untouched.
    expect(calls.filter((c) => c.method === "GET" && c.url === timelineUrl).length).toBe(2);
    expect(
      within(await row("Arrival details")).getByRole("button", { name: "Send now: Arrival details" }),
    ).toBeTruthy();
  });

  it("Skip posts to that message's skip endpoint, says so, and shows it skipped without its buttons", async () => {
    const { writes } = setup();
    fireEvent.click(await screen.findByRole("button", { name: "Skip: Arrival details" }));
    expect(await screen.findByText("Message skipped")).toBeTruthy();
    expect(writes()).toEqual([{ url: stepUrl("arrival", "skip"), method: "POST", body: undefined }]);
    await waitFor(async () => expect(stateLine(await row("Arrival details"))).toBe(`Skipped ${shown(actedAt)}`));
    expect(within(await row("Arrival details")).queryByRole("button")).toBeNull();
    expect(stateLine(await row("Packing checklist"))).toBe(`Due · due ${shown(packingDueAt)}`);
  });

  it("shows the server's message for a 409 and then the state the server has (sent meanwhile)", async () => {
    const message = "This message was already sent or skipped for this guest";
    const { writes } = setup({ refuse: { status: 409, message, meanwhile: { state: "sent", sentAt: actedAt } } });
    fireEvent.click(await screen.findByRole("button", { name: "Send now: Arrival details" }));
    // In place (the application dialog hides toasts from screen readers) and in the failure toast.
    await waitFor(() => expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain(message));
    const toast = screen.getAllByRole("alert").find((a) => a.textContent?.includes("Could not change the journey"));
    expect(toast?.textContent).toContain(message);
    expect(screen.queryByText("Message sent")).toBeNull();
    expect(writes()).toEqual([{ url: stepUrl("arrival", "send"), method: "POST", body: undefined }]);
    // The row no longer offers a second try that could only fail again.
    await waitFor(async () => expect(stateLine(await row("Arrival details"))).toBe(`Sent ${shown(actedAt)}`));
    expect(within(await row("Arrival details")).queryByRole("button")).toBeNull();
  });

  it("says so when the timeline cannot be read", async () => {
    fakeApi(() => Response.json({ message: "Application not found" }, { status: 404 }));
    renderWithClient(<ApplicationJourney applicationId={applicationId} />);
    expect(await screen.findByText("Could not load the journey.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Journey timeline" })).toBeNull();
  });
});
