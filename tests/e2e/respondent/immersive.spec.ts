/**
 * Immersive mode: one question at a time, driven by the keyboard alone
 * (Enter, Shift+Enter, ↑, letters, digits); every question type stored as
 * answered with the URL's hidden value; a reload resumes the partial response
 * where the respondent left off; 360 px and 1280 px screenshots.
 */
import { expect, test, type Page } from "@playwright/test";
import type { Api } from "./fixtures";
import { everyTypeAnswers, everyTypeForm } from "./fixtures";
import { collectPageErrors, expectNoHorizontalScroll, finishedResponses, openForm, ownerApi, publishForm, screenshot, waitForFillTime } from "./helpers";

test.use({ locale: "en-US", timezoneId: "UTC" });

const EXPECTED = everyTypeAnswers(10);

let api: Api;
test.beforeAll(() => {
  api = ownerApi();
});

/** The question on screen (only the current step is visible). */
const current = (page: Page) => page.locator(".fl-step:not([hidden])");

async function expectStep(page: Page, title: string) {
  await expect(current(page)).toContainText(title);
}

test("every question type, keyboard only, one at a time, stored with the URL's hidden value", async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const form = await publishForm(api, everyTypeForm("immersive"));
  const openedAt = await openForm(page, form.slug, "?ref=newsletter");
  const k = page.keyboard;

  await expect(page.getByRole("heading", { name: "Every question (immersive)" })).toBeVisible();
  await expect(page.getByText("What is your name?")).toBeHidden(); // one step at a time
  await screenshot(page, "respondent-immersive-welcome-1280");
  const progress = page.getByRole("progressbar");
  await expect(progress).toHaveAttribute("aria-valuenow", "0");

  await k.press("Enter"); // Start
  await expect(page.getByLabel("What is your name?")).toBeFocused();
  // A smooth transition between steps (none with prefers-reduced-motion: see the phone test).
  expect(await current(page).evaluate((el) => getComputedStyle(el).animationName)).toBe("fl-in-up");
  await k.type(EXPECTED.name);
  await k.press("Enter");
  await expect(page.getByLabel("Tell us a little about yourself")).toBeFocused();
  await k.type("Mathematician.");
  await k.press("Shift+Enter"); // a new line, not "next"
  await k.type("First programmer.");
  await k.press("Enter");
  await expect(page.getByLabel("Your email address")).toBeFocused();
  await k.type(EXPECTED.email);
  await k.press("Enter");
  await expect(page.getByLabel("How old are you?")).toBeFocused();
  await k.type("36");
  await k.press("Enter");
  await k.type(EXPECTED.site);
  await k.press("Enter");
  await expect(page.getByLabel("Your phone number")).toBeFocused();
  await k.type(EXPECTED.phone);
  await k.press("Enter");

  await expectStep(page, "Favourite colour");
  expect(Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
  await k.press("ArrowUp"); // back one question
  await expect(page.getByLabel("Your phone number")).toBeFocused();
  await k.press("Enter");
  await expectStep(page, "Favourite colour");
  await k.press("b"); // letters pick a choice; a single pick moves on by itself
  await expectStep(page, "Which fruits do you like?");
  await k.press("a");
  await k.press("c");
  await expect(page.getByRole("checkbox", { name: "Apple" })).toBeChecked();
  await k.press("Enter");
  await expect(page.getByLabel("Where do you live?")).toBeFocused();
  await k.press("ArrowDown");
  await k.press("ArrowDown");
  await k.press("Enter");
  await expectStep(page, "How would you rate us?");
  await k.press("4"); // digits pick a rating
  await expectStep(page, "How easy was it?");
  await k.press("1");
  await k.press("0"); // "1" then "0" quickly: 10
  await expectStep(page, "How likely are you to recommend us?");
  await k.press("9");
  await expectStep(page, "Do you agree to the terms?");
  await k.press("y");
  await expect(page.getByLabel("When did you join?")).toBeFocused();
  await k.type("03152024");
  await k.press("Enter");
  await expectStep(page, "Almost done!");

  await waitForFillTime(page, openedAt);
  await k.press("Enter"); // the last step submits
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await expect(page.getByText("We got your answers. Have a lovely day!")).toBeVisible();

  const stored = await finishedResponses(api, form.id);
  expect(stored).toHaveLength(1); // the partial response was finished, not duplicated
  expect(stored[0].answers).toEqual(EXPECTED);
  expect(stored[0].metadata).toEqual({ ref: "newsletter" });
  expect(pageErrors).toEqual([]);
});

