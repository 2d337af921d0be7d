import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations, screenshots } from "./support/page-helpers";

// The landing page as a visitor sees it (public-site.md section 2, "Landing page", and section 9).
// Runs against a prerendered build: `vite build --manifest`, the SSR build and scripts/prerender.ts.

const storageKeys = { cookie: "retreat.cookie-consent", notice: "retreat.dev-notice-acknowledged" };

const dayTitles = [
  "Soft Landing",
  "Arrival Window",
  "Explore Bali",
  "Advocacy + Action",
  "Adventure",
  "Culture & Compassion",
  "Kuta Beach + Social",
  "Adventure + Island Exploration (Nusa Penida)",
  "Reflection + Summit (Mount Batur sunrise hike)",
  "Departures",
];

/** Most tests are about something else: start with both prompts already acknowledged. */
async function acknowledgePrompts(page: Page) {
  await page.addInitScript((keys) => {
    localStorage.setItem(keys.cookie, "test");
    localStorage.setItem(keys.notice, "test");
  }, storageKeys);
}

/**
 * Waits until the page is interactive. "/" arrives server-rendered and React hydrates it (its own
 * entry, decision 022): hydrated elements carry React's fiber key. Every other path is rendered
 * from an empty root by the app (on preact/compat, decision 024), so its main is interactive as
 * soon as it exists.
 */
async function gotoLanding(page: Page, path = "/") {
  await page.goto(path);
  await page.waitForFunction((hydrated) => {
    const main = document.querySelector("main");
    return !!main && (!hydrated || Object.keys(main).some((key) => key.startsWith("__reactFiber")));
  }, path === "/");
}

/**
 * When each prompt first entered the page, in ms since navigation started, recorded in the page
 * itself: a test process on a busy machine notices hydration late, so timing from the test's side
 * would race the prompts' own timers.
 */
