// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdminRetreat } from "../../../shared/schemas/retreats-admin";
import type { AdminSiteContent, SiteContent } from "../../../shared/schemas/site-content";
import { type ApiCall, fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest, stubResizeObserver } from "../../test/render";
import { SiteEditorFor } from "./site-editor";
import { SiteTab } from "./site-tab";

// A long form on a busy two-core machine: the first render can be slow.
configure({ asyncUtilTimeout: 10_000 });

const baliId = "11111111-1111-4111-8111-111111111111";
const lisbonId = "22222222-2222-4222-8222-222222222222";

const retreat = (overrides: Partial<AdminRetreat>): AdminRetreat => ({
  id: baliId,
  name: "Bali Vegan Activism Retreat 2026",
  description: null,
  startDate: null,
  endDate: null,
  capacity: 15,
  placesTaken: 0,
  location: "Bali, Indonesia",
  status: "open",
  currency: "GBP",
  timezone: "Asia/Makassar",
  isCurrent: true,
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...overrides,
});
const seasons = [retreat({}), retreat({ id: lisbonId, name: "Lisbon 2027", status: "planning", isCurrent: false })];

const draft: SiteContent = {
  hero: { eyebrow: "By application only", title: "Bali 2026", lead: "Ten days in Bali." },
  about: { eyebrow: "Why Bali", title: "An island", body: "Bali is **kind**." },
  included: [{ icon: "house", title: "A villa", text: "Ten nights." }],
  schedule: [
    { title: "Arrival", description: "Everyone arrives." },
    { title: "Departures", description: "Goodbyes." },
  ],
  dates: { label: "May 2026", detail: "Exact dates to be announced" },
  audience: [{ title: "Vegans", text: "Who care." }],
  faq: [
    { question: "How many people?", answer: "At most 15." },
    { question: "Can I come alone?", answer: "Yes." },
  ],
  team: [
    {
      name: "Maya",
      role: "Host",
      location: "London",
      bio: "Maya organises.",
      portrait: "team-founder",
      email: "",
    },
  ],
  contact: { email: "hello@example.com", social: [{ network: "Instagram", href: "https://instagram.com/x" }] },
  notice: { show: true, text: "Early days." },
};

const siteOf = (retreatId: string, overrides: Partial<AdminSiteContent> = {}): AdminSiteContent => ({
  retreatId,
  retreatName: seasons.find((s) => s.id === retreatId)!.name,
  retreatStatus: "open",
  draft,
  published: draft,
  publishedAt: "2026-11-20T10:00:00.000Z",
  publishedVersion: 1,
  hasUnpublishedChanges: false,
  updatedAt: "2026-11-20T10:00:00.000Z",
  ...overrides,
});

type Body = { retreatId: string; content: SiteContent };

function setup({
  role = "owner",
  retreatId,
  publish,
  saveDraft,
}: {
  role?: string;
  /** Render the editor for this season instead of the tab (the tab edits the current one). */
  retreatId?: string;
  publish?: () => Response;
  saveDraft?: (call: ApiCall<Body>) => Response;
} = {}) {
  const stored: Record<string, AdminSiteContent> = { [baliId]: siteOf(baliId), [lisbonId]: siteOf(lisbonId) };
  const api = fakeApi<Body>({
    "GET /api/admin/retreats": () => Response.json(seasons),
    [`GET /api/admin/site?retreatId=${baliId}`]: () => Response.json(stored[baliId]),
    [`GET /api/admin/site?retreatId=${lisbonId}`]: () => Response.json(stored[lisbonId]),
    "PUT /api/admin/site/draft": (call) => {
      if (saveDraft) return saveDraft(call);
      const id = call.body.retreatId;
      stored[id] = {
        ...stored[id]!,
        draft: call.body.content,
        hasUnpublishedChanges: true,
        updatedAt: "2026-11-25T09:00:00.000Z",
      };
      return Response.json(stored[id]);
    },
    "POST /api/admin/site/publish": (call) => {
      if (publish) return publish();
      const id = (call.body as unknown as { retreatId: string }).retreatId;
      stored[id] = { ...stored[id]!, publishedAt: "2026-11-25T09:05:00.000Z", hasUnpublishedChanges: false };
      return Response.json(stored[id]);
    },
  });
  renderWithClient(
    retreatId ? <SiteEditorFor retreatId={retreatId} canPublish={role === "owner"} /> : <SiteTab role={role} />,
    { toaster: true },
  );
  return api;
}

