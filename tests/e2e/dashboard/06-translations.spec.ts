/**
 * The builder's Languages card: add a German translation,
 * see every text marked "missing translation" with a count, fill them side by
 * side, watch the warnings go, preview the form in German, and read the saved
 * draft back; an option renamed afterwards drops its stale translation (the
 * draft stays valid) and is marked missing again.
 *
 * Then the responses of a translated form, answered on the public page in
 * English and in German: analytics count the German "Rot" as the form's
 * "Red" (one option, counted twice), and the responses table and detail say
 * which language each response came in.
 */
import { expect, test, type Page } from "@playwright/test";
import { waitForFillTime } from "../fill-time";
import { dashboardUrl } from "./owner";
import { publishFormAsOwner, signIn, signInOncePerFile } from "./session";

// One sign-in for the file (sign-ins are rate-limited per email).
signInOncePerFile("06-translations");

const waitForSaved = (page: Page) => expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });

test("builder: translations side by side, with missing-translation warnings", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.getByRole("button", { name: /^(New form|Create your first form)$/ }).first().click();
  const dialog = page.getByRole("dialog", { name: "New form" });
  await dialog.getByRole("radio", { name: /Blank form/ }).check();
  await dialog.getByLabel("Title").fill("Colour survey");
  await dialog.getByRole("button", { name: "Create form" }).click();
  await expect(page.getByTestId("form-title")).toHaveText("Colour survey");
  const formId = new URL(page.url()).pathname.split("/").pop()!;

  await page.getByLabel("New question type").selectOption("single-choice");
  await page.getByRole("button", { name: "Add question" }).click();
  await page.getByTestId("question-editor").getByLabel("Question", { exact: true }).fill("Favourite colour?");
  await waitForSaved(page);

  const card = page.getByTestId("translations");
  await expect(card.getByLabel("Form language")).toHaveValue("en");
  await card.getByLabel("Add a translation").selectOption("de");
  await card.getByRole("button", { name: "Add translation" }).click();

  const table = card.getByTestId("translation-de");
  // Form title, question title and its two options: four texts, none translated yet.
  await expect(table.getByTestId("missing-count")).toHaveText("⚠ 4 missing translations: those texts show in English.");
  await expect(table.getByText("Missing translation", { exact: true })).toHaveCount(4);
  await expect(card.getByRole("tab", { name: "Deutsch · 4 missing" })).toBeVisible();
  // Side by side: the form's text on the left of each row.
  const rows = table.locator("tbody tr");
  await expect(rows.nth(0).locator("td").first()).toContainText("Colour survey");
  await expect(rows.nth(2).locator("td").first()).toContainText("Option 1");

  await rows.nth(0).getByRole("textbox").fill("Farbumfrage");
  await expect(table.getByTestId("missing-count")).toHaveText("⚠ 3 missing translations: those texts show in English.");
  await rows.nth(1).getByRole("textbox").fill("Lieblingsfarbe?");
  await rows.nth(2).getByRole("textbox").fill("Möglichkeit 1");
  await rows.nth(3).getByRole("textbox").fill("Möglichkeit 2");
  await expect(table.getByTestId("missing-count")).toHaveText("Every text is translated.");
  await expect(table.getByText("Missing translation", { exact: true })).toHaveCount(0);
  await waitForSaved(page);

  // The preview speaks German when asked: the form's texts and the page's own words.
  const preview = page.getByTestId("live-preview");
  await preview.getByTestId("preview-language").selectOption("de");
  await expect(preview.getByRole("heading", { name: "Farbumfrage" })).toBeVisible();
  await expect(preview.getByRole("radio", { name: "Möglichkeit 2" })).toBeVisible();
  await expect(preview.getByRole("button", { name: "Absenden" })).toBeVisible();

  const saved = async () => (await page.request.get(`${dashboardUrl()}/api/forms/${formId}`, { headers: { origin: dashboardUrl() } })).json();
  const draft = (await saved()).form.draft;
  const key = draft.questions[0].key as string;
  expect(draft.translations.de).toEqual({
    title: "Farbumfrage",
    questions: { [key]: { title: "Lieblingsfarbe?", options: { "Option 1": "Möglichkeit 1", "Option 2": "Möglichkeit 2" } } },
  });

  // Renaming an option drops its translation (the draft stays valid) and marks the new text missing.
  await page.getByTestId("question-editor").getByRole("textbox", { name: "Option 2", exact: true }).fill("Blue");
  await expect(table.getByTestId("missing-count")).toHaveText("⚠ 1 missing translation: those texts show in English.");
  await waitForSaved(page);
  const after = (await saved()).form.draft;
  expect(after.translations.de.questions[key].options).toEqual({ "Option 1": "Möglichkeit 1" });
});

