/**
 * Interviews, as staff and an applicant would use them: staff schedule an interview for an
 * application, reschedule it, complete it with a rating (moving the application on) and see the
 * rating in the application's detail; then staff set their availability and email a booking
 * link, the applicant opens it without an account, picks a free time on their own clock and
 * books it, and staff see the booked interview. Own server on its own data directory, owner made
 * through the service behind `user:create`; the booking link is read from the email a real SMTP
 * server started here received (the outbox only shows that a link was sent, never a working one).
 */
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { parseMessage, type SmtpSink, startSmtpSink } from "../src/server/test/smtp-sink";
import { formatDayHeading } from "../src/shared/schemas/schedule";
import { type OwnServer, startOwnServer } from "./support/own-server";
import { api as apiAt, expectNoSeriousAxeViolations, screenshots, signIn as signInAs } from "./support/page-helpers";

const owner = { email: "ines.owner@example.com", password: "e2e owner passphrase", firstName: "Ines" };
const shot = screenshots("interviews", { prefix: "e2e-" });

let server: OwnServer | undefined;
let sink: SmtpSink;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  sink = await startSmtpSink();
  server = await startOwnServer({
    name: "interviews",
    users: [{ ...owner, role: "owner", lastName: "Owner" }],
    portEnvVar: "E2E_INTERVIEWS_PORT",
    env: (url) => ({ PUBLIC_URL: url, SMTP_URL: sink.url }),
  });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const signIn = (page: Page) => signInAs(page, baseUrl, owner, "/admin/dashboard");

async function openInterviews(page: Page) {
  await page.goto(`${baseUrl}/admin/dashboard?tab=interviews`);
  await expect(page.getByRole("heading", { name: "Interviews", exact: true })).toBeVisible();
  await expect(page.getByText("Loading interviews…")).toHaveCount(0);
}

const api = <T>(page: Page, method: "GET" | "POST", path: string, data?: unknown) =>
  apiAt<T>(page, baseUrl, method, path, data);

