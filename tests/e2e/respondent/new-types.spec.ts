/**
 * The question types added with the type registry (matrix, ranking, consent,
 * time, opinion scale) and the choices' "Other" box, filled with the
 * keyboard alone in both modes and read back through the API; a question
 * group sharing one immersive screen; the matrix on a 360 px phone; the
 * plain HTML post of every one of them with JavaScript off.
 */
import { expect, test, type Page } from "@playwright/test";
import type { Api } from "./fixtures";
import { collectPageErrors, expectNoHorizontalScroll, finishedResponses, openForm, ownerApi, publishForm, screenshot, waitForFillTime } from "./helpers";

// en-GB: Chromium's time input shows 24 h fields, so "1430" types 14:30.
test.use({ locale: "en-GB", timezoneId: "UTC" });

const questions = (grouped: boolean) => [
  { key: "terms", type: "consent", title: "Terms", text: "I accept the terms of use.", required: true },
  { key: "grid", type: "matrix", title: "How do we do on…", rows: ["Speed", "Price"], columns: ["Bad", "OK", "Good"], required: true },
  { key: "order", type: "ranking", title: "Rank the ways to reach us", options: ["Email", "Phone", "Chat"], required: true },
  { key: "meet", type: "time", title: "Best time to call?", min: "08:00", max: "20:00" },
  { key: "likely", type: "opinion-scale", title: "How likely are you to come back?", scaleMin: 1, scaleMax: 5, minLabel: "Not at all", maxLabel: "Surely" },
  { key: "source", type: "single-choice", title: "How did you find us?", options: ["Friend", "Search"], allowOther: true, ...(grouped ? { group: "about" } : {}) },
  { key: "tools", type: "multiple-choice", title: "Which tools do you own?", options: ["Hammer", "Saw"], allowOther: true, ...(grouped ? { group: "about" } : {}) },
  { key: "city", type: "dropdown", title: "Nearest city", options: ["Paris", "Rome"], allowOther: true },
];

const EXPECTED = {
  terms: true,
  grid: { Speed: "Good", Price: "OK" },
  order: ["Chat", "Email", "Phone"],
  meet: "14:30",
  likely: 4,
  source: "Podcast",
  tools: ["Hammer", "Drill"],
  city: "Oslo",
};

let api: Api;
test.beforeAll(() => {
  api = ownerApi();
});

const tab = (page: Page) => page.keyboard.press("Tab");

/** Chromium's time input has a stop per field: Tab until focus has left it. */
async function tabOutOf(page: Page, label: string) {
  const input = page.getByLabel(label);
  for (let i = 0; i < 4 && (await input.evaluate((el) => el === document.activeElement)); i++) await tab(page);
}

/** Ranking by keyboard: Chat moves from 3rd to 1st with its Move up button; each move is announced. */
async function rankChatFirst(page: Page) {
  const chatUp = page.getByRole("button", { name: "Move Chat up" });
  await expect(chatUp).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Chat moved to position 2 of 3.")).toBeAttached();
  await expect(chatUp).toBeFocused(); // focus stays with the item
  await page.keyboard.press("Enter");
  await expect(page.getByText("Chat moved to position 1 of 3.")).toBeAttached();
  await expect(page.getByRole("button", { name: "Move Chat down" })).toBeFocused(); // at the top, its other button
  await expect(page.locator(".fl-rank-text")).toHaveText(["Chat", "Email", "Phone"]);
}

