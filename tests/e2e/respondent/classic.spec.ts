/**
 * Classic mode: every question type on one page, filled and submitted with
 * the keyboard alone; the stored response (with the URL's hidden value in
 * metadata) read back through the API; browser and server validation
 * messages next to their questions; 360 px and 1280 px screenshots.
 */
import { expect, test, type Page } from "@playwright/test";
import type { Api } from "./fixtures";
import { everyTypeAnswers, everyTypeForm } from "./fixtures";
import { collectPageErrors, expectNoHorizontalScroll, finishedResponses, openForm, ownerApi, publishForm, screenshot, waitForFillTime } from "./helpers";

test.use({ locale: "en-US", timezoneId: "UTC" });

const EXPECTED = everyTypeAnswers(7);

let api: Api;
test.beforeAll(() => {
  api = ownerApi();
});

const tab = (page: Page) => page.keyboard.press("Tab");

test("every question type, keyboard only, lands in the API with the URL's hidden value", async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const form = await publishForm(api, everyTypeForm("classic"));
  const openedAt = await openForm(page, form.slug, "?ref=newsletter");

  // Server-rendered: title, description and the questions are in the HTML itself.
  const html = await (await page.request.get(page.url())).text();
  for (const text of ["Every question (classic)", "A form with one question of every type.", "How likely are you to recommend us?"]) {
    expect(html).toContain(text);
  }
  await expect(page.getByText("Almost done!")).toBeVisible(); // a statement is text only
  await expect(page.locator('input[name="ref"]')).toHaveAttribute("type", "hidden"); // never shown
  await screenshot(page, "respondent-classic-1280");

  const k = page.keyboard;
  await tab(page);
  await expect(page.getByLabel("What is your name?")).toBeFocused();
  await k.type(EXPECTED.name);
  await tab(page);
  await k.type("Mathematician.");
  await k.press("Enter"); // a new line in long text, not a submission
  await k.type("First programmer.");
  await tab(page);
  await k.type(EXPECTED.email);
  await tab(page);
  await k.type("36");
  await tab(page);
  await k.type(EXPECTED.site);
  await tab(page);
  await k.type(EXPECTED.phone);
  await tab(page); // into the colour radios: Red
  await expect(page.getByRole("radio", { name: "Red" })).toBeFocused();
  await k.press("ArrowDown"); // → Green
  await tab(page); // fruits: Apple
  await k.press("Space");
  await tab(page); // Banana
  await tab(page); // Cherry
  await k.press("Space");
  await tab(page); // country select
  await expect(page.getByLabel("Where do you live?")).toBeFocused();
  await k.press("ArrowDown"); // France
  await k.press("ArrowDown"); // Japan
  await tab(page); // stars: 1
  await expect(page.getByRole("radio", { name: "1 star", exact: true })).toBeFocused();
  for (let i = 0; i < 3; i++) await k.press("ArrowRight"); // → 4 stars
  await tab(page); // effort 0..10: 0
  for (let i = 0; i < 7; i++) await k.press("ArrowRight"); // → 7
  await tab(page); // nps: 0
  for (let i = 0; i < 9; i++) await k.press("ArrowRight"); // → 9
  await tab(page); // yes/no: Yes
  await k.press("Space");
  await tab(page); // date
  await expect(page.getByLabel("When did you join?")).toBeFocused();
  await k.type("03152024");
  // Chromium's date input has its own stops (month, day, year, picker): Tab until out.
  for (let i = 0; i < 4 && (await page.getByLabel("When did you join?").evaluate((el) => el === document.activeElement)); i++) await tab(page);
  await expect(page.getByRole("button", { name: "Submit" })).toBeFocused();

  await waitForFillTime(page, openedAt);
  await k.press("Enter");
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await expect(page.getByText("We got your answers. Have a lovely day!")).toBeVisible();

  const [stored] = await finishedResponses(api, form.id);
  expect(stored).toBeDefined(); // a silently dropped submission would fail here
  expect(stored.answers).toEqual(EXPECTED);
  expect(stored.metadata).toEqual({ ref: "newsletter" });
  expect(pageErrors).toEqual([]);
});