async function recordPromptTimes(page: Page) {
  await page.addInitScript(() => {
    const shown: Record<string, number> = {};
    (window as unknown as { promptShownAt: Record<string, number> }).promptShownAt = shown;
    new MutationObserver(() => {
      if (shown.notice === undefined && document.querySelector('[role="dialog"]')) shown.notice = performance.now();
      if (shown.banner === undefined && document.querySelector('[aria-label="Cookie notice"]')) {
        shown.banner = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

function promptShownAt(page: Page, prompt: "notice" | "banner") {
  return page.evaluate(
    (name) => (window as unknown as { promptShownAt: Record<string, number> }).promptShownAt[name],
    prompt,
  );
}

async function scrollToY(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
}

test.describe("without prompts", () => {
  test.beforeEach(async ({ page }) => acknowledgePrompts(page));

  test("the HTML of / already holds the hero heading and the FAQ, before any script", async ({ request }) => {
    const res = await request.get("/");
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h1[^>]*>Bali Vegan Activism Retreat 2026<\/h1>/);
    expect(html).toContain("over 70% of our guests come solo");
    expect(html).toContain("Flights are not included");
    expect(html).toContain("Soft Landing");
    // Prices are in the HTML too, and no inline script (the CSP would block it).
    expect(html).toContain("£1,997");
    expect(html.match(/<script(?![^>]*type="application\/json")[^>]*>/g)).toEqual([
      expect.stringContaining('type="module"'),
    ]);
  });

  test("sections come in the spec's order with their anchors", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(String(error)));
    await gotoLanding(page);

    const ids = await page
      .locator("main > * section[id], main > section[id]")
      .evaluateAll((nodes) => nodes.map((node) => node.id));
    expect(ids).toEqual([
      "hero",
      "about",
      "included",
      "schedule",
      "dates",
      "investment",
      "who-its-for",
      "how-it-works",
      "gallery",
      "apply",
      "waitlist",
      "faq",
      "team",
    ]);
    await expect(page.getByRole("heading", { name: "Your place at the table is waiting" })).toBeAttached();
    await expect(page.locator("footer")).toContainText("Terms & Conditions");
    await expect(page.locator("#about")).toContainText("Why Bali");
    await expect(page.locator("#dates")).toContainText("May 2026");
    await expect(page.locator("#dates")).toContainText("Exact dates to be announced");
    await expect(page.locator("#how-it-works li h3")).toHaveText(["Apply", "Vibe Check", "Quick Chat", "Decision"]);
    await expect(page.locator("#team h3")).toHaveCount(2);
    expect(errors).toEqual([]);
  });

  test("nav links scroll smoothly to their section, 100 px below the top", { tag: "@mobile" }, async ({
    page,
    isMobile,
  }) => {
    await gotoLanding(page);
    if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQs" }).last().click();
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById("faq")!.getBoundingClientRect().top)))
      .toBe(100);
    await expect(page).toHaveURL(/#faq$/);
  });

  test("the nav switches to its sticky style after 100 px", async ({ page }) => {
    await gotoLanding(page);
    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-sticky", "false");
    await scrollToY(page, 150);
    await expect(header).toHaveAttribute("data-sticky", "true");
    await scrollToY(page, 60);
    await expect(header).toHaveAttribute("data-sticky", "false");
  });

  test("the schedule lists the ten days and keeps one open at a time", { tag: "@mobile" }, async ({ page }) => {
    await gotoLanding(page);
    await page.locator("#schedule").scrollIntoViewIfNeeded();
    const accordion = page.locator("#schedule [data-enhanced='true']");
    await expect(accordion).toBeVisible();
    const triggers = accordion.getByRole("button");
    await expect(triggers).toHaveCount(10);
    for (const [index, title] of dayTitles.entries()) {
      await expect(triggers.nth(index)).toHaveText(`Day ${index + 1}${title}`);
    }

    await triggers.nth(0).click();
    await expect(triggers.nth(0)).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("Early arrivals settle into the villa")).toBeVisible();
    await triggers.nth(7).click();
    await expect(triggers.nth(7)).toHaveAttribute("aria-expanded", "true");
    await expect(triggers.nth(0)).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText("Early arrivals settle into the villa")).toBeHidden();
    await expect(accordion.locator("[aria-expanded='true']")).toHaveCount(1);
    // Collapsible: the open day closes again.
    await triggers.nth(7).click();
    await expect(accordion.locator("[aria-expanded='true']")).toHaveCount(0);
  });

  test("prices come from /api/current-retreat", async ({ page, request }) => {
    const retreat = (await (await request.get("/api/current-retreat")).json()) as {
      bookingTypes: { name: string; basePrice: string; depositAmount: string; isAddon: boolean; currency: string }[];
    };
    const money = (amount: string, currency: string) =>
      new Intl.NumberFormat("en-GB", {
        style: "currency",
        currency,
        minimumFractionDigits: amount.endsWith(".00") ? 0 : 2,
        maximumFractionDigits: amount.endsWith(".00") ? 0 : 2,
      }).format(Number(amount));
    const rates = retreat.bookingTypes.filter((type) => !type.isAddon);
    const addons = retreat.bookingTypes.filter((type) => type.isAddon);
    expect(rates.length).toBeGreaterThan(0);

    await gotoLanding(page);
    const section = page.locator("#investment");
    await expect(section.getByTestId("rate-price")).toHaveText(rates.map((t) => money(t.basePrice, t.currency)));
    await expect(section.getByTestId("addon-price")).toHaveText(
      addons.map((t) => `+${money(t.basePrice, t.currency)}`),
    );
    // The spec's figures, as the seed stores them.
    await expect(section.getByTestId("rate-price")).toHaveText(["£1,997", "£1,897"]);
    await expect(section).toContainText("£200 per day");
    await expect(section).toContainText("£190 per day");
    await expect(section).toContainText(`${money(rates[0].depositAmount, "GBP")} deposit`);
    await expect(section).toContainText("6 months and 3 months before departure");
    await expect(section).toContainText("Sponsor-an-animal certificate");
  });

  // Hover tooltips are a pointer feature: desktop only (no @mobile tag).
  test("VIP items have tooltips after 700 ms", async ({ page }) => {
    await gotoLanding(page);
    await page.locator("#investment").scrollIntoViewIfNeeded();
    const trigger = page.locator("#investment button", { hasText: "60-minute 1:1 strategy session" });
    await expect(trigger).toBeVisible();
    await page.waitForTimeout(300);
    await trigger.hover();
    const tooltip = page.getByRole("tooltip");
    await page.waitForTimeout(400);
    await expect(tooltip).toHaveCount(0);
    await expect(tooltip).toContainText("Worth £350.");
  });

  test("privacy and terms modals open from the footer and close with Escape or the backdrop", {
    tag: "@mobile",
  }, async ({ page }) => {
    await gotoLanding(page);
    await page.getByRole("button", { name: "Privacy Policy" }).last().click();
    const dialog = page.getByRole("dialog", { name: "Privacy Policy" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("passport number");
    await expect(dialog).toContainText("How long we keep it");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Terms & Conditions" }).click();
    const terms = page.getByRole("dialog", { name: "Terms & Conditions" });
    await expect(terms).toBeVisible();
    await expect(terms).toContainText("full refund minus a £200 admin fee");
    await page.keyboard.press("Escape");
    await expect(terms).toBeHidden();

    await page.getByRole("button", { name: "Terms & Conditions" }).click();
    await expect(terms).toBeVisible();
    // Click the backdrop once the dialog has finished opening, as a person would: a click landing
    // in the same instant as the open can come before the dialog listens for outside clicks.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    // Only finite animations: the page has decorative ones that loop for ever.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    );
    await page.mouse.click(5, 5);
    await expect(terms).toBeHidden();
  });

  test("other code opens the privacy modal with openLegalModal('privacy')", async ({ page }) => {
    await gotoLanding(page);
    // The listener is registered in an effect right after hydration: retry until it answers.
    const dialog = page.getByRole("dialog", { name: "Privacy Policy" });
    await expect
      .poll(async () => {
        await page.evaluate(() =>
          window.dispatchEvent(new CustomEvent("retreat:open-legal-modal", { detail: "privacy" })),
        );
        return dialog.count();
      })
      .toBe(1);
    await expect(dialog).toBeVisible();
  });

  test("back-to-top appears after 800 px and returns to the top", { tag: "@mobile" }, async ({ page }) => {
    await gotoLanding(page);
    const button = page.getByRole("button", { name: "Back to top" });
    await scrollToY(page, 700);
    await expect(button).toHaveCount(0);
    await scrollToY(page, 1200);
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toHaveCount(0);
  });

  test("pictures have sizes and alt text; all but the hero load lazily", async ({ page, request }) => {
    await gotoLanding(page);
    const images = await page.locator("main img").evaluateAll((nodes) =>
      (nodes as HTMLImageElement[]).map((img) => ({
        src: img.getAttribute("src"),
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        alt: img.getAttribute("alt"),
        loading: img.getAttribute("loading"),
      })),
    );
    expect(images.length).toBeGreaterThanOrEqual(15);
    for (const image of images) {
      expect(Number(image.width)).toBeGreaterThan(0);
      expect(Number(image.height)).toBeGreaterThan(0);
      expect(image.alt?.length).toBeGreaterThan(5);
    }
    expect(images[0].loading).toBe("eager");
    expect(images.slice(1).every((image) => image.loading === "lazy")).toBe(true);
    await expect(page.locator("#gallery img[loading='lazy']")).toHaveCount(12);
    const sources = await page
      .locator("main source")
      .evaluateAll((nodes) =>
        nodes.flatMap((node) => (node.getAttribute("srcset") ?? "").split(", ").map((entry) => entry.split(" ")[0])),
      );
    for (const src of new Set([...sources, ...images.map((image) => image.src ?? "")])) {
      expect((await request.get(src)).status(), src).toBe(200);
    }
  });

  test("the landing page reached by client-side navigation renders every section", async ({ page }) => {
    await gotoLanding(page, "/no-such-page");
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bali Vegan Activism Retreat 2026" })).toBeVisible();
    await expect(page.locator("#faq")).toContainText("over 70% of our guests come solo");
    await expect(page.locator("#gallery img")).toHaveCount(12);
  });

  test("axe finds no serious or critical violations", { tag: "@mobile" }, async ({ page }) => {
    await gotoLanding(page);
    // Scroll through so deferred parts (tooltips, accordion) are in their final form.
    for (let y = 0; y < 16_000; y += 800) await scrollToY(page, y);
    // The schedule island loads when scrolled into view; a loaded CI machine can take a while.
    await expect(page.locator("#schedule [data-enhanced='true']")).toBeVisible({ timeout: 15_000 });
    // The page has decorative animations that loop for ever: judge it without waiting for them.
    await expectNoSeriousAxeViolations(page, { settle: false });
  });
});

/** What has keyboard focus: its id, else its tag and text; "BODY" when focus fell to the page. */
function focusedDescription(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return "BODY";
    return active.id || `${active.tagName}:${(active.textContent ?? "").trim().slice(0, 60)}`;
  });
}