test("classic: the new types and Other, keyboard only, land in the API", async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const form = await publishForm(api, { title: "New types (classic)", mode: "classic", questions: questions(false) });
  const openedAt = await openForm(page, form.slug);
  const k = page.keyboard;

  await tab(page); // consent
  await expect(page.getByRole("checkbox", { name: "I accept the terms of use." })).toBeFocused();
  await k.press("Space");
  await tab(page); // matrix, row Speed: Bad
  const speed = page.getByRole("radiogroup", { name: "Speed" });
  await expect(speed.getByRole("radio", { name: "Bad" })).toBeFocused();
  await k.press("ArrowRight");
  await k.press("ArrowRight"); // → Good
  await tab(page); // row Price: Bad
  await k.press("ArrowRight"); // → OK
  await expect(page.getByRole("radiogroup", { name: "Price" }).getByRole("radio", { name: "OK" })).toBeChecked();
  // Ranking: Email's Move up is disabled, so Tab lands on Move Email down, Move Phone up, Move Phone down, Move Chat up.
  for (let i = 0; i < 4; i++) await tab(page);
  await rankChatFirst(page);
  for (let i = 0; i < 4; i++) await tab(page); // Move Email up, Move Email down, Move Phone up, then the time
  await expect(page.getByLabel("Best time to call?")).toBeFocused();
  await k.type("1430");
  await tabOutOf(page, "Best time to call?");
  await expect(page.getByRole("radio", { name: "1", exact: true })).toBeFocused(); // opinion scale
  for (let i = 0; i < 3; i++) await k.press("ArrowRight"); // → 4
  await tab(page); // source: Friend
  await k.press("ArrowDown");
  await k.press("ArrowDown"); // → Other: its box appears
  const sourceOther = page.getByRole("textbox", { name: "How did you find us?: other answer" });
  await expect(sourceOther).toBeVisible();
  await tab(page);
  await expect(sourceOther).toBeFocused();
  await k.type("Podcast");
  await tab(page); // tools: Hammer
  await k.press("Space");
  await tab(page); // Saw
  await tab(page); // Other
  const toolsOther = page.getByRole("textbox", { name: "Which tools do you own?: other answer" });
  await expect(toolsOther).toBeHidden();
  await k.press("Space");
  await tab(page);
  await expect(toolsOther).toBeFocused();
  await k.type("Drill");
  await tab(page); // city select
  await expect(page.locator('select[name="city"]')).toBeFocused();
  for (let i = 0; i < 3; i++) await k.press("ArrowDown"); // Paris, Rome, Other…
  await tab(page);
  await expect(page.getByRole("textbox", { name: "Nearest city: other answer" })).toBeFocused();
  await k.type("Oslo");
  await tab(page);
  await expect(page.getByRole("button", { name: "Submit" })).toBeFocused();
  await screenshot(page, "respondent-new-types-classic-1280");

  await waitForFillTime(page, openedAt);
  await k.press("Enter");
  await expect(page.getByRole("heading", { name: "Thanks for your response!" })).toBeVisible();
  const [stored] = await finishedResponses(api, form.id);
  expect(stored).toBeDefined();
  expect(stored.answers).toEqual(EXPECTED);
  expect(pageErrors).toEqual([]);
});

test("classic: a required matrix needs every row, and consent must be given", async ({ page }) => {
  const form = await publishForm(api, { title: "New types (required)", mode: "classic", questions: questions(false) });
  await openForm(page, form.slug);
  await page.getByRole("radiogroup", { name: "Speed" }).getByRole("radio", { name: "OK" }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  const errorOf = (key: string) => page.locator(`[id$="-${key}-err"]`);
  await expect(errorOf("terms")).toHaveText("This question is required");
  await expect(errorOf("grid")).not.toHaveText("");
  await expect(errorOf("order")).toHaveText("This question is required");
  await expect(page.getByRole("heading", { name: "Thanks for your response!" })).toHaveCount(0);
});

test("immersive: the new types by keyboard, with a group of two questions on one screen", async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const form = await publishForm(api, { title: "New types (immersive)", mode: "immersive", questions: questions(true) });
  const openedAt = await openForm(page, form.slug);
  const k = page.keyboard;
  const step = page.locator(".fl-step.fl-active");

  await expect(step.getByText("Terms", { exact: true })).toBeVisible();
  await k.press("y"); // Y ticks the consent
  await expect(page.getByRole("checkbox", { name: "I accept the terms of use." })).toBeChecked();
  await k.press("Enter");

  await expect(step.getByText("How do we do on…")).toBeVisible();
  await tab(page); // Speed: Bad
  await k.press("ArrowRight");
  await k.press("ArrowRight");
  await tab(page); // Price: Bad
  await k.press("ArrowRight");
  await k.press("Enter");

  await expect(step.getByText("Rank the ways to reach us")).toBeVisible();
  for (let i = 0; i < 4; i++) await tab(page);
  await rankChatFirst(page);
  await k.press("ArrowDown"); // next question (arrows move between questions outside text and radios)

  await expect(page.getByLabel("Best time to call?")).toBeFocused();
  await k.type("1430");
  await k.press("Enter");

  await expect(step.getByText("How likely are you to come back?")).toBeVisible();
  await expect(step.getByText("1: Not at all")).toBeVisible();
  await k.press("4"); // a digit picks and moves on

  // The group: both questions on one screen, no letter shortcuts there.
  await expect(step.getByText("How did you find us?")).toBeVisible();
  await expect(step.getByText("Which tools do you own?")).toBeVisible();
  await screenshot(page, "respondent-new-types-immersive-group");
  await tab(page); // Friend
  await k.press("ArrowDown");
  await k.press("ArrowDown"); // Other
  await tab(page);
  await k.type("Podcast");
  await tab(page); // Hammer
  await k.press("Space");
  await tab(page);
  await tab(page); // Other
  await k.press("Space");
  await tab(page);
  await k.type("Drill");
  await k.press("Enter");

  await expect(page.locator('select[name="city"]')).toBeFocused();
  for (let i = 0; i < 3; i++) await k.press("ArrowDown");
  await tab(page);
  await k.type("Oslo");
  await waitForFillTime(page, openedAt);
  await k.press("Enter");
  await expect(page.getByRole("heading", { name: "Thanks for your response!" })).toBeVisible();

  const [stored] = await finishedResponses(api, form.id);
  expect(stored).toBeDefined();
  expect(stored.answers).toEqual(EXPECTED);
  expect(pageErrors).toEqual([]);
});

