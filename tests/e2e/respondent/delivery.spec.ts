/**
 * The public form off the Next.js client runtime (app/s/[slug]/route.ts and
 * the respondent bundle, components/respondent/boot.tsx): one small script
 * with the CSP nonce, a <main> landmark, axe clean on every screen, answers
 * kept on the device across a reload, and a submission made offline sent
 * once when the connection returns.
 */
import { expect, test } from "@playwright/test";
import { watchCsp } from "../csp";
import type { Api } from "./fixtures";
import { everyTypeForm } from "./fixtures";
import { collectPageErrors, expectAxeClean, finishedResponses, openForm, ownerApi, publicUrl, publishForm, waitForFillTime } from "./helpers";

let api: Api;
test.beforeAll(() => {
  api = ownerApi();
});

const small = (mode: "classic" | "immersive", title: string) => ({
  title,
  description: mode === "immersive" ? "Two quick questions." : undefined,
  mode,
  questions: [
    { key: "name", type: "short-text", title: "What is your name?", required: true },
    { key: "color", type: "single-choice", title: "Favourite colour", options: ["Red", "Green", "Blue"] },
  ],
});

test("one small script, nonced, no Next.js runtime; a <main> landmark; the bundle is cached for good", async ({ page }) => {
  const form = await publishForm(api, everyTypeForm("classic"));
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  const res = await page.goto(`${publicUrl()}/s/${form.slug}`);
  expect(res?.status()).toBe(200);
  await expect(page.locator("form.fl-r[data-ready]")).toHaveCount(1);
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^\/r\/boot-[A-Z0-9]+\.js$/);
  await expect(page).toHaveTitle("Every question (classic)");
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByRole("main").getByRole("form")).toHaveCount(1);

  const csp = res!.headers()["content-security-policy"];
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  // The nonce attribute is hidden from the DOM once applied; the HTML carries it.
  expect(await res!.text()).toContain(`nonce="${nonce}"`);
  expect(res!.headers()["x-content-type-options"]).toBe("nosniff");

  const bundle = await page.request.get(`${publicUrl()}${scripts[0]}`);
  expect(bundle.status()).toBe(200);
  expect(bundle.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(bundle.headers()["content-type"]).toContain("javascript");
  expect((await page.request.get(`${publicUrl()}/r/..%2Fmanifest.json`)).status()).toBe(404);
});

test("axe: no violations on any screen, in both modes and on the notices", async ({ page }) => {
  test.setTimeout(180_000); // a dozen axe audits: about a minute on a busy 2-core machine
  const classic = await publishForm(api, everyTypeForm("classic"));
  const openedAt = await openForm(page, classic.slug);
  await expectAxeClean(page, "classic form");
  await page.getByRole("button", { name: "Submit" }).click(); // required messages
  await expect(page.getByText(/This question is required/).first()).toBeVisible();
  await expectAxeClean(page, "classic form with errors");
  void openedAt;

  const immersive = await publishForm(api, everyTypeForm("immersive"));
  await openForm(page, immersive.slug);
  const steps = everyTypeForm("immersive").questions.filter((q) => q.type !== "hidden").length;
  await expectAxeClean(page, "immersive welcome");
  // Walk every step (not answering: the OK button moves on where no answer is required).
  for (let i = 0; i < steps; i++) {
    await page.locator(".fl-step.fl-active").getByRole("button", { name: /^(Start|OK|Continue|Submit)$/ }).click();
    await expectAxeClean(page, `immersive step ${i + 1}`);
    if (await page.getByRole("alert").filter({ hasText: /\S/ }).count()) break;
  }

  const closed = await publishForm(api, small("classic", "Closed for axe"), { endAt: "2000-01-01T00:00:00Z" });
  await page.goto(`${publicUrl()}/s/${closed.slug}`);
  await expect(page.getByRole("heading", { name: "This form is closed" })).toBeVisible();
  await expectAxeClean(page, "closed notice");
  await page.goto(`${publicUrl()}/s/no-such-form-for-axe`);
  await expectAxeClean(page, "not found notice");
});

test("the thank-you screen is axe clean too", async ({ page }) => {
  const form = await publishForm(api, small("classic", "Thanks for axe"));
  const openedAt = await openForm(page, form.slug);
  await page.getByLabel("What is your name?").fill("Ada");
  await waitForFillTime(page, openedAt);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: /Thank/ })).toBeVisible();
  await expectAxeClean(page, "thank you");
});

