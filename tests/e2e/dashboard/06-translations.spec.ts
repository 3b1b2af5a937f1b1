/**
 * The builder's Languages card (issue 18, part 1): add a German translation,
 * see every text marked "missing translation" with a count, fill them side by
 * side, watch the warnings go, preview the form in German, and read the saved
 * draft back; an option renamed afterwards drops its stale translation (the
 * draft stays valid) and is marked missing again.
 */
import { expect, test, type Page } from "@playwright/test";
import { dashboardUrl } from "./owner";
import { signIn } from "./session";

test.use({ viewport: { width: 1280, height: 900 } });

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