test("required and format messages show next to their questions, and the server's too", async ({ page }) => {
  const form = await publishForm(api, everyTypeForm("classic"));
  await openForm(page, form.slug);

  const name = page.getByLabel("What is your name?");
  const email = page.getByLabel("Your email address");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(email).toBeFocused();
  await page.keyboard.type("not-an-email");
  await page.keyboard.press("Enter"); // implicit submission from a text field

  const errorOf = (key: string) => page.locator(`[id$="-${key}-err"]`);
  await expect(errorOf("name")).toHaveText("This question is required");
  await expect(errorOf("email")).toHaveText("Enter a valid email address");
  await expect(errorOf("color")).toHaveText("This question is required");
  await expect(errorOf("bio")).toHaveText("");
  // Tied to its input for screen readers, announced politely, focus on the first problem.
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAttribute("aria-describedby", /-name-err/);
  await expect(errorOf("name")).toHaveAttribute("aria-live", "polite");
  await expect(name).toBeFocused();
  await expect(page.getByRole("heading", { name: "Thank you!" })).toHaveCount(0);

  // Fixing an answer clears its message.
  await name.pressSequentially("Grace");
  await expect(errorOf("name")).toHaveText("");
  expect(await finishedResponses(api, form.id)).toHaveLength(0);
});

test("a message from the server's validation shows next to its question", async ({ page }) => {
  const form = await publishForm(api, { title: "Pick a colour", mode: "classic", questions: [{ key: "color", type: "single-choice", title: "Favourite colour", options: ["Red", "Green", "Blue"], required: true }] });
  const openedAt = await openForm(page, form.slug);
  // The owner drops "Blue" while the page is open: the browser still offers it,
  // the server (validating against the new version) refuses it.
  await api("PUT", `/api/forms/${form.id}/version/draft`, { title: "Pick a colour", mode: "classic", questions: [{ key: "color", type: "single-choice", title: "Favourite colour", options: ["Red", "Green"], required: true }] });
  expect((await api("POST", `/api/forms/${form.id}/publish`)).status).toBe(200);

  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowUp"); // Red → Blue (wraps)
  await expect(page.getByRole("radio", { name: "Blue" })).toBeChecked();
  await waitForFillTime(page, openedAt);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.locator('[id$="-color-err"]')).toHaveText("Pick one of the options");
  expect(await finishedResponses(api, form.id)).toHaveLength(0);
});

test("fits a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const form = await publishForm(api, everyTypeForm("classic"));
  await openForm(page, form.slug);
  await expect(page.getByRole("heading", { name: "Every question (classic)" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, "respondent-classic-360");
});

test("spam basics: the honeypot is out of reach, and a filled one is accepted and dropped", async ({ page }) => {
  const form = await publishForm(api, { title: "Quick one", mode: "classic", questions: [{ key: "food", type: "short-text", title: "Favourite food?", required: true }] });
  const openedAt = await openForm(page, form.slug);
  const trap = page.locator('input[name="_website"]');
  await expect(trap).toHaveAttribute("tabindex", "-1");
  await expect(trap).toHaveAttribute("autocomplete", "off");
  await expect(page.locator(".fl-hp")).toHaveAttribute("aria-hidden", "true");
  expect(await page.locator('input[name="_start"]').getAttribute("value")).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
  // Keyboard users never land in it: Tab goes from the question straight to Submit.
  await page.keyboard.press("Tab");
  await page.keyboard.type("Soup");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Submit" })).toBeFocused();

  await trap.evaluate((el: HTMLInputElement) => (el.value = "http://spam.example"));
  await waitForFillTime(page, openedAt);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Thanks for your response!" })).toBeVisible(); // the bot learns nothing
  expect(await finishedResponses(api, form.id)).toHaveLength(0);
});

test("pressing Submit twice stores one response", async ({ page }) => {
  const form = await publishForm(api, { title: "Once", mode: "classic", questions: [{ key: "food", type: "short-text", title: "Favourite food?", required: true }] });
  const openedAt = await openForm(page, form.slug);
  await page.keyboard.press("Tab");
  await page.keyboard.type("Noodles");
  await waitForFillTime(page, openedAt);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Thanks for your response!" })).toBeVisible();
  const stored = await finishedResponses(api, form.id);
  expect(stored.map((r) => r.answers)).toEqual([{ food: "Noodles" }]);
});
