import { expect, test } from "@playwright/test";

test("landing page loads with the retreat from the database", { tag: "@mobile" }, async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("Bali Vegan Activism Retreat 2026").first()).toBeVisible();
});

test("unknown paths show the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/definitely-not-a-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle("404 Page Not Found");
});

test("/ADMIN matches /admin (case-insensitive routes)", async ({ page }) => {
  const upper = await page.goto("/ADMIN");
  expect(upper?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toHaveCount(0);
  const upperHeading = await page.getByRole("heading", { level: 1 }).first().textContent();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(upperHeading ?? "");
});

test("the landing page downloads no admin code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /admin|dashboard|vendor|guest/i.test(url))).toEqual([]);
});
