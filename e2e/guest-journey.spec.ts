/**
 * The guest journey (issue 20): accept an application in the Applications tab, see the journey
 * timeline in its detail, skip a message, submit the feedback survey from its link (a second use
 * gets a clear page, a rating of 6 a 400), publish the quote and find it on "/" with JavaScript
 * switched off. Own server on its own data directory; the retreat starts in 60 days.
 */
import { expect, type Page, test } from "@playwright/test";
import { parseMessage, type SmtpSink, startSmtpSink } from "../src/server/test/smtp-sink";
import type { EmailLogListResponse } from "../src/shared/schemas/email-outbox";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { acceptNewApplicationInTab, api as apiAt, signIn as signInAs, toast } from "./support/page-helpers";
import { startOpenRetreatIn } from "./support/retreat-dates";

const owner = { email: "jo.owner@example.com", password: "e2e owner passphrase", firstName: "Jo" };

let server: OwnServer | undefined;
let sink: SmtpSink;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  sink = await startSmtpSink();
  server = await startOwnServer({
    name: "journey",
    env: (url) => ({ PUBLIC_URL: url, SMTP_URL: sink.url }),
    users: [{ ...owner, role: "owner" }],
    prepare: ({ database }) => startOpenRetreatIn(database, 60),
    portEnvVar: "E2E_JOURNEY_PORT",
  });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const api = <T>(page: Page, method: "GET" | "POST" | "PUT", path: string, data?: unknown) =>
  apiAt<T>(page, baseUrl, method, path, data);

test("accept, timeline, skip, survey, quote on the landing page without JavaScript", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await signInAs(page, baseUrl, owner, "/admin/dashboard");
  const email = `june.journey.${testInfo.project.name}@example.com`;
  const name = "June Journey";
  const application = await acceptNewApplicationInTab(page, baseUrl, {
    firstName: "June",
    lastName: "Journey",
    email,
    advocacyInvolvement: "Weekly street outreach in Bristol.",
  });

  // The welcome goes out within seconds: the acceptance asked for a journey sweep.
  await expect
    .poll(
      async () =>
        (
          await api<EmailLogListResponse>(page, "GET", `/api/admin/email-logs?search=${encodeURIComponent(email)}`)
        ).items.filter((m) => m.kind === "journey_welcome").length,
      { timeout: 30_000, message: "the welcome email" },
    )
    .toBe(1);

  await page.getByRole("button", { name: `View details for ${name}` }).click();
  const detail = page.getByRole("dialog");
  await expect(detail.getByRole("heading", { name: "Journey timeline" })).toBeVisible();
  const timeline = detail.getByRole("list", { name: "Journey timeline" });
  await expect(timeline.getByRole("listitem").filter({ hasText: "Welcome and next steps" })).toContainText("Sent");
  const arrival = timeline.getByRole("listitem").filter({ hasText: "Arrival details" });
  await arrival.getByRole("button", { name: "Skip: Arrival details" }).click();
  await expect(toast(page, "Message skipped")).toBeVisible();
  await expect(arrival).toContainText("Skipped");
  await expect(arrival.getByRole("button", { name: "Skip: Arrival details" })).toHaveCount(0);

  // The survey link, sent now (the retreat has not ended yet), as the guest receives it: the
  // outbox's copy staff can read holds no working link (a credential, like a set-password link).
  await api(page, "POST", `/api/admin/journey/applications/${application.id}/steps/feedback/send`);
  const outbox = await api<EmailLogListResponse>(
    page,
    "GET",
    `/api/admin/email-logs?search=${encodeURIComponent(email)}`,
  );
  const feedbackMail = outbox.items.find((m) => m.kind === "journey_feedback")!;
  const detailMail = await api<{ text: string | null }>(page, "GET", `/api/admin/email-logs/${feedbackMail.id}`);
  expect(detailMail.text).toMatch(/\/feedback\/hidden-link-[0-9a-f]{32}/);
  const received = async () => {
    for (const message of sink.to(email)) {
      const mail = await parseMessage(message);
      const found = /\/feedback\/(?!hidden-link-)[A-Za-z0-9_-]{32}/.exec(mail.text ?? "");
      if (found) return found[0];
    }
    return null;
  };
  await expect.poll(received, { timeout: 30_000, message: "the survey email" }).not.toBeNull();
  const link = (await received())!;

  const guest = await browser.newContext();
  const survey = await guest.newPage();
  await survey.goto(`${baseUrl}${link}`);
  const bad = await survey.request.post(`${baseUrl}${link}`, { data: { rating: 6, comment: "Too good" } });
  expect(bad.status()).toBe(400);
  await survey.getByLabel("5", { exact: true }).check();
  await survey.getByLabel("Anything you would like to tell us").fill("The week that changed how I campaign.");
  await survey.getByLabel("You may quote me on the website with my first name").check();
  await survey.getByRole("button", { name: "Send feedback" }).click();
  await expect(survey.getByText("Thank you for your feedback!")).toBeVisible();
  await survey.goto(`${baseUrl}${link}`);
  await expect(survey.getByText("This feedback link has already been used.")).toBeVisible();
  await guest.close();

  await page.goto(`${baseUrl}/admin/dashboard?tab=journey`);
  await expect(page.getByText("1 answer, average rating 5 / 5")).toBeVisible();
  await page.getByRole("button", { name: "Publish quote" }).click();
  await expect(toast(page, "Quote published on the website")).toBeVisible();

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const landing = await noScript.newPage();
  await landing.goto(`${baseUrl}/`);
  const block = landing.locator("section", { has: landing.getByRole("heading", { name: "Testimonials" }) });
  await expect(block).toContainText("The week that changed how I campaign.");
  await expect(block).toContainText("June");
  await expect(block).not.toContainText("Journey");
  await noScript.close();
});
