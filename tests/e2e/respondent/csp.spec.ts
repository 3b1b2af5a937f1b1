/**
 * The public form under its Content-Security-Policy, in both modes and
 * without JavaScript: it still works (hydrated, submitted, thanked) and the
 * browser reports no violation. May be framed by another site.
 */
import { expect, test } from "@playwright/test";
import { startEmbedder, watchCsp } from "../csp";
import type { Api } from "./fixtures";
import { finishedResponses, openForm, ownerApi, publicUrl, publishForm, waitForFillTime } from "./helpers";

const schema = (mode: "classic" | "immersive") => ({
  title: `Under the CSP (${mode})`,
  mode,
  questions: [
    { key: "name", type: "short-text", title: "What is your name?", required: true },
    { key: "ref", type: "hidden" },
  ],
});

let api: Api;
test.beforeAll(() => {
  api = ownerApi();
});

test("classic mode with JavaScript", async ({ page }) => {
  const violations = watchCsp(page);
  const form = await publishForm(api, schema("classic"));
  await openForm(page, form.slug, "?ref=csp"); // waits for hydration
  const openedAt = Date.now(); // the page was served before this: a full fill time from here is enough
  await page.getByLabel("What is your name?").fill("Ada");
  await waitForFillTime(page, openedAt);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: /Thank/ })).toBeVisible();
  expect((await finishedResponses(api, form.id))[0].answers).toEqual({ name: "Ada" });
  expect(violations).toEqual([]);
});

test("immersive mode with JavaScript", async ({ page }) => {
  const violations = watchCsp(page);
  const form = await publishForm(api, schema("immersive"));
  await openForm(page, form.slug);
  const openedAt = Date.now();
  await page.getByLabel("What is your name?").pressSequentially("Grace");
  await waitForFillTime(page, openedAt);
  await page.keyboard.press("Enter"); // the last step submits
  await expect(page.getByRole("heading", { name: /Thank/ })).toBeVisible();
  expect((await finishedResponses(api, form.id))[0].answers).toEqual({ name: "Grace" });
  expect(violations).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("classic mode posts the plain HTML form", async ({ page }) => {
    const violations = watchCsp(page);
    const form = await publishForm(api, schema("classic"));
    await openForm(page, form.slug, "", { interactive: false });
    const openedAt = Date.now();
    await page.getByLabel("What is your name?").fill("Linus");
    await waitForFillTime(page, openedAt);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${form.slug}/thanks$`));
    expect((await finishedResponses(api, form.id))[0].answers).toEqual({ name: "Linus" });
    expect(violations).toEqual([]);
  });

  test("immersive mode shows its questions (its <noscript> style carries the nonce)", async ({ page }) => {
    const violations = watchCsp(page);
    const form = await publishForm(api, schema("immersive"));
    await openForm(page, form.slug, "", { interactive: false });
    await expect(page.getByLabel("What is your name?")).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
    expect(violations).toEqual([]);
  });
});

test("another site may frame the public form", async ({ page }) => {
  const violations = watchCsp(page);
  const form = await publishForm(api, schema("classic"));
  const embedder = await startEmbedder([`${publicUrl()}/s/${form.slug}`]);
  try {
    await page.goto(embedder.url);
    const frame = page.frameLocator("iframe");
    await expect(frame.getByLabel("What is your name?")).toBeVisible();
    await expect(frame.locator("form.fl-r[data-ready]")).toHaveCount(1); // hydrated inside the frame
    expect(violations).toEqual([]);
  } finally {
    await embedder.close();
  }
});