test("matrix on a 360 px phone: rows become cards with full-size targets, nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const form = await publishForm(api, {
    title: "Matrix on a phone",
    mode: "classic",
    questions: [{ key: "grid", type: "matrix", title: "Rate each part", rows: ["Checkout speed", "Delivery"], columns: ["Very poor", "Poor", "Fair", "Good", "Excellent"], required: true }],
  });
  await openForm(page, form.slug);
  await expectNoHorizontalScroll(page);
  const row = page.getByRole("radiogroup", { name: "Delivery" });
  // Each column is named next to its radio (no header row to look up to) and is a 44 px target.
  const excellent = row.getByText("Excellent");
  await expect(excellent).toBeVisible();
  const box = await row.locator("label", { hasText: "Excellent" }).boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await excellent.click();
  await expect(row.getByRole("radio", { name: "Excellent" })).toBeChecked();
  await screenshot(page, "respondent-matrix-360");
});

test("without JavaScript: the new types and Other post as a plain form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "en-GB" });
  const page = await context.newPage();
  const form = await publishForm(api, { title: "New types (no JS)", mode: "classic", questions: questions(false) });
  const openedAt = await openForm(page, form.slug, "", { interactive: false });
  await page.getByRole("checkbox", { name: "I accept the terms of use." }).check({ force: true });
  await page.getByRole("radiogroup", { name: "Speed" }).getByRole("radio", { name: "Good" }).check({ force: true });
  await page.getByRole("radiogroup", { name: "Price" }).getByRole("radio", { name: "OK" }).check({ force: true });
  // Ranking without JavaScript: a position per item.
  await page.getByLabel("Position of Chat").selectOption("1");
  await page.getByLabel("Position of Email").selectOption("2");
  await page.getByLabel("Position of Phone").selectOption("3");
  await expect(page.getByRole("button", { name: "Move Chat up" })).toBeHidden();
  await page.getByLabel("Best time to call?").fill("14:30");
  await page.getByRole("radio", { name: "4", exact: true }).check({ force: true });
  await page.getByRole("radio", { name: "Other" }).check({ force: true });
  await page.getByRole("textbox", { name: "How did you find us?: other answer" }).fill("Podcast");
  await page.getByRole("checkbox", { name: "Hammer" }).check({ force: true });
  await page.getByRole("checkbox", { name: "Other" }).check({ force: true });
  await page.getByRole("textbox", { name: "Which tools do you own?: other answer" }).fill("Drill");
  await page.locator('select[name="city"]').selectOption({ label: "Other…" });
  await page.getByRole("textbox", { name: "Nearest city: other answer" }).fill("Oslo");
  await waitForFillTime(page, openedAt);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/thanks/);
  const [stored] = await finishedResponses(api, form.id);
  expect(stored).toBeDefined();
  expect(stored.answers).toEqual(EXPECTED);
  await context.close();
});
