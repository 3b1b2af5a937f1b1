/**
 * The builder with the question types of the registry: a matrix with its rows,
 * columns and "several per row", a ranking, and a choice question with
 * "Other" and shuffling, all set in the editor, shown by the live preview,
 * and kept by the autosave (read back after a reload).
 */
import { expect, test } from "@playwright/test";
import { signIn } from "./session";

test.use({ viewport: { width: 1280, height: 900 } });

test("builder: add a matrix, a ranking and a choice with Other, with their options", async ({ page }) => {
  await signIn(page);
  await page.getByRole("button", { name: /^(New form|Create your first form)$/ }).first().click();
  const dialog = page.getByRole("dialog", { name: "New form" });
  await dialog.getByRole("radio", { name: /Blank form/ }).check();
  await dialog.getByLabel("Title").fill("Builder: new types");
  await dialog.getByRole("button", { name: "Create form" }).click();
  await expect(page.getByTestId("form-title")).toHaveText("Builder: new types");
  const preview = page.getByTestId("live-preview");
  const waitForSaved = () => expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });

  // Matrix: rename the rows, drop a column, allow several columns per row.
  await page.getByLabel("New question type").selectOption("matrix");
  await page.getByRole("button", { name: "Add question" }).click();
  let editor = page.getByTestId("question-editor");
  await editor.getByLabel("Question", { exact: true }).fill("How do we do on…");
  await editor.getByLabel("Row 1", { exact: true }).fill("Speed");
  await editor.getByLabel("Row 2", { exact: true }).fill("Price");
  await editor.getByRole("button", { name: "Add row" }).click();
  await editor.getByLabel("Row 3", { exact: true }).fill("Support");
  await editor.getByRole("button", { name: "Remove column 2" }).click(); // Neutral
  await editor.getByLabel("Allow several columns per row").check();
  await expect(preview.getByRole("group", { name: "Support" }).getByRole("checkbox", { name: "Agree", exact: true })).toBeAttached();
  await expect(preview.getByRole("group", { name: "Speed" }).getByRole("checkbox")).toHaveCount(2);

  // Ranking: three items, one renamed, moved with its button.
  await page.getByLabel("New question type").selectOption("ranking");
  await page.getByRole("button", { name: "Add question" }).click();
  editor = page.getByTestId("question-editor");
  await editor.getByLabel("Question", { exact: true }).fill("Rank these");
  await editor.getByLabel("Item 3", { exact: true }).fill("Chat");
  await editor.getByRole("button", { name: "Move item 3 up" }).click();
  await expect(preview.locator(".fl-rank-text")).toHaveText(["Item 1", "Chat", "Item 2"]);

  // Single choice with Other and shuffling, in a screen group.
  await page.getByLabel("New question type").selectOption("single-choice");
  await page.getByRole("button", { name: "Add question" }).click();
  editor = page.getByTestId("question-editor");
  await editor.getByLabel("Question", { exact: true }).fill("How did you find us?");
  await editor.getByLabel("Add an “Other” choice with a text box").check();
  await editor.getByLabel("Shuffle the options for each respondent").check();
  await editor.getByLabel("Screen group (optional)").fill("about");
  await expect(preview.getByRole("radio", { name: "Other" })).toBeAttached();
  await waitForSaved();

  // The draft kept every option: reload and read them back.
  await page.reload();
  const items = page.getByTestId("question-item");
  await expect(items).toHaveCount(3);
  await items.nth(0).getByRole("button", { name: /How do we do on/ }).first().click();
  editor = page.getByTestId("question-editor");
  await expect(editor.getByLabel("Row 3", { exact: true })).toHaveValue("Support");
  await expect(editor.getByLabel("Column 2", { exact: true })).toHaveValue("Agree");
  await expect(editor.getByLabel("Allow several columns per row")).toBeChecked();
});
