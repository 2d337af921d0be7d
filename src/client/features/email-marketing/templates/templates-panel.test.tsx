// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type MarketingTemplate,
  marketingTemplateInputSchema,
  type TransactionalTemplate,
} from "../../../../shared/schemas/email-templates";
import { type ApiCall, type ApiReplyBody, fakeApi } from "../../../test/fake-api";
import { renderWithClient, resetClientTest, stubResizeObserver } from "../../../test/render";
import { TemplatesPanel } from "./templates-panel";

stubResizeObserver();

const received: TransactionalTemplate = {
  id: "0f0e0d0c-0b0a-4909-8807-060504030201",
  name: "application_received",
  title: "Application received",
  description: "Sent when someone applies.",
  subject: "We got your application, {{ firstName }}",
  body: "Thanks {{ firstName }}, we will be in touch.",
  type: "application",
  variables: [{ name: "firstName", description: "Applicant's first name", sample: "Alex" }],
  isActive: true,
  isDefault: false,
  retreatId: null,
  updatedAt: "2026-01-01T00:00:00.000Z",
};
const welcome: TransactionalTemplate = {
  ...received,
  id: "1f0e0d0c-0b0a-4909-8807-060504030201",
  name: "waitlist_welcome",
  title: "Waitlist welcome",
  isDefault: true,
};
const newsletter: MarketingTemplate = {
  id: "2f0e0d0c-0b0a-4909-8807-060504030201",
  name: "Monthly newsletter",
  description: "The usual news",
  category: "newsletter",
  subject: "News",
  content: "Hi {{ firstName }}",
  variables: ["firstName"],
  isActive: true,
  usageCount: 3,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

let calls: ApiCall[];
let replies: Record<string, ApiReplyBody>;
let seasons: unknown[];

beforeEach(() => {
  seasons = [];
  ({ calls, replies } = fakeApi<{ subject: string; body: string }>(
    {
      "GET /api/admin/email-templates": () => Response.json({ items: [received, welcome] }),
      // No season unless a test gives one: the list is the shared defaults.
      "GET /api/admin/retreats": () => Response.json(seasons),
      "GET /api/admin/season": () => {
        const rows = seasons as { id: string; isCurrent?: boolean }[];
        return Response.json({
          retreatId: (rows.find((r) => r.isCurrent) ?? rows[0])?.id ?? null,
          selectedRetreatId: null,
        });
      },
      "GET /api/admin/email-marketing-templates": () => Response.json({ items: [newsletter] }),
      "POST /api/admin/email-templates/preview": ({ body }) =>
        Response.json({ subject: body.subject, html: `<p>${body.body}</p>`, text: body.body }),
    },
    () => Response.json({}),
  ));
});

afterEach(resetClientTest);

function renderPanel() {
  renderWithClient(<TemplatesPanel />, { toaster: true });
}

const writes = (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);
const previews = () => writes("POST", "/api/admin/email-templates/preview");

describe("Product emails", () => {
  it("lists each email as edited or default, and switches one off", async () => {
    renderPanel();
    const list = await screen.findByRole("list", { name: "Product emails" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByText("Edited")).toBeTruthy();
    expect(within(second!).getByText("Default")).toBeTruthy();

    fireEvent.click(screen.getByRole("switch", { name: "Active (Application received)" }));
    await screen.findByText("Template saved");
    expect(writes("PUT", `/api/admin/email-templates/${received.id}`)[0]!.body).toEqual({
      subject: received.subject,
      body: received.body,
      isActive: false,
    });
  });

  it("edits with a live preview of the unsaved text, then saves", async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Application received" }));
    const editor = await screen.findByRole("region", { name: 'Edit "Application received"' });
    expect(within(editor).getByText("Applicant's first name")).toBeTruthy();
    await within(editor).findByTitle(`Email preview: ${received.subject}`);

    const body = within(editor).getByLabelText(/^Body/);
    fireEvent.change(body, { target: { value: "Thank you, {{ firstName }}!" } });
    await waitFor(() =>
      expect(previews().at(-1)?.body).toEqual({
        kind: "application_received",
        subject: received.subject,
        body: "Thank you, {{ firstName }}!",
      }),
    );
    const frame = await within(editor).findByTitle(`Email preview: ${received.subject}`);
    await waitFor(() => expect(frame.getAttribute("srcdoc")).toBe("<p>Thank you, {{ firstName }}!</p>"));
    expect(frame.getAttribute("sandbox")).toBe("");

    fireEvent.click(within(editor).getByRole("button", { name: "Save template" }));
    await screen.findByText("Template saved");
    expect(writes("PUT", `/api/admin/email-templates/${received.id}`)[0]!.body).toEqual({
      subject: received.subject,
      body: "Thank you, {{ firstName }}!",
      isActive: true,
    });
    await waitFor(() => expect(screen.queryByRole("region", { name: 'Edit "Application received"' })).toBeNull());
  });

  it("shows the server's unknown-variable message at the field", async () => {
    const message = "Unknown variable {{ nope }}. You can use: firstName.";
    replies[`PUT /api/admin/email-templates/${received.id}`] = {
      status: 400,
      body: { message, errors: [{ path: "subject", message }] },
    };
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Application received" }));
    const editor = await screen.findByRole("region", { name: 'Edit "Application received"' });
    fireEvent.click(within(editor).getByRole("button", { name: "Save template" }));
    const alert = await within(editor).findByText(message);
    expect(
      within(editor)
        .getByLabelText(/^Subject/)
        .getAttribute("aria-describedby"),
    ).toContain(alert.id);
  });

  it("resets to the default after confirmation and shows the default text", async () => {
    replies[`POST /api/admin/email-templates/${received.id}/reset`] = {
      status: 200,
      body: { ...received, subject: "Default subject", body: "Default body", isDefault: true },
    };
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Application received" }));
    const editor = await screen.findByRole("region", { name: 'Edit "Application received"' });
    fireEvent.click(within(editor).getByRole("button", { name: "Reset to default" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Reset to default?" });
    expect(writes("POST", `/api/admin/email-templates/${received.id}/reset`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole("button", { name: "Reset to default" }));
    await screen.findByText("Template reset to default");
    expect(writes("POST", `/api/admin/email-templates/${received.id}/reset`)).toHaveLength(1);
    await waitFor(() =>
      expect((within(editor).getByLabelText(/^Body/) as HTMLTextAreaElement).value).toBe("Default body"),
    );
    expect((within(editor).getByLabelText(/^Subject/) as HTMLInputElement).value).toBe("Default subject");
  });
});

describe("Marketing templates", () => {
  async function openMarketing() {
    renderPanel();
    fireEvent.mouseDown(await screen.findByRole("tab", { name: "Marketing templates" }), { button: 0 });
    return screen.findByRole("table", { name: "Marketing templates" });
  }

  it("lists name, category, use count and status", async () => {
    const table = await openMarketing();
    const row = within(table).getByRole("row", { name: /Monthly newsletter/ });
    expect(row.textContent).toContain("Newsletter");
    expect(row.textContent).toContain("3 campaigns");
    expect(row.textContent).toContain("Active");
  });

  it("creates a template with exactly the template fields, previewed as marketing", async () => {
    await openMarketing();
    fireEvent.click(screen.getByRole("button", { name: "New template" }));
    const editor = await screen.findByRole("region", { name: "New marketing template" });
    fireEvent.change(within(editor).getByLabelText(/^Name/), { target: { value: "Reminder" } });
    fireEvent.change(within(editor).getByLabelText("Category"), { target: { value: "reminder" } });
    fireEvent.change(within(editor).getByLabelText(/^Subject/), { target: { value: "Don't forget" } });
    const content = within(editor).getByLabelText(/^Content/) as HTMLTextAreaElement;
    fireEvent.change(content, { target: { value: "Hi " } });
    fireEvent.focus(content);
    content.setSelectionRange(3, 3);
    fireEvent.click(within(editor).getByRole("button", { name: "Insert {{ firstName }}" }));
    await waitFor(() =>
      expect(previews().at(-1)?.body).toEqual({
        kind: "marketing",
        subject: "Don't forget",
        body: "Hi {{ firstName }}",
      }),
    );

    fireEvent.click(within(editor).getByRole("button", { name: "Save template" }));
    await screen.findByText("Template saved");
    const post = writes("POST", "/api/admin/email-marketing-templates")[0]!;
    expect(Object.keys(post.body as object).sort()).toEqual(Object.keys(marketingTemplateInputSchema.shape).sort());
    expect(post.body).toEqual({
      name: "Reminder",
      description: "",
      category: "reminder",
      subject: "Don't forget",
      content: "Hi {{ firstName }}",
      isActive: true,
    });
  });

  it("deletes after confirmation", async () => {
    const table = await openMarketing();
    fireEvent.click(within(table).getByRole("button", { name: "Delete Monthly newsletter" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete template?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await screen.findByText("Template deleted");
    expect(writes("DELETE", `/api/admin/email-marketing-templates/${newsletter.id}`)).toHaveLength(1);
  });
});

describe("A season's own product emails", () => {
  const seasonId = "3f0e0d0c-0b0a-4909-8807-060504030201";
  const seasonCopy: TransactionalTemplate = {
    ...received,
    id: "4f0e0d0c-0b0a-4909-8807-060504030201",
    subject: "Thanks for applying to the 2027 retreat",
    retreatId: seasonId,
  };

  it("shows the season's copies and the shared defaults it falls back on, and edits the season's copy", async () => {
    seasons = [{ id: seasonId, name: "Bali Retreat 2027", isCurrent: true }];
    replies[`GET /api/admin/email-templates?retreatId=${seasonId}`] = {
      status: 200,
      body: { items: [seasonCopy, welcome] },
    };
    renderPanel();
    expect(await screen.findByRole("button", { name: "Bali Retreat 2027", pressed: true })).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Product emails" });
    const [copy, shared] = within(list).getAllByRole("listitem");
    expect(within(copy!).getByText("This season's copy")).toBeTruthy();
    expect(within(shared!).getByText("Shared default")).toBeTruthy();

    fireEvent.click(within(copy!).getByRole("switch", { name: "Active (Application received)" }));
    await screen.findByText("Template saved");
    expect(writes("PUT", `/api/admin/email-templates/${seasonCopy.id}`)[0]!.body).toMatchObject({
      subject: seasonCopy.subject,
      isActive: false,
    });
    expect(writes("PUT", `/api/admin/email-templates/${received.id}`)).toEqual([]);

    // The shared defaults stay editable.
    fireEvent.click(screen.getByRole("button", { name: "Shared defaults" }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "GET" && c.url === "/api/admin/email-templates")).toBe(true),
    );
    const defaults = await screen.findByRole("list", { name: "Product emails" });
    await waitFor(() => expect(within(defaults).queryByText("This season's copy")).toBeNull());
    expect(within(defaults).queryByText("Shared default")).toBeNull();
    expect(within(defaults).getByRole("button", { name: "Edit Application received" })).toBeTruthy();
  });
});
