import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { systemTemplateKeys } from "../../shared/schemas/email-templates";
import { emailTemplates } from "../db/schema";
import { createTestApp, type TestApp } from "../test/test-app";
import { validateEmailTemplate } from "./markdown-email";
import {
  ensureSystemTemplates,
  renderDefaultSystemEmail,
  renderSystemEmail,
  type SystemTemplateData,
  systemTemplatePreviewData,
  systemTemplates,
  systemTemplateVariableNames,
} from "./system-templates";

const render = (key: (typeof systemTemplateKeys)[number], data: Record<string, unknown>) =>
  renderDefaultSystemEmail(key, data as never);

describe("system template defaults", () => {
  it.each(systemTemplateKeys)(
    "%s renders with its sample data: subject, heading, text part, no markup leaks",
    async (key) => {
      const email = await render(key, systemTemplatePreviewData(key));
      expect(email.subject.length).toBeGreaterThan(0);
      expect(email.subject).not.toMatch(/[<{]/);
      expect(email.html).toMatch(/<h1 style="[^"]*">[^<]+<\/h1>/);
      expect(email.html).not.toMatch(/\{\{|\{%/);
      expect(email.text.length).toBeGreaterThan(100);
      expect(email.text).not.toMatch(/<[a-z/]|\{\{|\{%/i);
    },
  );

  it.each(systemTemplateKeys)("%s uses only the variables it declares, so staff can save it unchanged", (key) => {
    const { subject, body } = systemTemplates[key];
    expect(() => validateEmailTemplate({ subject, body }, systemTemplateVariableNames(key))).not.toThrow();
  });

  it.each(systemTemplateKeys)("%s escapes every value in the HTML body and footer", async (key) => {
    const hostile = Object.fromEntries(
      systemTemplateVariableNames(key).map((name) => [name, `<script>alert("${name}")</script>`]),
    );
    const email = await render(key, { ...hostile, ...systemTemplates[key].previewValues });
    expect(email.html).not.toContain("<script");
    expect(email.html).toContain("&lt;script&gt;");
  });

  it("keeps each message's footer: why you receive it, and the preferences link where it had one", async () => {
    const waitlist = await render("waitlist_welcome", systemTemplatePreviewData("waitlist_welcome"));
    expect(waitlist.text).toContain("You're receiving this because you joined the waitlist at https://example.com.");
    expect(waitlist.text).toContain("Manage your email preferences: https://example.com/email/preferences/sample");
    const declined = await render("stage_declined", systemTemplatePreviewData("stage_declined"));
    expect(declined.text).toContain(
      "You're receiving this because you applied for Bali Vegan Activism Retreat 2026 at https://example.com. Questions? Just reply to this email.",
    );
    expect(declined.text).not.toContain("Manage your email preferences");
  });

  it("types the governing preference: application messages, and the waitlist welcome as a system notice", () => {
    expect(systemTemplateKeys.filter((key) => systemTemplates[key].type === "system")).toEqual(["waitlist_welcome"]);
  });
});

describe("payment reminder default", () => {
  const data: SystemTemplateData["payment_reminder"] = {
    firstName: "Ada",
    amount: "£500.00",
    dueDate: "1 March 2026",
    description: "Deposit",
    retreatName: "Bali 2026",
    payUrl: "https://pay.example.com/x",
    preferencesUrl: "https://x.test/email/preferences/t",
    publicUrl: "https://x.test",
  };

  it("gives the amount, the due date and a pay link", async () => {
    const email = await renderDefaultSystemEmail("payment_reminder", data);
    expect(email.subject).toBe("Payment reminder: £500.00 due on 1 March 2026");
    expect(email.text).toContain("Your payment of £500.00 for Bali 2026 is due on 1 March 2026.");
    expect(email.text).toContain("Payment: Deposit");
    expect(email.text).toContain("Pay now: https://pay.example.com/x");
    expect(email.text).not.toContain("bank transfer");
    expect(email.text).toContain("Manage your email preferences: https://x.test/email/preferences/t");
  });

  it("asks for a bank transfer as agreed when there is no pay link, and leaves out an empty description", async () => {
    const email = await renderDefaultSystemEmail("payment_reminder", { ...data, payUrl: "", description: "" });
    expect(email.text).toContain("Please pay by bank transfer as agreed.");
    expect(email.text).not.toContain("Pay now");
    expect(email.text).not.toContain("Payment:");
  });
});

describe("acceptance default", () => {
  const data: SystemTemplateData["stage_accepted"] = {
    firstName: "Ada",
    retreatName: "Bali 2026",
    publicUrl: "https://x.test",
    payUrl: "https://x.test/api/pay/token",
  };

  it("links the deposit's online payment when there is a pay link", async () => {
    const email = await renderDefaultSystemEmail("stage_accepted", data);
    expect(email.text).toContain("Pay your deposit: https://x.test/api/pay/token");
    expect(email.text).not.toContain("We'll follow up shortly");
  });

  it("promises the payment details later without one", async () => {
    const email = await renderDefaultSystemEmail("stage_accepted", { ...data, payUrl: "" });
    expect(email.text).toContain("We'll follow up shortly with the payment details for your deposit");
    expect(email.text).not.toContain("Pay your deposit");
  });
});

describe("renderSystemEmail", () => {
  let t: TestApp;
  const data: SystemTemplateData["stage_accepted"] = {
    firstName: "Ada",
    retreatName: "Bali 2026",
    publicUrl: "https://x.test",
    payUrl: "",
  };
  const row = async () =>
    (await t.app.db.select().from(emailTemplates).where(eq(emailTemplates.name, "stage_accepted")))[0];
  const edit = (values: Partial<typeof emailTemplates.$inferInsert>) =>
    t.app.db.update(emailTemplates).set(values).where(eq(emailTemplates.name, "stage_accepted"));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.app.db.delete(emailTemplates);
    await ensureSystemTemplates(t.app.db);
  });

  it("ensureSystemTemplates adds every message once with its default text and keeps edits", async () => {
    await edit({ subject: "Edited" });
    await t.app.db.delete(emailTemplates).where(eq(emailTemplates.name, "payment_reminder"));
    await ensureSystemTemplates(t.app.db);
    await ensureSystemTemplates(t.app.db);
    const rows = await t.app.db.select().from(emailTemplates);
    expect(rows.map((r) => r.name).sort()).toEqual([...systemTemplateKeys].sort());
    expect((await row())!.subject).toBe("Edited");
    const reminder = rows.find((r) => r.name === "payment_reminder")!;
    expect(reminder).toMatchObject({
      subject: systemTemplates.payment_reminder.subject,
      body: systemTemplates.payment_reminder.body,
      type: "application",
      isActive: true,
      variables: systemTemplateVariableNames("payment_reminder"),
    });
  });

  it("sends the default without a row, the edited text with one, and nothing when switched off", async () => {
    await t.app.db.delete(emailTemplates).where(eq(emailTemplates.name, "stage_accepted"));
    expect((await renderSystemEmail(t.app.db, "stage_accepted", data))!.subject).toBe("You're accepted: Bali 2026");

    await ensureSystemTemplates(t.app.db);
    await edit({ subject: "Welcome, {{ firstName }}", body: "# Big news\n\nYou're in, {{ firstName }}." });
    const edited = await renderSystemEmail(t.app.db, "stage_accepted", data);
    expect(edited!.subject).toBe("Welcome, Ada");
    expect(edited!.text).toContain("You're in, Ada.");
    // The footer is ours and stays whatever the body says.
    expect(edited!.text).toContain("You're receiving this because you applied for Bali 2026 at https://x.test.");

    // A second edit takes effect at once: compiled texts are cached by content, not by message.
    await edit({ body: "Changed again, {{ firstName }}." });
    expect((await renderSystemEmail(t.app.db, "stage_accepted", data))!.text).toContain("Changed again, Ada.");

    await edit({ isActive: false });
    expect(await renderSystemEmail(t.app.db, "stage_accepted", data)).toBeNull();
  });

  it("falls back to the default when a stored text was broken outside the app", async () => {
    await edit({ body: "Hello {{ notAVariable }} {% if %}" });
    const email = await renderSystemEmail(t.app.db, "stage_accepted", data);
    expect(email!.subject).toBe("You're accepted: Bali 2026");
    expect(email!.text).toContain("Welcome to the retreat, Ada!");
  });
});