/**
 * Holds back the chunk whose file name matches until `release()` is called: the visitor gets
 * somewhere before the code does, which a fast local server otherwise never shows.
 */
async function holdChunk(page: Page, pattern: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

// Keyboard journeys: desktop only, like every test without the @mobile tag (playwright.config.ts).
test.describe("keyboard", () => {
  test.beforeEach(async ({ page }) => acknowledgePrompts(page));

  test("Tab from the top goes through every control of both forms in order, and focus never drops", async ({
    page,
  }) => {
    // A few hundred key presses, each followed by a look at the focused element.
    test.setTimeout(120_000);
    await gotoLanding(page);
    await page.locator("body").focus();
    const visited: string[] = [];
    for (let i = 0; i < 400; i++) {
      await page.keyboard.press("Tab");
      const focused = await focusedDescription(page);
      visited.push(focused);
      if (focused === "BUTTON:Terms & Conditions") break;
    }
    expect(visited.at(-1), "the walk ends at the footer's last button").toBe("BUTTON:Terms & Conditions");
    expect(visited.filter((entry) => entry === "BODY")).toEqual([]);
    // Every control of both forms, in page order (a radio group is one Tab stop), none skipped.
    const expected = [
      "apply-type-individual",
      "apply-fullName",
      "apply-email",
      "apply-phone",
      "apply-location",
      "apply-socialLinks",
      "apply-whyJoin",
      "apply-advocacyExperience",
      "apply-room-shared",
      "apply-wantsVipUpgrade",
      "apply-dietaryNotes",
      "apply-additionalInfo",
      "BUTTON:Submit Application",
      "BUTTON:Privacy Policy",
      "waitlist-name",
      "waitlist-email",
      "BUTTON:Join Waitlist",
    ];
    const first = visited.indexOf(expected[0]!);
    expect(first, "the application form is in the tab order").toBeGreaterThan(0);
    expect(visited.slice(first, first + expected.length)).toEqual(expected);
    expect(
      visited.some((entry) => entry.endsWith("-website")),
      "the honeypots never take focus",
    ).toBe(false);
  });

  test("a form whose code is still loading holds the focus and hands it to the form", async ({ page }) => {
    test.setTimeout(90_000);
    const release = await holdChunk(page, /\/assets\/application-section-[\w-]+\.js$/);
    await gotoLanding(page);
    await page.locator("body").focus();
    let reached = false;
    for (let i = 0; i < 300 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = (await focusedDescription(page)) === "apply-heading";
    }
    expect(reached, "Tab stops on the application placeholder instead of skipping it").toBe(true);
    await expect(page.locator("#apply")).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.locator("#apply-fullName")).toBeVisible({ timeout: 20_000 });
    await expect(page.locator("#apply-heading")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.locator("#apply-type-individual")).toBeFocused();
  });

  test("the schedule keeps keyboard focus on the same day when it is enhanced", async ({ page }) => {
    test.setTimeout(60_000);
    const release = await holdChunk(page, /\/assets\/schedule-accordion-[\w-]+\.js$/);
    await gotoLanding(page);
    await page.locator("body").focus();
    let day = "";
    for (let i = 0; i < 100 && !day; i++) {
      await page.keyboard.press("Tab");
      const focused = await focusedDescription(page);
      if (focused.startsWith("SUMMARY:")) day = focused.slice("SUMMARY:".length);
    }
    expect(day).toMatch(/^Day 1\s*Soft Landing/);
    // Open it the keyboard way while the list is still the plain one.
    await page.keyboard.press("Enter");
    release();
    const accordion = page.locator("#schedule [data-enhanced='true']");
    await expect(accordion).toBeVisible();
    const trigger = accordion.getByRole("button").nth(0);
    await expect(trigger).toHaveText(/^Day 1\s*Soft Landing/);
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(accordion.getByRole("button").nth(1)).toBeFocused();
  });

  test("closing the privacy or terms modal gives focus back to the button that opened it", async ({ page }) => {
    test.setTimeout(60_000);
    await gotoLanding(page);
    for (const name of ["Privacy Policy", "Terms & Conditions"]) {
      const opener = page.locator("footer").getByRole("button", { name });
      await opener.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name });
      // The dialogs are a chunk of their own, fetched on first use.
      await expect(dialog).toBeVisible({ timeout: 15_000 });
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }
    // Also from a form: the waitlist's Privacy Policy button.
    // Reaching the section puts the form in place of its placeholder (a new element, which detached
    // the one a scroll action held): scroll there, then wait for the form itself.
    await page.evaluate(() => document.getElementById("waitlist")?.scrollIntoView());
    await expect(page.locator("#waitlist form")).toBeVisible({ timeout: 15_000 });
    const fromForm = page.locator("#waitlist").getByRole("button", { name: "Privacy Policy" });
    await fromForm.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Privacy Policy" })).toBeVisible();
    await page.getByRole("dialog", { name: "Privacy Policy" }).getByRole("button", { name: "Close" }).press("Enter");
    await expect(page.getByRole("dialog", { name: "Privacy Policy" })).toBeHidden();
    await expect(fromForm).toBeFocused();
  });
});

