// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { FeedbackList, JourneyStep, Readiness } from "../../../shared/schemas/journey";
import { type ApiCall, fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { adminRetreat, seasonRoutes } from "../../test/season";
import { JourneyTab } from "./journey-tab";

const retreatId = "00000000-0000-4000-8000-000000000001";
const base = `/api/admin/journey/retreats/${retreatId}`;
const stepsUrl = `${base}/steps`;
const readinessUrl = `${base}/readiness`;
const feedbackUrl = `${base}/feedback`;
const publishUrl = (id: string) => `/api/admin/journey/feedback/${id}/published`;

const quotableId = "00000000-0000-4000-8000-0000000000f1";
const publishedId = "00000000-0000-4000-8000-0000000000f2";
const privateId = "00000000-0000-4000-8000-0000000000f3";

function initialSteps(): JourneyStep[] {
  return [
    {
      key: "welcome",
      label: "Welcome and next steps",
      anchor: "acceptance",
      offsetDays: 0,
      subject: "Welcome to {{ retreatName }}",
      body: "Hi {{ firstName }}, welcome aboard.",
      enabled: true,
    },
    {
      key: "packing",
      label: "Packing checklist",
      anchor: "start",
      offsetDays: -56,
      subject: "Your packing list",
      body: "Bring a reusable bottle.",
      enabled: true,
    },
    {
      key: "feedback",
      label: "Feedback survey",
      anchor: "end",
      offsetDays: 1,
      subject: "How was it?",
      body: "Tell us: {{ feedbackUrl }}",
      enabled: false,
    },
  ];
}

function initialFeedback(): FeedbackList {
  return {
    count: 3,
    average: 4.3,
    responses: [
      {
        id: quotableId,
        rating: 5,
        comment: "The week that changed how I campaign.",
        mayQuote: true,
        published: false,
        submittedAt: "2026-05-21T10:00:00.000Z",
        firstName: "June",
      },
      {
        id: publishedId,
        rating: 4,
        comment: "Great food.",
        mayQuote: true,
        published: true,
        submittedAt: "2026-05-21T09:00:00.000Z",
        firstName: "Ada",
      },
      {
        id: privateId,
        rating: 4,
        comment: "Please keep this between us.",
        mayQuote: false,
        published: false,
        submittedAt: "2026-05-21T08:00:00.000Z",
        firstName: null,
      },
    ],
  };
}

const blockingGuests: Readiness = {
  guests: [
    {
      applicationId: "00000000-0000-4000-8000-0000000000c1",
      name: "Grace Hopper",
      blocking: ["No travel form", "Deposit unpaid", "No room"],
    },
    { applicationId: "00000000-0000-4000-8000-0000000000c2", name: "Ada Lovelace", blocking: ["Deposit unpaid"] },
  ],
};

/**
 * The journey API for one season, kept as the server keeps it: a saved message or a published
 * quote is what the next read returns. `saveReply` answers the PUT of a message instead.
 */
function setup(
  options: { readiness?: Readiness; feedback?: FeedbackList; saveReply?: () => Response; season?: boolean } = {},
) {
  const steps = initialSteps();
  const feedback = options.feedback ?? initialFeedback();
  const season = seasonRoutes(options.season === false ? [] : [adminRetreat({ id: retreatId, isCurrent: true })]);
  const api = fakeApi((call: ApiCall) => {
    const { url, method } = call;
    const seasonRoute = season.routes[`${method} ${url}`];
    if (seasonRoute) return seasonRoute(call);
    if (method === "GET" && url === stepsUrl) return Response.json({ steps });
    if (method === "GET" && url === readinessUrl) return Response.json(options.readiness ?? blockingGuests);
    if (method === "GET" && url === feedbackUrl) return Response.json(feedback);
    if (method === "PUT" && url.startsWith(`${stepsUrl}/`)) {
      if (options.saveReply) return options.saveReply();
      const step = steps.find((s) => s.key === url.split("/").at(-1))!;
      Object.assign(step, call.body);
      return Response.json(step);
    }
    if (method === "PUT" && url.endsWith("/published")) {
      const response = feedback.responses.find((r) => publishUrl(r.id) === url)!;
      response.published = (call.body as { published: boolean }).published;
      return Response.json({ ok: true });
    }
    return undefined;
  });
  renderWithClient(<JourneyTab />, { toaster: true });
  return api;
}

async function editor(label: string) {
  return within(await screen.findByRole("form", { name: label }));
}

const field = (form: ReturnType<typeof within>, label: string | RegExp) =>
  form.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const onOff = (form: ReturnType<typeof within>) => form.getByRole("checkbox", { name: "On" }) as HTMLInputElement;

afterEach(resetClientTest);

describe("Journey tab: messages", () => {
  it("lists the season's messages with their subject, text, offset (and what it counts from) and on/off", async () => {
    setup();
    const forms = await screen.findAllByRole("form");
    expect(forms.map((f) => f.getAttribute("aria-label"))).toEqual([
      "Welcome and next steps",
      "Packing checklist",
      "Feedback survey",
    ]);

    const welcome = await editor("Welcome and next steps");
    expect(field(welcome, "Offset in days (after acceptance)").value).toBe("0");
    expect(field(welcome, "Subject").value).toBe("Welcome to {{ retreatName }}");
    expect(field(welcome, "Message").value).toBe("Hi {{ firstName }}, welcome aboard.");
    expect(onOff(welcome).checked).toBe(true);

    const packing = await editor("Packing checklist");
    expect(field(packing, "Offset in days (relative to the start)").value).toBe("-56");
    expect(field(packing, "Subject").value).toBe("Your packing list");
    expect(field(packing, "Message").value).toBe("Bring a reusable bottle.");
    expect(onOff(packing).checked).toBe(true);

    const survey = await editor("Feedback survey");
    expect(field(survey, "Offset in days (after the end)").value).toBe("1");
    expect(field(survey, "Subject").value).toBe("How was it?");
    expect(onOff(survey).checked).toBe(false);
  });

  it("saves an edited message (subject, text, offset, switched off) with exactly that body to its own endpoint", async () => {
    const { writes, calls } = setup();
    const packing = await editor("Packing checklist");
    fireEvent.change(field(packing, "Subject"), { target: { value: "Pack light" } });
    fireEvent.change(field(packing, "Message"), { target: { value: "One bag, {{ firstName }}." } });
    fireEvent.change(field(packing, /^Offset in days/), { target: { value: "-49" } });
    fireEvent.click(onOff(packing));
    fireEvent.click(packing.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Journey message saved")).toBeTruthy();
    expect(writes()).toEqual([
      {
        url: `${stepsUrl}/packing`,
        method: "PUT",
        body: { enabled: false, offsetDays: -49, subject: "Pack light", body: "One bag, {{ firstName }}." },
      },
    ]);
    // The list is read again and the editor shows what was saved.
    await waitFor(() => expect(calls.filter((c) => c.method === "GET" && c.url === stepsUrl).length).toBe(2));
    const saved = await editor("Packing checklist");
    expect(field(saved, "Subject").value).toBe("Pack light");
    expect(field(saved, /^Offset in days/).value).toBe("-49");
    expect(onOff(saved).checked).toBe(false);
  });

  it("switches a message on with its other fields unchanged", async () => {
    const { writes } = setup();
    const survey = await editor("Feedback survey");
    fireEvent.click(onOff(survey));
    fireEvent.click(survey.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Journey message saved")).toBeTruthy();
    expect(writes()).toEqual([
      {
        url: `${stepsUrl}/feedback`,
        method: "PUT",
        body: { enabled: true, offsetDays: 1, subject: "How was it?", body: "Tell us: {{ feedbackUrl }}" },
      },
    ]);
  });

  it.each([
    ["an empty subject", "Subject", "   ", "Give the message a subject (at most 200 characters)."],
    ["an empty text", "Message", "", "Write the message (at most 20,000 characters)."],
    ["a cleared offset", /^Offset in days/, "", "The offset must be a whole number of days between -365 and 365."],
    [
      "an offset beyond a year",
      /^Offset in days/,
      "-400",
      "The offset must be a whole number of days between -365 and 365.",
    ],
    [
      "a fractional offset",
      /^Offset in days/,
      "1.5",
      "The offset must be a whole number of days between -365 and 365.",
    ],
  ])("refuses %s with a message and sends nothing", async (_case, label, value, message) => {
    const { writes } = setup();
    const welcome = await editor("Welcome and next steps");
    fireEvent.change(field(welcome, label), { target: { value } });
    fireEvent.click(welcome.getByRole("button", { name: "Save" }));
    // The schema arrives with the first save (decision 021), so the message follows a moment later.
    expect((await welcome.findByRole("alert")).textContent).toBe(message);
    // Give a stray request every chance to go out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writes()).toEqual([]);
    expect(screen.queryByText("Journey message saved")).toBeNull();
  });

  it("saves once the mistake is corrected, and the message goes away", async () => {
    const { writes } = setup();
    const welcome = await editor("Welcome and next steps");
    fireEvent.change(field(welcome, "Subject"), { target: { value: "" } });
    fireEvent.click(welcome.getByRole("button", { name: "Save" }));
    expect(await welcome.findByRole("alert")).toBeTruthy();
    fireEvent.change(field(welcome, "Subject"), { target: { value: "Welcome, {{ firstName }}" } });
    fireEvent.click(welcome.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Journey message saved")).toBeTruthy();
    expect(welcome.queryByRole("alert")).toBeNull();
    expect(writes().map((w) => w.body)).toEqual([
      {
        enabled: true,
        offsetDays: 0,
        subject: "Welcome, {{ firstName }}",
        body: "Hi {{ firstName }}, welcome aboard.",
      },
    ]);
  });

  it("shows the server's reason when it refuses the save", async () => {
    setup({ saveReply: () => Response.json({ message: "Retreat not found" }, { status: 404 }) });
    const welcome = await editor("Welcome and next steps");
    fireEvent.click(welcome.getByRole("button", { name: "Save" }));
    const toast = await screen.findByText("Could not save the message");
    expect(toast.closest("[role=alert]")?.textContent).toContain("Retreat not found");
    expect(screen.queryByText("Journey message saved")).toBeNull();
  });

  it("asks for a season when there is none", async () => {
    const { urls } = setup({ season: false });
    expect(await screen.findByText("Choose a season first.")).toBeTruthy();
    expect(urls().some((url) => url.startsWith("/api/admin/journey/"))).toBe(false);
  });
});

describe("Journey tab: readiness", () => {
  it("lists each blocking guest with their reasons", async () => {
    setup();
    const heading = await screen.findByRole("heading", { name: "Readiness" });
    const card = heading.closest("[class*=border]") as HTMLElement;
    const items = within(card).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "Grace Hopper: No travel form, Deposit unpaid, No room",
      "Ada Lovelace: Deposit unpaid",
    ]);
    expect(within(card).queryByText("Every accepted guest is ready.")).toBeNull();
  });

  it("says every guest is ready when none blocks", async () => {
    setup({ readiness: { guests: [] } });
    expect(await screen.findByText("Every accepted guest is ready.")).toBeTruthy();
    expect(screen.queryByText("Grace Hopper")).toBeNull();
  });
});

describe("Journey tab: feedback", () => {
  async function feedbackCard() {
    const heading = await screen.findByRole("heading", { name: "Feedback" });
    return within(heading.closest("[class*=border]") as HTMLElement);
  }

  it("shows the number of answers, the average rating and each answer; only allowed quotes can be published", async () => {
    setup();
    const card = await feedbackCard();
    expect(card.getByText("3 answers, average rating 4.3 / 5")).toBeTruthy();
    const items = card.getAllByRole("listitem");
    expect(items.map((li) => li.querySelector("p")?.textContent)).toEqual([
      "June: 5 / 5",
      "Ada: 4 / 5",
      "Guest: 4 / 5",
    ]);
    expect(within(items[0]!).getByRole("button").textContent).toBe("Publish quote");
    expect(within(items[1]!).getByRole("button").textContent).toBe("Remove from website");
    expect(within(items[2]!).queryByRole("button")).toBeNull();
    expect(within(items[2]!).getByText("Not for quoting")).toBeTruthy();
  });

  it("says so when nobody answered yet", async () => {
    setup({ feedback: { count: 0, average: null, responses: [] } });
    expect((await feedbackCard()).getByText("No answers yet.")).toBeTruthy();
  });

  it("Publish quote publishes that answer, says so, and offers to remove it", async () => {
    const { writes } = setup();
    const card = await feedbackCard();
    fireEvent.click(card.getByRole("button", { name: "Publish quote" }));
    expect(await screen.findByText("Quote published on the website")).toBeTruthy();
    expect(writes()).toEqual([{ url: publishUrl(quotableId), method: "PUT", body: { published: true } }]);
    await waitFor(() => expect(card.queryByRole("button", { name: "Publish quote" })).toBeNull());
    expect(card.getAllByRole("button", { name: "Remove from website" })).toHaveLength(2);
  });

  it("Remove from website unpublishes that answer", async () => {
    const { writes } = setup();
    const card = await feedbackCard();
    fireEvent.click(card.getByRole("button", { name: "Remove from website" }));
    expect(await screen.findByText("Quote removed from the website")).toBeTruthy();
    expect(writes()).toEqual([{ url: publishUrl(publishedId), method: "PUT", body: { published: false } }]);
    await waitFor(() => expect(card.getAllByRole("button", { name: "Publish quote" })).toHaveLength(2));
  });
});