test("a required question stops Enter with its message", async ({ page }) => {
  const form = await publishForm(api, everyTypeForm("immersive", { description: undefined }));
  await openForm(page, form.slug);
  await page.keyboard.press("Enter"); // no welcome step: the first question takes Enter
  const error = page.locator('[id$="-name-err"]');
  await expect(error).toHaveText("This question is required");
  await expectStep(page, "What is your name?");
  await page.getByLabel("What is your name?").pressSequentially("Ada");
  await expect(error).toHaveText("");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter"); // bio is optional
  await page.keyboard.type("ada@");
  await page.keyboard.press("Enter");
  await expect(page.locator('[id$="-email-err"]')).toHaveText("Enter a valid email address");
  await expect(page.getByLabel("Your email address")).toHaveAttribute("aria-invalid", "true");
});

test("a reload resumes the partial response where the respondent left off", async ({ page }) => {
  const form = await publishForm(api, everyTypeForm("immersive"));
  const openedAt = await openForm(page, form.slug, "?ref=ads");
  const k = page.keyboard;
  await k.press("Enter");
  await k.type("Grace Hopper");
  // The first answer starts a partial response...
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith(`/api/public/forms/${form.slug}/responses`)),
    k.press("Enter"),
  ]);
  expect(created.status()).toBe(201);
  const { response } = await created.json();
  expect(response.finished).toBe(false);
  await k.press("Enter"); // skip the optional bio
  await k.type("grace@example.org");
  // ...later answers update it.
  const [updated] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith(`/responses/${response.id}`)),
    k.press("Enter"),
  ]);
  expect(updated.status()).toBe(200);
  const partial = await api("GET", `/api/forms/${form.id}/responses/${response.id}`);
  expect(partial.body.response).toMatchObject({ finished: false, answers: { name: "Grace Hopper", email: "grace@example.org" }, metadata: { ref: "ads" } });

  await page.reload();
  // The minimum fill time still runs from the first visit: finishing soon after the reload is kept.
  await expect(page.getByLabel("How old are you?")).toBeFocused(); // the next question after the last answer
  await expect(page.getByLabel("What is your name?")).toHaveValue("Grace Hopper");
  await expect(page.getByLabel("Your email address")).toHaveValue("grace@example.org");

  await k.type("85");
  await k.press("Enter");
  await k.press("Enter"); // site
  await k.press("Enter"); // phone
  await expectStep(page, "Favourite colour");
  await k.press("1"); // digits pick a choice too
  await expectStep(page, "Which fruits do you like?");
  for (const title of ["Where do you live?", "How would you rate us?", "How easy was it?", "How likely are you", "Do you agree", "When did you join?", "Almost done!"]) {
    await k.press("Enter");
    await expectStep(page, title);
  }
  await waitForFillTime(page, openedAt);
  await k.press("Enter");
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();

  const stored = await finishedResponses(api, form.id);
  expect(stored).toHaveLength(1);
  expect(stored[0].id).toBe(response.id);
  expect(stored[0].answers).toEqual({ name: "Grace Hopper", email: "grace@example.org", age: 85, color: "Red" });
  expect(stored[0].metadata).toEqual({ ref: "ads" });
});

test("fits a 360 px phone, and honours prefers-reduced-motion", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  const form = await publishForm(api, everyTypeForm("immersive"));
  await openForm(page, form.slug);
  await expectNoHorizontalScroll(page);
  await screenshot(page, "respondent-immersive-welcome-360");
  await page.getByRole("button", { name: "Start" }).click();
  expect(await current(page).evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  await page.getByLabel("What is your name?").fill("Ada");
  await page.getByRole("button", { name: "OK" }).locator("visible=true").click();
  await page.getByRole("button", { name: "OK" }).locator("visible=true").click(); // bio
  await page.getByLabel("Your email address").fill("ada@example.org");
  await expectNoHorizontalScroll(page);
  await screenshot(page, "respondent-immersive-question-360");
  for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "OK" }).locator("visible=true").click(); // email, age, site, phone
  await page.getByText("Blue", { exact: true }).click(); // a tap on a single choice moves on
  await expectStep(page, "Which fruits do you like?");
  for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "OK" }).locator("visible=true").click(); // fruits, country, stars, effort
  await expectStep(page, "How likely are you to recommend us?");
  await expectNoHorizontalScroll(page);
  await screenshot(page, "respondent-immersive-nps-360");
});