beforeAll(stubResizeObserver);
afterEach(resetClientTest);

const field = (name: string) => document.querySelector<HTMLElement>(`[data-field="${name}"]`)!;
const control = <T extends HTMLElement = HTMLInputElement>(name: string) =>
  field(name).querySelector<T>("input, textarea, select")!;
const type = (name: string, value: string) => fireEvent.change(control(name), { target: { value } });
const loaded = () => screen.findByRole("form", { name: "Site content" });
const saveButton = () => screen.getByRole("button", { name: "Save draft" });
const draftPuts = (api: ReturnType<typeof setup>) => api.writes().filter((c) => c.method === "PUT");

describe("Site tab", () => {
  it("edits the season the back office works on and saves the whole content as the draft", async () => {
    const api = setup();
    await loaded();
    expect(api.urls()).toContain(`/api/admin/site?retreatId=${baliId}`);
    expect(control("hero.title").value).toBe("Bali 2026");
    type("hero.title", "Bali 2027: ten days");
    expect(await screen.findByText("You have unsaved edits.")).toBeTruthy();
    fireEvent.click(saveButton());

    await waitFor(() => expect(draftPuts(api)).toHaveLength(1));
    expect(draftPuts(api)[0]!.body).toEqual({
      retreatId: baliId,
      content: { ...draft, hero: { ...draft.hero, title: "Bali 2027: ten days" } },
    });
    expect(await screen.findByText("Draft saved")).toBeTruthy();
    expect(await screen.findByText("Everything is saved.")).toBeTruthy();
    expect(within(screen.getByTestId("site-status")).getByText("Unpublished changes")).toBeTruthy();
  });

  it("adds, reorders and removes questions, and saves them in the order shown", async () => {
    const api = setup();
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Add question" }));
    await waitFor(() => expect(field("faq.2.question")).toBeTruthy());
    type("faq.2.question", "Is there wifi?");
    type("faq.2.answer", "Yes, *fast* wifi.");
    fireEvent.click(screen.getByRole("button", { name: "Move Question 3 up" }));
    await waitFor(() => expect(control("faq.1.question").value).toBe("Is there wifi?"));
    fireEvent.click(screen.getByRole("button", { name: "Remove Question 1" }));
    await waitFor(() => expect(control("faq.0.question").value).toBe("Is there wifi?"));
    expect(screen.queryByRole("button", { name: "Remove Question 3" })).toBeNull();
    fireEvent.click(saveButton());

    await waitFor(() => expect(draftPuts(api)).toHaveLength(1));
    expect(draftPuts(api)[0]!.body.content.faq).toEqual([
      { question: "Is there wifi?", answer: "Yes, *fast* wifi." },
      { question: "Can I come alone?", answer: "Yes." },
    ]);
  });

  it("shows the shared schema's message under an empty title and sends nothing", async () => {
    const api = setup();
    await loaded();
    type("hero.title", "   ");
    fireEvent.click(saveButton());
    expect(await within(field("hero.title")).findByText("The hero title is required")).toBeTruthy();
    expect(control("hero.title").getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(control("hero.title")));
    expect(draftPuts(api)).toHaveLength(0);
  });

  it("says a schedule needs a day when every day is removed", async () => {
    const api = setup();
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Remove Day 2" }));
    fireEvent.click(await screen.findByRole("button", { name: "Remove Day 1" }));
    fireEvent.click(saveButton());
    expect(await within(field("schedule")).findByText("Add at least one day")).toBeTruthy();
    expect(draftPuts(api)).toHaveLength(0);
  });

  it("puts the server's refusal under the field it is about", async () => {
    const api = setup({
      saveDraft: () =>
        Response.json(
          {
            message: "An answer must be at most 5000 characters",
            errors: [{ path: "body.content.faq.1.answer", message: "An answer must be at most 5000 characters" }],
          },
          { status: 400 },
        ),
    });
    await loaded();
    type("faq.1.answer", "A long answer.");
    fireEvent.click(saveButton());
    expect(
      await within(field("faq.1.answer")).findByText("An answer must be at most 5000 characters", {
        selector: "p[id]",
      }),
    ).toBeTruthy();
    expect(draftPuts(api)).toHaveLength(1);
    expect(await screen.findByText("The draft was not saved")).toBeTruthy();
    expect(screen.getByText("You have unsaved edits.")).toBeTruthy();
  });

  it("lets staff save but not publish, and says the owner publishes", async () => {
    const api = setup({ role: "staff" });
    await loaded();
    expect(screen.getByText(/The owner publishes: save your draft/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Publish" })).toBeNull();
    type("about.title", "A kinder island");
    fireEvent.click(saveButton());
    await waitFor(() => expect(draftPuts(api)).toHaveLength(1));
    expect(api.writes().some((c) => c.url === "/api/admin/site/publish")).toBe(false);
  });

  it("publishes for the owner only once confirmed", async () => {
    const api = setup();
    await loaded();
    expect(within(screen.getByTestId("site-status")).getByText("Published")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Publish the public site?" });
    // The season being published is the one the public site shows: no switch to announce.
    expect(within(dialog).queryByTestId("season-switch")).toBeNull();
    expect(api.writes()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Publish" }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({
      method: "POST",
      url: "/api/admin/site/publish",
      body: { retreatId: baliId },
    });
    expect(await screen.findByText("Site published")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("saves unsaved edits before publishing them", async () => {
    const api = setup();
    await loaded();
    type("dates.label", "June 2027");
    fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Publish the public site?" });
    expect(within(dialog).getByText("Your unsaved edits are saved to the draft first.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Save and publish" }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes().map((c) => `${c.method} ${c.url}`)).toEqual([
      "PUT /api/admin/site/draft",
      "POST /api/admin/site/publish",
    ]);
    expect(draftPuts(api)[0]!.body.content.dates.label).toBe("June 2027");
  });

  it("warns that publishing another season switches the public site to it", async () => {
    setup({ retreatId: lisbonId });
    await loaded();
    expect(await screen.findByText(/The public site shows Bali Vegan Activism Retreat 2026 now/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Publish the public site?" });
    expect(within(dialog).getByTestId("season-switch").textContent).toBe(
      "The public site shows Bali Vegan Activism Retreat 2026 now. Publishing switches it to Lisbon 2027: its dates, prices, application form and waitlist.",
    );
  });

  it("shows why a retreat cannot be published", async () => {
    const refusal =
      "Only a retreat that is open or being planned can be published. Change its status in Settings first.";
    setup({ publish: () => Response.json({ message: refusal }, { status: 409 }) });
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Publish the public site?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Publish" }));
    expect(await within(dialog).findByRole("alert")).toHaveProperty("textContent", refusal);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    // Still said beside the status once the question is closed.
    expect(screen.getAllByText(refusal).length).toBeGreaterThan(0);
  });

  it("previews the saved draft in a frame, saving unsaved edits first", async () => {
    const api = setup();
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const frame = (await screen.findByTitle(/Preview of the public site/)) as HTMLIFrameElement;
    expect(frame.getAttribute("src")).toBe(`/api/admin/site/preview?retreatId=${baliId}`);
    expect(frame.getAttribute("sandbox")).not.toContain("allow-scripts");
    expect(draftPuts(api)).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Close preview" }));
    await waitFor(() => expect(screen.queryByTitle(/Preview of the public site/)).toBeNull());

    type("hero.lead", "A new lead.");
    fireEvent.click(screen.getByRole("button", { name: "Save and preview" }));
    await screen.findByTitle(/Preview of the public site/);
    // Saved before the frame asks for it.
    expect(draftPuts(api)).toHaveLength(1);
    expect(draftPuts(api)[0]!.body.content.hero.lead).toBe("A new lead.");
  });
});
