/**
 * Running the retreat: staff build the schedule and the room board, invite an accepted applicant
 * to the guest portal, and the guest sees their sessions, room and calendar feed. Own server on
 * its own data directory (PGlite allows one process per directory), owner made through the same service as `user:create`.
 */
import { expect, type Page, test } from "@playwright/test";
import { type OwnServer, startOwnServer } from "./support/own-server";
import {
  api as apiAt,
  expectNoSeriousAxeViolations as expectNoSeriousAxe,
  screenshots,
  signIn as signInAs,
  signInThroughForm,
} from "./support/page-helpers";

const ownerEmail = "olive.owner@example.com";
const ownerPassword = "e2e passphrase for the owner";
const guestPassword = "e2e passphrase for the guest";
const guestEmail = "gia.guest@example.com";
const shot = screenshots("schedule");

let server: OwnServer | undefined;
let baseUrl = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    name: "schedule",
    users: [{ email: ownerEmail, password: ownerPassword, role: "owner", firstName: "Olive" }],
  });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page, email: string, password: string) =>
  signInAs(page, baseUrl, { email, password }, "/admin/dashboard");

const expectNoSeriousAxeViolations = (page: Page) => expectNoSeriousAxe(page, { settle: false });

const api = <T>(page: Page, method: "GET" | "POST" | "PATCH", path: string, data?: unknown) =>
  apiAt<T>(page, baseUrl, method, path, data);

async function addSession(
  page: Page,
  s: { title: string; date: string; start: string; end: string; location: string },
) {
  await page.getByRole("button", { name: "Add session" }).click();
  const form = page.getByRole("form", { name: "Create session" });
  await form.getByLabel("Title").fill(s.title);
  await form.getByLabel("Date").fill(s.date);
  await form.getByLabel("Start time").fill(s.start);
  await form.getByLabel("End time").fill(s.end);
  await form.getByLabel("Location").fill(s.location);
  await page.getByRole("button", { name: "Create session" }).click();
  await expect(
    page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: "Session created" }),
  ).toBeVisible();
  await expect(form).toBeHidden();
}

test("staff build the schedule and rooms, invite a guest, and the guest sees it all", { tag: "@mobile" }, async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ownerEmail, ownerPassword);
  await expect(page).toHaveURL(`${baseUrl}/admin/dashboard`);

  // An accepted applicant (made through the admin API; the Applications tab is another journey).
  const application = await api<{ id: string }>(page, "POST", "/api/admin/applications", {
    firstName: "Gia",
    lastName: "Guest",
    email: guestEmail,
    motivations: "I want to learn how to be a more effective advocate for animals everywhere.",
    advocacyInvolvement: "Weekly street outreach in Bristol.",
    dietaryNotes: "No peanuts, please",
  });
  for (const stage of ["screening", "interview", "accepted"]) {
    await api(page, "POST", `/api/admin/applications/${application.id}/escalate/${stage}`, { notify: false });
  }

  await page.getByRole("tab", { name: "Schedule" }).click();
  await expect(page.getByRole("heading", { name: "Sessions" })).toBeVisible();
  await addSession(page, {
    title: "Welcome circle",
    date: "2027-05-11",
    start: "16:00",
    end: "17:30",
    location: "Shala",
  });
  await addSession(page, {
    title: "Rice terraces",
    date: "2027-05-12",
    start: "08:00",
    end: "13:00",
    location: "Jatiluwih",
  });
  await expect(page.getByRole("heading", { name: "Tuesday 11 May 2027" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Wednesday 12 May 2027" })).toBeVisible();

  // Rooms: a room for two, and the guest assigned from the unassigned list.
  const addRoom = page.getByRole("form", { name: "Add room" });
  await addRoom.getByLabel("Room name").fill("Frangipani");
  await addRoom.getByLabel("Room type").fill("twin");
  await addRoom.getByRole("button", { name: "Add room" }).click();
  const board = page.getByRole("list", { name: "Room board" });
  await expect(board.getByText("Frangipani")).toBeVisible();
  await expect(board.getByText("0/2 beds used")).toBeVisible();
  const assign = page.getByLabel("Assign Gia Guest to room");
  await expect(assign.locator("option", { hasText: "Frangipani" })).toHaveCount(1);
  await assign.selectOption({ label: "Frangipani (2 free)" });
  await expect(board.getByText("1/2 beds used")).toBeVisible();
  await expect(board.getByText("Gia Guest")).toBeVisible();

  // Guest portal invitation.
  await page.getByRole("button", { name: "Invite Gia Guest to guest portal" }).click();
  await expect(page.getByText("Has portal access")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shot(page, "schedule-tab");

  // The invite emailed a set-password link; here the owner sets a known password instead.
  const guests = await api<{ guestUserId: string | null }[]>(page, "GET", "/api/admin/guests");
  const guestUserId = guests[0]!.guestUserId!;
  await api(page, "PATCH", `/api/admin/users/${guestUserId}`, { password: guestPassword });

  const guestContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const guestPage = await guestContext.newPage();
  // The invited guest's first sign-in, through the form as they would.
  await signInThroughForm(guestPage, baseUrl, { email: guestEmail, password: guestPassword }, "/admin/guest");
  await expect(guestPage.getByRole("heading", { name: "Welcome, Gia!" })).toBeVisible();
  await expect(guestPage.getByText("Frangipani (twin)")).toBeVisible();
  await expect(guestPage.getByText("No peanuts, please")).toBeVisible();
  await expect(guestPage.getByRole("link", { name: "Fill in your travel form" })).toHaveAttribute(
    "href",
    `/travel-form/${application.id}`,
  );
  const next = guestPage
    .locator("div.rounded-card")
    .filter({ has: guestPage.getByRole("heading", { name: "Next session" }) });
  await expect(next.getByText("Welcome circle")).toBeVisible();
  await expect(next.getByText("Rice terraces")).toBeVisible();
  await expect(guestPage.getByRole("heading", { name: "Tuesday 11 May 2027" })).toBeVisible();
  const feedInput = guestPage.getByLabel("Your calendar link");
  await expect(feedInput).toHaveValue(/\/api\/calendar\/[0-9a-f]{64}\.ics$/);
  const feedPath = new URL(await feedInput.inputValue()).pathname;
  const feed = await guestPage.request.get(`${baseUrl}${feedPath}`);
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  expect((await feed.text()).match(/BEGIN:VEVENT/g)).toHaveLength(2);
  await expectNoSeriousAxeViolations(guestPage);
  await shot(guestPage, "guest-portal");
  await guestContext.close();
});