test("immersive: the first screen shows at once (no fade-in on arrival)", async ({ page }) => {
  const form = await publishForm(api, small("immersive", "No fade"));
  await openForm(page, form.slug);
  const first = page.locator(".fl-step.fl-active");
  expect(await first.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  expect(await first.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
});

for (const mode of ["classic", "immersive"] as const) {
  test(`${mode}: a reload mid-form keeps the answers, even when no network call got through`, async ({ page }) => {
    const errors = collectPageErrors(page);
    const form = await publishForm(api, small(mode, `Reload (${mode})`));
    // The API is unreachable the whole time: the answers can only come from the device.
    await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
    await openForm(page, form.slug);
    if (mode === "immersive") await page.keyboard.press("Enter");
    await page.getByLabel("What is your name?").pressSequentially("Grace");
    // (Immersive: picking on the last step would submit; the name alone is enough there.)
    if (mode === "classic") await page.getByText("Green", { exact: true }).click();
    await page.reload();
    await expect(page.locator("form.fl-r[data-ready]")).toHaveCount(1);
    await expect(page.getByLabel("What is your name?")).toHaveValue("Grace");
    if (mode === "classic") await expect(page.getByRole("radio", { name: "Green" })).toBeChecked();
    expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  });
}

for (const mode of ["classic", "immersive"] as const) {
  test(`${mode}: submitted offline, saved on the device, sent once when back online`, async ({ page, context }) => {
    const violations = watchCsp(page);
    const form = await publishForm(api, small(mode, `Offline (${mode})`));
    const openedAt = await openForm(page, form.slug);
    // The service worker took the page (and its files) for offline use.
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).length > 0 && (await (await caches.open("formloom-respondent-v1")).keys()).length)).toBeGreaterThanOrEqual(2);

    await context.setOffline(true);
    if (mode === "immersive") await page.keyboard.press("Enter");
    await page.getByLabel("What is your name?").pressSequentially("Hedy");
    if (mode === "immersive") await page.keyboard.press("Enter");
    await waitForFillTime(page, openedAt);
    if (mode === "classic") {
      await page.getByText("Blue", { exact: true }).click();
      await page.getByRole("button", { name: "Submit" }).click();
    } else {
      await page.keyboard.press("c"); // picks Blue; on the last step that submits
    }
    await expect(page.getByRole("alert")).toHaveText("Saved on this device — will be sent when you are back online.");
    // Still offline: nothing reached the server.
    expect(await finishedResponses(api, form.id)).toHaveLength(0);

    // The page of the form opens again without a connection (the service worker's copy).
    const offlineTab = await context.newPage();
    await offlineTab.goto(`${publicUrl()}/s/${form.slug}`);
    await expect(offlineTab.getByRole("heading", { name: `Offline (${mode})` })).toBeVisible();
    await offlineTab.close();

    await context.setOffline(false);
    await expect(page.getByRole("heading", { name: /Thank/ })).toBeVisible();
    await expect.poll(async () => (await finishedResponses(api, form.id)).length).toBe(1);
    await page.waitForTimeout(1000);
    const stored = await finishedResponses(api, form.id);
    expect(stored).toHaveLength(1);
    expect(stored[0].answers).toEqual({ name: "Hedy", color: "Blue" });
    // Nothing is left on the device for this form.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("formloom:draft:") || k.startsWith("formloom:queue:")))).toEqual([]);
    expect(violations).toEqual([]);
  });
}

test("a submission queued offline and sent after a reload shows the ending its answers reached", async ({ page, context }) => {
  const base = small("classic", "Offline ending");
  const form = await publishForm(api, {
    ...base,
    questions: [base.questions[0], { ...base.questions[1], jump: [{ if: { question: "color", op: "equals", value: "Blue" }, to: "blue_end" }] }],
    endings: [{ key: "blue_end", title: "Blue it is", message: "A fine choice." }],
  });
  const openedAt = await openForm(page, form.slug);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).length > 0 && (await (await caches.open("formloom-respondent-v1")).keys()).length)).toBeGreaterThanOrEqual(2);

  await context.setOffline(true);
  await page.getByLabel("What is your name?").pressSequentially("Hedy");
  await page.getByText("Blue", { exact: true }).click();
  await waitForFillTime(page, openedAt);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert")).toHaveText("Saved on this device — will be sent when you are back online.");

  // Reloaded while still offline (the service worker's copy): the queue is sent by the new page.
  await page.reload();
  await expect(page.getByRole("alert")).toHaveText("Saved on this device — will be sent when you are back online.");
  await context.setOffline(false);
  await expect(page.getByRole("heading", { name: "Blue it is" })).toBeVisible();
  await expect(page.locator(".fl-thanks")).toHaveAttribute("data-ending", "blue_end");
  await expect.poll(async () => (await finishedResponses(api, form.id)).length).toBe(1);
  const [stored] = await finishedResponses(api, form.id);
  expect(stored.answers).toEqual({ name: "Hedy", color: "Blue" });
  expect((stored as unknown as { ending: string | null }).ending).toBe("blue_end");
});
