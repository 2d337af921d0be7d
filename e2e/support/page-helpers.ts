import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** Signs in through the admin form; with `landing`, checks the page the role is sent to. */
export async function signInThroughForm(
  page: Page,
  baseUrl: string,
  user: { email: string; password: string },
  landing?: string,
) {
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel("Username").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (landing !== undefined) await expect(page).toHaveURL(`${baseUrl}${landing}`);
}

/**
 * Signs in for a journey about something else: the login API sets the session cookie in the
 * page's browser context, then the page opens `landing` (the role's portal). The form itself, and
 * where it sends each role, is the subject of e2e/admin-auth.spec.ts.
 */
export async function signIn(page: Page, baseUrl: string, user: { email: string; password: string }, landing: string) {
  const res = await page.request.post(`${baseUrl}/api/auth/login`, {
    data: { username: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(`${baseUrl}${landing}`);
  await expect(page).toHaveURL(`${baseUrl}${landing}`);
}

export interface AxeOptions {
  /**
   * Wait for animations to finish first (default): mid-way through a dialog's fade-in, text behind
   * the half-opaque overlay measures as low contrast; judge the settled screen the user reads.
   */
  settle?: boolean;
  /** Only this part of the screen: a selector, or a locator (marked for axe while it runs). */
  include?: string | Locator;
  disableRules?: string[];
}

export async function expectNoSeriousAxeViolations(page: Page, options: AxeOptions = {}) {
  const { settle = true, include, disableRules } = options;
  if (settle) {
    // Two frames first: a dialog's fade-in may not have started yet when it is already "visible",
    // and half-way through it the text behind the overlay measures as low contrast.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  }
  // Axe runs in the page itself, frames left out. The default mode opens a helper page per check
  // (a fifth of a journey's time on this machine) to merge results across frames, and the only
  // frames the product has are sandbox="" rendered emails, which axe cannot enter in any mode.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ iframes: false });
  if (disableRules?.length) builder = builder.disableRules(disableRules);
  const part = typeof include === "string" ? undefined : include;
  if (typeof include === "string") builder = builder.include(include);
  if (part) {
    await part.evaluate((el) => el.setAttribute("data-axe-target", ""));
    builder = builder.include("[data-axe-target]");
  }
  const results = await builder.analyze();
  if (part) await part.evaluate((el) => el.removeAttribute("data-axe-target"));
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/**
 * A screenshot helper for people reviewing the screens (they assert nothing): with SHOTS_DIR set it
 * writes `$SHOTS_DIR/<folder>/<prefix><name>-<width>.png`, the whole page by default, the viewport
 * with `fullPage: false`, or only `part` when one is given. Without SHOTS_DIR it does nothing:
 * encoding full-page PNGs was a good part of a test run's time.
 */
export function screenshots(
  folder: string,
  { prefix = "", fullPage = true }: { prefix?: string; fullPage?: boolean } = {},
) {
  return async (page: Page, name: string, part?: Locator) => {
    const root = process.env.SHOTS_DIR;
    if (!root) return;
    const dir = join(root, folder);
    mkdirSync(dir, { recursive: true });
    const width = page.viewportSize()?.width ?? 0;
    const path = join(dir, `${prefix}${name}-${width}.png`);
    await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage }));
  };
}

/** A JSON call with the page's session; anything but 2xx fails with the server's answer. */
export async function api<T>(page: Page, baseUrl: string, method: string, path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`${baseUrl}${path}`, { method, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

export function toast(page: Page, text: string): Locator {
  return page.getByRole("status").filter({ hasText: text });
}

/**
 * An application made by staff and moved to interview through the API, then accepted the way staff
 * do it: the Applications tab's "Move to accepted" button and its confirmation.
 */
export async function acceptNewApplicationInTab(
  page: Page,
  baseUrl: string,
  person: { firstName: string; lastName: string; email: string; advocacyInvolvement: string },
): Promise<{ id: string }> {
  const name = `${person.firstName} ${person.lastName}`;
  const application = await api<{ id: string }>(page, baseUrl, "POST", "/api/admin/applications", {
    ...person,
    motivations: "I want to learn how to be a more effective advocate for animals everywhere.",
  });
  for (const stage of ["screening", "interview"]) {
    await api(page, baseUrl, "POST", `/api/admin/applications/${application.id}/escalate/${stage}`, { notify: false });
  }
  await page.goto(`${baseUrl}/admin/dashboard?tab=applications`);
  await page.getByLabel("Search", { exact: true }).fill(person.email);
  await page.getByRole("button", { name: `Move ${name} to accepted` }).click();
  const move = page.getByRole("dialog", { name: `Move ${name} to accepted?` });
  await move.getByRole("button", { name: "Move to accepted" }).click();
  await expect(toast(page, "Stage Updated")).toContainText("Application moved to accepted stage successfully");
  return application;
}