const colourForm = (page: Page, title: string) =>
  publishFormAsOwner(page, title, [{ key: "colour", type: "single-choice", title: "Favourite colour?", options: ["Red", "Blue", "Green"], required: true }], {
    language: "en",
    translations: { de: { title: `${title} (DE)`, questions: { colour: { title: "Lieblingsfarbe?", options: { Red: "Rot", Blue: "Blau", Green: "Grün" } } } } },
  });

/** Answers on the real public page in the page's language (?lang=), picking `option` as the page labels it. */
async function answerOnPage(page: Page, slug: string, query: string, question: string, option: string, submit: string) {
  await page.goto(`${dashboardUrl()}/s/${slug}${query}`);
  const openedAt = Date.now();
  await expect(page.locator("form.fl-r[data-ready]")).toHaveCount(1);
  await page.getByRole("group", { name: new RegExp(question.replace("?", "\\?")) }).getByText(option, { exact: true }).click();
  await waitForFillTime(page, openedAt);
  await page.getByRole("button", { name: submit }).click();
  await expect(page.locator(".fl-thanks")).toBeVisible();
}

test("translated options are counted as one in analytics", async ({ page }) => {
  test.setTimeout(90_000);
  const form = await colourForm(page, "Colours counted once");
  await answerOnPage(page, form.slug, "", "Favourite colour?", "Red", "Submit");
  await answerOnPage(page, form.slug, "?lang=de", "Lieblingsfarbe?", "Rot", "Absenden");

  await page.goto(`${dashboardUrl()}/forms/${form.id}/analytics`);
  await expect(page.locator('[data-stat="total"] dd').first()).toHaveText("2");
  const card = page.locator('[data-question="colour"]');
  await expect(card.locator('[data-option="Red"] [data-count]')).toHaveText("2");
  await expect(card.locator('[data-option="Blue"] [data-count]')).toHaveText("0");
  // The form's three options and nothing else: no "Rot" of its own.
  await expect(card.locator("[data-option]")).toHaveCount(3);
  await expect(card.locator('[data-option="Rot"]')).toHaveCount(0);
  await expect(card).not.toContainText("Rot");
});

test("the responses table and the response detail show each response's language", async ({ page }) => {
  test.setTimeout(90_000);
  const form = await colourForm(page, "Colours by language");
  await answerOnPage(page, form.slug, "?lang=de", "Lieblingsfarbe?", "Blau", "Absenden");
  await answerOnPage(page, form.slug, "?lang=en", "Favourite colour?", "Green", "Submit");

  await page.goto(`${dashboardUrl()}/forms/${form.id}/responses`);
  const table = page.getByRole("region", { name: "Responses" });
  await expect(table.getByRole("columnheader", { name: "Language" })).toBeVisible();
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  // Newest first: the English one, then the German one (answers stored in the form's language).
  await expect(rows.nth(0).locator("td[data-language]")).toHaveText("English");
  await expect(rows.nth(1).locator("td[data-language]")).toHaveText("Deutsch");
  await expect(rows.nth(1)).toContainText("Blue");
  await rows.nth(1).click();
  const panel = page.getByRole("dialog", { name: "Response" });
  await expect(panel.getByTestId("response-language")).toHaveText("Answered in Deutsch (de)");
  await expect(panel.getByRole("button", { name: "Older →" })).toBeDisabled();
  await panel.getByRole("button", { name: "← Newer" }).click();
  await expect(panel.getByTestId("response-language")).toHaveText("Answered in English (en)");

  // A form without translations has no Language column (every response is in its language).
  const plain = await publishFormAsOwner(page, "One language", [{ key: "colour", type: "single-choice", title: "Favourite colour?", options: ["Red", "Blue"] }]);
  await answerOnPage(page, plain.slug, "", "Favourite colour?", "Red", "Submit");
  await page.goto(`${dashboardUrl()}/forms/${plain.id}/responses`);
  await expect(page.getByRole("region", { name: "Responses" }).locator("tbody tr")).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Responses" }).getByRole("columnheader", { name: "Language" })).toHaveCount(0);
});