async function createApplication(page: Page, firstName: string, lastName: string) {
  return api<{ id: string; email: string }>(page, "POST", "/api/admin/applications", {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@example.com`,
    motivations: "I want to learn how to be a more effective advocate for animals everywhere.",
    advocacyInvolvement: "Weekly street outreach in Bristol.",
  });
}

/**
 * A toast, found by its text: while a modal dialog is open, Radix hides everything outside it
 * (the toaster too) from the accessibility tree, so a role query would not find it.
 */
function toast(page: Page, text: string): Locator {
  return page.locator("[data-toaster]").getByText(text);
}

/** A toast over a dialog's footer (phones) must not be clicked: wait it out with the pointer away. */
async function waitToastOut(page: Page, text: string) {
  await page.mouse.move(1, 1);
  await expect(toast(page, text)).toBeHidden({ timeout: 8000 });
}

const entry = (page: Page, name: string) => page.getByRole("listitem", { name, exact: true });

/** YYYY-MM-DD, `days` from today (UTC), moved on to a weekday. */
function weekdayAhead(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

async function pickApplication(dialog: Locator, name: string) {
  await dialog.getByLabel("Find by name or email").fill(name.split(" ")[0]!);
  await dialog.getByRole("radio", { name: new RegExp(name) }).check();
}

test("staff schedule, reschedule and complete an interview; the rating shows on the application", {
  tag: "@mobile",
}, async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const ada = await createApplication(page, "Ada", "Lovelace");
  await createApplication(page, "Cleo", "Clash");
  await openInterviews(page);
  await expect(page.getByText("No upcoming interviews. Schedule one or send a booking link.")).toBeVisible();
  await expect(page.getByTestId("success-rate")).toHaveText("0%");
  await expectNoSeriousAxeViolations(page);

  const day = weekdayAhead(10);
  await page.getByRole("button", { name: "Schedule interview", exact: true }).click();
  let dialog = page.getByRole("dialog", { name: "Schedule interview" });
  await dialog.getByRole("button", { name: "Schedule interview", exact: true }).click();
  await expect(dialog.getByText("Choose an application.")).toBeVisible();
  await expect(dialog.getByText("Choose a date.")).toBeVisible();
  await expect(dialog.getByLabel("Interviewer")).toHaveValue(/.+/);
  await expect(dialog.getByLabel("Interviewer").locator("option:checked")).toHaveText("Ines Owner (me)");
  await expect(dialog.getByLabel(/Duration/)).toHaveValue("30");
  await expectNoSeriousAxeViolations(page);
  await shot(page, "schedule-dialog");
  await pickApplication(dialog, "Ada Lovelace");
  await dialog.getByLabel(/^Date/).fill(day);
  await dialog.getByLabel(/^Time/).fill("10:00");
  await dialog.getByRole("button", { name: "Schedule interview", exact: true }).click();
  await expect(toast(page, "Interview Scheduled")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(entry(page, "Ada Lovelace")).toContainText(`${formatDayHeading(day)}, 10:00–10:30 London time`);
  await expect(page.getByRole("button", { name: "Upcoming (1)" })).toHaveAttribute("aria-pressed", "true");

  // The same interviewer at the same time: the server refuses, the dialog says why.
  await page.getByRole("button", { name: "Schedule interview", exact: true }).click();
  dialog = page.getByRole("dialog", { name: "Schedule interview" });
  await pickApplication(dialog, "Cleo Clash");
  await dialog.getByLabel(/^Date/).fill(day);
  await dialog.getByLabel(/^Time/).fill("10:15");
  await dialog.getByRole("button", { name: "Schedule interview", exact: true }).click();
  await expect(dialog.getByText("The interviewer already has an interview at that time.")).toBeVisible();
  await expect(toast(page, "Failed to schedule interview")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Reschedule: both inputs are needed before anything is sent.
  const later = weekdayAhead(12);
  await entry(page, "Ada Lovelace").getByRole("button", { name: "Reschedule interview with Ada Lovelace" }).click();
  dialog = page.getByRole("dialog", { name: "Reschedule interview" });
  await expectNoSeriousAxeViolations(page);
  await dialog.getByLabel(/^New date/).fill(later);
  await dialog.getByRole("button", { name: "Reschedule", exact: true }).click();
  await expect(toast(page, "Please select both date and time")).toBeVisible();
  await waitToastOut(page, "Please select both date and time");
  await dialog.getByLabel(/^New time/).fill("11:30");
  await dialog.getByRole("button", { name: "Reschedule", exact: true }).click();
  await expect(toast(page, "Interview Rescheduled")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(entry(page, "Ada Lovelace")).toContainText(`${formatDayHeading(later)}, 11:30–12:00 London time`);

  // Complete with a rating, moving the application to Accepted.
  await entry(page, "Ada Lovelace").getByRole("button", { name: "Complete interview with Ada Lovelace" }).click();
  dialog = page.getByRole("dialog", { name: "Complete interview" });
  await expect(dialog.getByLabel("Outcome", { exact: true })).toHaveValue("pending");
  await expect(dialog.getByLabel("Rating (1 to 5)")).toHaveValue("5");
  await expectNoSeriousAxeViolations(page);
  await dialog.getByLabel("Outcome", { exact: true }).selectOption("accepted");
  await dialog.getByLabel("Rating (1 to 5)").selectOption("4");
  await dialog.getByLabel("Feedback").fill("Clear, kind and ready to help run outreach.");
  await dialog.getByLabel("Also move the application to the outcome's stage").check();
  await shot(page, "complete-dialog");
  await dialog.getByRole("button", { name: "Complete interview", exact: true }).click();
  await expect(toast(page, "Interview Completed")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("No upcoming interviews. Schedule one or send a booking link.")).toBeVisible();

  await page.getByRole("button", { name: "Completed (1)" }).click();
  const done = entry(page, "Ada Lovelace");
  await expect(done).toContainText("Rating 4/5");
  await expect(done).toContainText("Outcome: Accepted");
  await expect(done.getByRole("button")).toHaveCount(0);
  await expect(page.getByTestId("success-rate")).toHaveText("100%");
  await expect(page.getByText("Accepted outcomes out of 1 completed interview.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shot(page, "interviews-completed");

  const stage = await api<{ stage: string }>(page, "GET", `/api/admin/applications/${ada.id}`);
  expect(stage.stage).toBe("accepted");

  // The application's detail shows the interview with its rating.
  await page.getByRole("tab", { name: "Applications" }).click();
  await page.getByRole("button", { name: "View details for Ada Lovelace" }).filter({ visible: true }).click();
  const detail = page.getByRole("dialog", { name: "Ada Lovelace" });
  const interviews = detail.getByRole("list", { name: "Interviews" });
  await expect(interviews).toContainText("4/5");
  await expect(interviews).toContainText("Clear, kind and ready to help run outreach.");
});

/** A second, separate browser session (no staff cookie) with the same viewport, in New York. */
async function applicantPage(browser: Browser, like: Page): Promise<Page> {
  const viewport = like.viewportSize() ?? { width: 1440, height: 900 };
  const context = await browser.newContext({
    viewport,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
    timezoneId: "America/New_York",
  });
  return context.newPage();
}

test("staff email a booking link; the applicant books a free time; staff see it", { tag: "@mobile" }, async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  await createApplication(page, "Bea", "Booker");
  await openInterviews(page);

  // My availability: one weekly window (always at least one Monday in a link's 14 days), and a block.
  await page.getByRole("button", { name: "My availability" }).click();
  let dialog = page.getByRole("dialog", { name: "My availability" });
  await expect(dialog.getByText("No windows yet.")).toBeVisible();
  await dialog.getByRole("button", { name: "Add window" }).click();
  await expect(dialog.getByLabel("Day, window 1")).toHaveValue("1");
  await dialog.getByLabel("From, window 1").fill("09:00");
  await dialog.getByLabel("To, window 1").fill("12:00");
  await dialog.getByRole("button", { name: "Save windows" }).click();
  await expect(toast(page, "Availability saved")).toBeVisible();
  const blockForm = dialog.getByRole("form", { name: "Block time" });
  const blockDay = weekdayAhead(30);
  await blockForm.getByLabel(/^From date/).fill(blockDay);
  await blockForm.getByLabel(/^From time/).fill("12:00");
  await blockForm.getByLabel(/^To date/).fill(blockDay);
  await blockForm.getByLabel(/^To time/).fill("13:00");
  await blockForm.getByLabel("Reason (optional)").fill("Team lunch");
  await blockForm.getByLabel("Repeat").selectOption("weekly");
  await blockForm.getByRole("button", { name: "Block time" }).click();
  await expect(toast(page, "Time blocked")).toBeVisible();
  const blocks = dialog.getByRole("list", { name: "Blocked times" });
  await expect(blocks).toContainText(
    `${formatDayHeading(blockDay)}, 12:00 to ${formatDayHeading(blockDay)}, 13:00, every week`,
  );
  await expect(blocks).toContainText("Team lunch");
  await expectNoSeriousAxeViolations(page);
  await shot(page, "availability-dialog");
  await blocks.getByRole("button", { name: /^Remove block/ }).click();
  await expect(toast(page, "Block removed")).toBeVisible();
  await expect(dialog.getByText("No blocked times.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Send the link.
  await page.getByRole("button", { name: "Send booking link", exact: true }).click();
  dialog = page.getByRole("dialog", { name: "Send booking link" });
  await expect(dialog.getByLabel("Interviewer").locator("option:checked")).toHaveText("Ines Owner (me)");
  await pickApplication(dialog, "Bea Booker");
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole("button", { name: "Send booking link", exact: true }).click();
  await expect(toast(page, "The booking link was emailed to bea@example.com.")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The link, as the applicant's email has it; the outbox shows staff only where it went.
  const outbox = await api<{ items: { id: string; kind: string | null }[] }>(
    page,
    "GET",
    "/api/admin/email-logs?search=bea%40example.com",
  );
  const message = outbox.items.find((m) => m.kind === "interview_booking_link");
  expect(message, "booking link email in the outbox").toBeTruthy();
  const stored = await api<{ text: string | null }>(page, "GET", `/api/admin/email-logs/${message!.id}`);
  expect(stored.text).toMatch(/\/interview\/book\/hidden-link-[0-9a-f]{32}/);
  const receivedLink = async () => {
    const received = await Promise.all(sink.to("bea@example.com").map(parseMessage));
    return received.map((mail) => /\/interview\/book\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")).find(Boolean);
  };
  await expect.poll(async () => Boolean(await receivedLink()), { timeout: 30_000 }).toBe(true);
  const link = await receivedLink();
  expect(stored.text).not.toContain(link![1]);
  const bookingPath = link![0];

  const applicant = await applicantPage(browser, page);
  await applicant.goto(`${baseUrl}${bookingPath}`);
  await expect(applicant.getByRole("heading", { name: "Hi Bea" })).toBeVisible();
  await expect(applicant.getByText("Choose a time for your 30-minute video interview with Ines Owner.")).toBeVisible();
  await expect(applicant.getByText(/^America\/New_York/)).toBeVisible();
  await expectNoSeriousAxeViolations(applicant);
  await shot(applicant, "booking-page");
  // Monday 09:00-12:00 London is 04:00-07:00 in New York.
  const first = applicant.getByRole("radio").first();
  await expect(first).toHaveAccessibleName(/^Monday \d+ \w+ \d{4}, 0[4-6]:[03]0$/);
  const chosen = (await first.getAttribute("value"))!;

  // Keyboard only: focus the first time, choose it, then Tab to the confirm button.
  await first.focus();
  await applicant.keyboard.press("Space");
  await expect(first).toBeChecked();
  await expect(applicant.getByText(/^Your choice:/)).toContainText(/Monday/);
  await applicant.getByRole("button", { name: "Confirm booking" }).focus();
  await applicant.keyboard.press("Enter");
  await expect(applicant.getByRole("heading", { name: "Your interview is booked" })).toBeVisible();
  await expect(applicant.getByRole("heading", { name: "Your interview is booked" })).toBeFocused();
  await expect(applicant.getByTestId("booked-time")).toContainText(/^Monday/);
  await expect(applicant.getByRole("link", { name: /Open the video call/ })).toHaveAttribute("href", /^https:\/\//);
  await expectNoSeriousAxeViolations(applicant);
  await shot(applicant, "booking-confirmed");

  // The link now shows the booking; staff see the interview at the chosen time.
  await applicant.reload();
  await expect(applicant.getByRole("heading", { name: "Your interview is already booked" })).toBeVisible();
  await applicant.goto(`${baseUrl}/interview/book/${"x".repeat(43)}`);
  await expect(applicant.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  await applicant.context().close();

  await page.reload();
  await expect(page.getByRole("heading", { name: "Interviews", exact: true })).toBeVisible();
  const booked = entry(page, "Bea Booker");
  await expect(booked).toBeVisible();
  const london = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(chosen));
  await expect(booked).toContainText(`${london}–`);
  await expect(booked.getByRole("link", { name: /Join interview with Bea Booker/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shot(page, "interviews-upcoming");
});
