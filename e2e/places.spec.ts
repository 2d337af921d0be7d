/**
 * Places: on a full retreat, staff cancel a booking in the Payments tab and see the refund the
 * cancellation policy gives; the place goes to the first person on the waitlist, whose email
 * (received by a real SMTP server started here) links to the offer page, where they accept;
 * staff then see the place taken again and the new payment plan. Own server on its own data
 * directory (PGlite allows one process per directory), staff user made through the same service as `user:create`.
 */
import { expect, type Page, test } from "@playwright/test";
import { parseMessage, type SmtpSink, startSmtpSink } from "../src/server/test/smtp-sink";
import { type OwnServer, startOwnServer } from "./support/own-server";
import {
  api as apiAt,
  expectNoSeriousAxeViolations as expectNoSeriousAxe,
  screenshots,
  signIn as signInAs,
  toast,
} from "./support/page-helpers";
import { startOpenRetreatIn } from "./support/retreat-dates";

const staff = { email: "sam.staff@example.com", password: "e2e staff passphrase", firstName: "Sam" };
const capacity = 15;

let server: OwnServer | undefined;
let sink: SmtpSink;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  sink = await startSmtpSink();
  server = await startOwnServer({
    name: "places",
    users: [{ ...staff, role: "staff" }],
    // The retreat starts in 60 days (the back office has no dates editor yet): a cancellation
    // today falls under "30 to 90 days: half".
    prepare: ({ database }) => startOpenRetreatIn(database, 60),
    portEnvVar: "E2E_PLACES_PORT",
    env: (url) => ({ PUBLIC_URL: url, SMTP_URL: sink.url }),
  });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const signIn = (page: Page) => signInAs(page, baseUrl, staff, "/admin/dashboard");

const expectNoSeriousAxeViolations = (page: Page, include?: string) => expectNoSeriousAxe(page, { include });

/** The part of the screen under test (the whole dashboard is too tall to look at). */
const shot = screenshots("places");

const api = <T>(page: Page, method: "GET" | "POST" | "PATCH" | "PUT", path: string, data?: unknown) =>
  apiAt<T>(page, baseUrl, method, path, data);

/** An application made by staff and moved to a stage (accepted creates its payment plan). */
async function application(page: Page, firstName: string, lastName: string, email: string, stage: string) {
  const created = await api<{ id: string }>(page, "POST", "/api/admin/applications", {
    firstName,
    lastName,
    email,
    motivations: "I want to learn how to be a more effective advocate for animals everywhere.",
    advocacyInvolvement: "Weekly street outreach in Bristol.",
  });
  await api(page, "PATCH", `/api/admin/applications/${created.id}`, { stage });
  return created.id;
}

test(
  "a cancelled booking's place goes to the waitlist, whose applicant accepts it from the email",
  { tag: "@mobile" },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    const mobile = testInfo.project.name === "mobile";
    await signIn(page);

    // A full retreat: Cara (who has paid her deposit) and 14 others; Wanda waits.
    const cara = await application(page, "Cara", "Cancel", "cara@example.com", "accepted");
    for (let i = 1; i < capacity; i += 1) {
      await application(page, `Guest${i}`, "Booked", `guest${i}@example.com`, "accepted");
    }
    const wandaEmail = "wanda@example.com";
    await application(page, "Wanda", "Waiting", wandaEmail, "waitlist");
    const [caraPlan] = await api<{ payments: { id: string; type: string }[] }[]>(
      page,
      "GET",
      `/api/admin/payment-plans?applicationId=${cara}`,
    );
    const deposit = caraPlan!.payments.find((p) => p.type === "deposit")!;
    await api(page, "PUT", `/api/admin/payments/${deposit.id}/status`, {
      status: "completed",
      paymentMethod: "bank_transfer",
    });

    await page.goto(`${baseUrl}/admin/dashboard?tab=payments`);
    const panel = page.getByRole("region", { name: "Places and waitlist offers" });
    await expect(panel.getByTestId("capacity-label")).toHaveText("15 of 15 places taken");
    await expect(panel.getByText("Nobody holds an offer right now.")).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Staff cancel Cara's booking and see the refund: half of the £500 paid, 60 days before.
    await page.getByRole("button", { name: "Cancel Cara Cancel's booking" }).locator("visible=true").click();
    const dialog = page.getByRole("dialog", { name: "Cancel Cara Cancel's booking" });
    await expect(dialog.getByTestId("refund-amount")).toHaveText("£250");
    await expect(dialog).toContainText("30 to 90 days before: half of what was paid (60 days before the retreat)");
    await dialog.getByLabel(/Reason/).fill("Family emergency");
    await expectNoSeriousAxeViolations(page);
    await shot(page, "cancel-dialog", dialog);
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await expect(toast(page, "Booking cancelled")).toContainText(
      "Refund of £250 recorded as pending. The place has been offered to the waitlist.",
    );
    await expect(dialog).toBeHidden();

    // The place is held by Wanda's offer.
    await expect(panel.getByTestId("capacity-label")).toHaveText("14 of 15 places taken");
    await expect(panel).toContainText("1 held by open offers, 0 free");
    const offers = panel.getByRole("table", { name: "Open place offers" });
    await expect(offers.getByRole("row").filter({ hasText: "Wanda Waiting" })).toBeVisible();
    await shot(page, "offers-panel", panel);

    // Wanda's email links to the offer page.
    await expect.poll(() => sink.to(wandaEmail).length, { timeout: 30_000 }).toBe(1);
    const mail = await parseMessage(sink.to(wandaEmail)[0]!);
    expect(mail.subject).toContain("A place has opened up");
    const link = new RegExp(`${baseUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/place-offer/[A-Za-z0-9_-]+`).exec(
      mail.text ?? "",
    )?.[0];
    expect(link, mail.text).toBeTruthy();

    const applicant = await browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile: mobile });
    const offerPage = await applicant.newPage();
    await offerPage.goto(link!);
    await expect(offerPage.getByRole("heading", { name: "Good news, Wanda" })).toBeVisible();
    await expect(offerPage.getByTestId("offer-expiry")).toContainText("This offer is open until");
    await expect(offerPage.getByText("Deposit", { exact: false }).first()).toBeVisible();
    await expectNoSeriousAxeViolations(offerPage);
    // Nothing runs off the side on a phone.
    expect(await offerPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(offerPage, "offer-page");
    // Keyboard: the accept button is reachable and pressed with Enter.
    const accept = offerPage.getByRole("button", { name: "Accept my place" });
    await accept.focus();
    await offerPage.keyboard.press("Enter");
    await expect(offerPage.getByRole("heading", { name: "Your place is confirmed" })).toBeFocused();
    await expectNoSeriousAxeViolations(offerPage);
    await applicant.close();

    // Staff see the place taken and Wanda's new plan.
    await page.reload();
    await expect(panel.getByTestId("capacity-label")).toHaveText("15 of 15 places taken");
    await expect(panel.getByText("Nobody holds an offer right now.")).toBeVisible();
    await panel.getByText("Earlier offers (1)").click();
    await expect(panel).toContainText("Accepted");
    const plans = await api<{ applicantName: string; status: string; totalAmount: string }[]>(
      page,
      "GET",
      "/api/admin/payment-plans?status=active",
    );
    expect(plans.find((p) => p.applicantName === "Wanda Waiting")).toMatchObject({
      status: "active",
      totalAmount: "1997.00",
    });
    await expect(
      page.getByRole("button", { name: "Cancel Wanda Waiting's booking" }).locator("visible=true"),
    ).toBeVisible();
    await shot(page, "after-accept", panel);
  },
);
