/**
 * Signs the suite's OWNER into the dashboard, from any state of its database:
 * an empty one (the first visit offers "create the owner account" at /setup),
 * or one where the owner exists (sign in at /login). Ends on /forms.
 */
import { expect, type Page } from "@playwright/test";
import { dashboardUrl, OWNER } from "./owner";

export async function signIn(page: Page): Promise<void> {
  await page.goto(dashboardUrl());
  await page.waitForURL(/\/(setup|login|forms)(\?|$)/);
  const path = new URL(page.url()).pathname;
  if (path === "/setup") {
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Create owner account" }).click();
  } else if (path === "/login") {
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await page.waitForURL(/\/forms$/);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}
