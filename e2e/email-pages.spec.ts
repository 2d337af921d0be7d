import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import PostalMime from "postal-mime";
import { type SmtpSink, startSmtpSink } from "../src/server/test/smtp-sink";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { expectNoSeriousAxeViolations } from "./support/page-helpers";

/**
 * The tokenised email pages. The full journey uses a real token from a real email: this spec
 * starts its own app server whose SMTP_URL points at an SMTP server run here (the shared
 * webServer sends no mail), joins the waitlist, reads the welcome email and follows its link.
 */

const unknownToken = () => randomBytes(32).toString("hex");

test.describe("links that do not work", () => {
  test("a malformed token shows Invalid Link on all three pages", { tag: "@mobile" }, async ({ page }) => {
    await page.goto("/email/unsubscribe/not-a-token");
    await expect(page.getByRole("heading", { level: 1, name: "Invalid Link" })).toBeVisible();
    await expect(page.getByText("This unsubscribe link is invalid or expired.")).toBeVisible();
    await expectNoSeriousAxeViolations(page, { settle: false });

    await page.goto("/email/resubscribe/not-a-token");
    await expect(page.getByText("This resubscribe link is invalid or expired.")).toBeVisible();

    await page.goto("/email/preferences/not-a-token");
    await expect(page.getByRole("heading", { level: 1, name: "Invalid Link" })).toBeVisible();
  });

  test("no token at all: each page answers 200 with its Invalid Link text, not the 404 page", async ({ page }) => {
    const pages = [
      ["unsubscribe", "This unsubscribe link is invalid or expired."],
      ["resubscribe", "This resubscribe link is invalid or expired."],
      ["preferences", "This email preferences link is invalid or expired."],
    ] as const;
    for (const [name, text] of pages) {
      for (const path of [`/email/${name}`, `/email/${name}/`]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole("heading", { level: 1, name: "Invalid Link" })).toBeVisible();
        await expect(page.getByText(text)).toBeVisible();
        await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toHaveCount(0);
      }
    }
  });

  test("an unknown token cannot load, and unsubscribing with it fails with a toast", async ({ page }) => {
    await page.goto(`/email/preferences/${unknownToken()}`);
    await expect(page.getByRole("heading", { name: "Unable to Load Preferences" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, { settle: false });

    await page.goto(`/email/resubscribe/${unknownToken()}`);
    await expect(page.getByRole("heading", { name: "Unable to Load" })).toBeVisible();
    await expect(
      page.getByText(
        "This resubscribe link may be invalid or expired. Please contact support if you continue to have issues.",
      ),
    ).toBeVisible();

    await page.goto(`/email/unsubscribe/${unknownToken()}`);
    await page.getByRole("button", { name: "Confirm Unsubscribe" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Unsubscribe Failed" });
    await expect(alert).toContainText("Failed to process your unsubscribe request. Please try again.");
    await expect(page.getByRole("button", { name: "Confirm Unsubscribe" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("@");
  });
});

test.describe("with a real token from a real email", () => {
  test.describe.configure({ mode: "serial" });

  let smtp: SmtpSink | undefined;
  let server: OwnServer | undefined;
  let base: string;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const sink = await startSmtpSink();
    smtp = sink;
    server = await startOwnServer({
      name: "email",
      users: [],
      env: (url) => ({ PUBLIC_URL: url, SMTP_URL: sink.url }),
    });
    base = server.baseUrl;
  });

  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  let preferencesUrl = "";
  let token = "";

  test("joining the waitlist sends an email with a working preferences link", async ({ request }) => {
    const email = `ada-${Date.now()}@example.com`;
    const res = await request.post(`${base}/api/waitlist`, { data: { name: "Ada Lovelace", email } });
    expect(res.status()).toBe(200);

    const deadline = Date.now() + 25_000;
    let html = "";
    while (!html && Date.now() < deadline) {
      for (const { raw } of smtp?.received ?? []) {
        const mail = await PostalMime.parse(raw);
        if (mail.to?.some((to) => to.address === email)) html = mail.html ?? "";
      }
      if (!html) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const link = html.match(/href="([^"]*\/email\/preferences\/([A-Za-z0-9_-]+))"/);
    expect(link, "the welcome email links to the preferences page").not.toBeNull();
    preferencesUrl = link![1]!;
    token = link![2]!;
    expect(preferencesUrl.startsWith(base)).toBe(true);
  });

  test("preferences: shows and saves the three switches", async ({ page }) => {
    await page.goto(preferencesUrl);
    await expect(page.getByRole("heading", { level: 1, name: "Email Preferences" })).toBeVisible();
    const marketing = page.getByRole("switch", { name: "Marketing & Newsletter" });
    await expect(page.getByRole("switch")).toHaveCount(3);
    const before = await marketing.getAttribute("aria-checked");
    await marketing.click();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Preferences Updated" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, { settle: false });

    await page.reload();
    await expect(page.getByRole("switch", { name: "Marketing & Newsletter" })).toHaveAttribute(
      "aria-checked",
      before === "true" ? "false" : "true",
    );
    // Back on for the next step.
    if (before === "true") {
      await page.getByRole("switch", { name: "Marketing & Newsletter" }).click();
      await page.getByRole("button", { name: "Save Preferences" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Preferences Updated" })).toBeVisible();
    }
  });

  test("unsubscribe from one type: the others keep coming", async ({ page }) => {
    await page.goto(`${base}/email/unsubscribe/${token}`);
    await expect(page.getByRole("radio", { name: /All Emails/ })).toBeChecked();
    await expectNoSeriousAxeViolations(page, { settle: false });
    await page.getByRole("radio", { name: /Marketing & Newsletter Emails Only/ }).click();
    await page.getByLabel("Tell us why (optional)").fill("  Too many newsletters  ");
    const requestPromise = page.waitForRequest((r) => r.url().includes("/api/email/unsubscribe/"));
    await page.getByRole("button", { name: "Confirm Unsubscribe" }).click();
    expect((await requestPromise).postDataJSON()).toEqual({ emailType: "marketing", reason: "Too many newsletters" });

    await expect(page.getByRole("heading", { name: "Successfully Unsubscribed" })).toBeVisible();
    await expect(page.getByText("You have been unsubscribed from marketing emails.")).toBeVisible();
    await expect(page.getByText(/still receive other types of emails/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Resubscribe to Emails" })).toHaveCount(0);
    await expect(
      page.getByRole("status").filter({ hasText: "You have been unsubscribed from the selected email types." }),
    ).toContainText("Unsubscribed Successfully");

    await page.getByRole("link", { name: "Manage Email Preferences" }).click();
    await expect(page).toHaveURL(`${base}/email/preferences/${token}`);
    await expect(page.getByRole("switch", { name: "Marketing & Newsletter" })).toHaveAttribute("aria-checked", "false");
    await expect(page.getByRole("switch", { name: "Application & Retreat Updates" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
  });

  test("unsubscribe from all, then resubscribe with chosen categories", async ({ page }) => {
    await page.goto(`${base}/email/unsubscribe/${token}`);
    await page.getByRole("button", { name: "Confirm Unsubscribe" }).click();
    await expect(page.getByText("You have been unsubscribed from all emails.")).toBeVisible();
    await expect(page.getByText(/still receive other types of emails/)).toHaveCount(0);

    await page.goto(`${base}/email/preferences/${token}`);
    await expect(page.getByRole("heading", { name: "You're Unsubscribed" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, { settle: false });

    await page.getByRole("link", { name: "Resubscribe to Emails" }).click();
    await expect(page).toHaveURL(`${base}/email/resubscribe/${token}`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Ada!" })).toBeVisible();
    const switches = page.getByRole("switch");
    await expect(switches).toHaveCount(3);
    for (const control of await switches.all()) await expect(control).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", `/email/unsubscribe/${token}`);
    await expectNoSeriousAxeViolations(page, { settle: false });

    await page.getByRole("switch", { name: "Marketing & Newsletter" }).click();
    await page.getByRole("button", { name: "Resubscribe to Emails" }).click();
    await expect(page.getByRole("heading", { name: "Welcome Back!" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Welcome Back!" })).toContainText(
      "You have been successfully resubscribed to our emails.",
    );

    await page.getByRole("link", { name: "Manage Email Preferences" }).click();
    await expect(page.getByRole("switch", { name: "Marketing & Newsletter" })).toHaveAttribute("aria-checked", "false");
    await expect(page.getByRole("switch", { name: "Security & Account Updates" })).toHaveAttribute(
      "aria-checked",
      "true",
    );

    await page.goto(`${base}/email/resubscribe/${token}`);
    await expect(page.getByRole("heading", { name: "You're Already Subscribed!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Manage Your Preferences" })).toHaveAttribute(
      "href",
      `/email/preferences/${token}`,
    );
  });
});