test.describe("mobile menu", () => {
  test.beforeEach(async ({ page }) => acknowledgePrompts(page));

  test("collapses into a toggle below the large breakpoint", { tag: "@mobile" }, async ({ page, isMobile }) => {
    await gotoLanding(page);
    const toggle = page.getByRole("button", { name: "Open menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    if (!isMobile) {
      await expect(toggle).toBeHidden();
      await expect(nav.getByRole("link", { name: "Schedule" })).toBeVisible();
      return;
    }
    await expect(nav.getByRole("link", { name: "Schedule" })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    const menuLink = page.locator("header").getByRole("link", { name: "Schedule" }).last();
    await expect(menuLink).toBeVisible();
    await menuLink.click();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById("schedule")!.getBoundingClientRect().top)))
      .toBe(100);
  });
});

test.describe("prompts", () => {
  test("the cookie banner appears after 2 s and Accept is remembered after reload", async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, "test"), storageKeys.notice);
    await recordPromptTimes(page);
    await gotoLanding(page);
    const banner = page.getByRole("region", { name: "Cookie notice" });
    await expect(banner).toBeVisible({ timeout: 5000 });
    expect(await promptShownAt(page, "banner")).toBeGreaterThanOrEqual(2000);
    await banner.getByRole("button", { name: "Accept" }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.cookie)).not.toBeNull();

    await page.reload();
    await page.waitForTimeout(3000);
    await expect(banner).toHaveCount(0);
  });

  test("the development notice appears after 1 s and closing it is remembered", async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, "test"), storageKeys.cookie);
    await recordPromptTimes(page);
    await gotoLanding(page);
    const notice = page.getByRole("dialog", { name: "Early development notice" });
    await expect(notice).toBeVisible({ timeout: 5000 });
    expect(await promptShownAt(page, "notice")).toBeGreaterThanOrEqual(1000);
    // It takes the focus (a keyboard or screen-reader visitor is told about it), so Escape works.
    await expect(notice).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(notice.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(notice).toHaveCount(0);

    await page.reload();
    await page.waitForTimeout(2000);
    await expect(notice).toHaveCount(0);
  });

  test("the development notice and the cookie banner are never on screen together", {
    tag: "@mobile",
  }, async ({ page }) => {
    const shots = screenshots("prompts", { fullPage: false });
    await gotoLanding(page);
    const notice = page.getByRole("dialog", { name: "Early development notice" });
    const banner = page.getByRole("region", { name: "Cookie notice" });
    // Past both delays (1 s and 2 s), sampling what is on screen.
    for (let elapsed = 0; elapsed < 4000; elapsed += 200) {
      const [noticeShown, bannerShown] = await Promise.all([notice.isVisible(), banner.isVisible()]);
      expect(noticeShown && bannerShown, `both prompts at ${elapsed} ms`).toBe(false);
      await page.waitForTimeout(200);
    }
    await expect(notice).toBeVisible();
    await expect(banner).toHaveCount(0);
    await shots(page, "notice");
    await notice.getByRole("button", { name: "Continue to the site" }).click();
    await expect(notice).toHaveCount(0);
    await expect(banner).toBeVisible();
    await shots(page, "cookie-banner");
  });

  test("the notice's waitlist button stores the acknowledgement and scrolls to the waitlist", {
    tag: "@mobile",
  }, async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, "test"), storageKeys.cookie);
    await gotoLanding(page);
    const notice = page.getByRole("dialog", { name: "Early development notice" });
    await expect(notice).toBeVisible({ timeout: 5000 });
    await notice.getByRole("button", { name: "Join the Waitlist" }).click();
    await expect(notice).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById("waitlist")!.getBoundingClientRect().top)))
      .toBe(100);
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.notice)).not.toBeNull();
  });
});
