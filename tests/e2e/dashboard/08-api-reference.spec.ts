/**
 * The dashboard's API reference: reached from the navigation, rendered by
 * Redoc in the browser from /api/openapi.json, under the dashboard's CSP
 * (nonced scripts and styles, no 'unsafe-eval', no 'unsafe-inline' styles)
 * with no violation.
 */
import { expect, test } from "@playwright/test";
import { watchCsp } from "../csp";
import { dashboardUrl } from "./owner";
import { signInOncePerFile } from "./session";

signInOncePerFile("08");

test("the API reference renders the documented endpoints with no CSP violation", async ({ page }) => {
  const violations = watchCsp(page);
  await page.goto(`${dashboardUrl()}/forms`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/api-reference$/);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  // An operation as the document describes it: its summary as a heading, its method and path.
  const operation = page.getByRole("heading", { name: "Duplicate a form" });
  await expect(operation).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("/api/forms/{id}/duplicate").first()).toBeAttached();
  // Redoc's own styles applied (a nonced <style> it injected), not an unstyled page.
  const styled = await page.evaluate(() => [...document.querySelectorAll("style")].some((s) => s.hasAttribute("data-styled") || s.hasAttribute("data-styled-version")));
  expect(styled).toBe(true);
  // The page's own scripts still run (the navigation is hydrated): going back to the forms works.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Forms" }).click();
  await expect(page).toHaveURL(/\/forms$/);
  expect(violations).toEqual([]);
});
