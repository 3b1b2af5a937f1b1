/**
 * The logic editor in the builder, driven with pickers only: a showIf on an
 * earlier yes/no, scores on a rating, jump rules to an ending and to the end,
 * the paths picture warning about a question no path reaches, a rule made
 * invalid by a move (its message shown beside it, nothing saved), then save,
 * publish, and the stored draft read back through the API. The live preview
 * follows the show-if as the respondent page does.
 */
import { expect, test, type Page } from "@playwright/test";
import { dashboardUrl } from "./owner";
import { signIn } from "./session";

test.use({ viewport: { width: 1280, height: 900 } });

const waitForSaved = (page: Page) => expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });

async function addQuestion(page: Page, type: string, title: string) {
  await page.getByLabel("New question type").selectOption(type);
  await page.getByRole("button", { name: "Add question" }).click();
  const added = page.getByTestId("question-item").last();
  await added.getByTestId("question-editor").getByLabel("Question", { exact: true }).fill(title);
  await expect(added.locator(".question-toggle")).toContainText(title);
}

async function openQuestion(page: Page, index: number, title: RegExp) {
  const item = page.getByTestId("question-item").nth(index);
  if ((await item.locator(".question-toggle").getAttribute("aria-expanded")) !== "true") await item.getByRole("button", { name: title }).first().click();
  return item.getByTestId("question-editor");
}

test("builder: a branching form with a showIf, scores, jumps to an ending and the end, an unreachable warning", async ({ page }) => {
  test.setTimeout(240_000); // a long flow; on a loaded shared machine it takes over 2 minutes
  await signIn(page);
  await page.getByRole("button", { name: /^(New form|Create your first form)$/ }).first().click();
  const dialog = page.getByRole("dialog", { name: "New form" });
  await dialog.getByRole("radio", { name: /Blank form/ }).check();
  await dialog.getByLabel("Title").fill("Logic builder");
  await dialog.getByRole("button", { name: "Create form" }).click();
  await expect(page.getByTestId("form-title")).toHaveText("Logic builder");
  const formId = new URL(page.url()).pathname.split("/").pop()!;

  await addQuestion(page, "yes-no", "Are you a customer?");
  await page.getByTestId("question-editor").getByLabel("Required").check();
  await addQuestion(page, "short-text", "What do you use us for?");
  await addQuestion(page, "rating", "How would you rate us?");
  await addQuestion(page, "short-text", "Anything else?");
  await waitForSaved(page);

  // An ending for the jump to lead to.
  await page.getByRole("button", { name: "Add ending" }).click();
  const ending = page.getByTestId("ending").first();
  await ending.getByLabel("Title").fill("Thanks, happy customer");
  await ending.getByLabel("Key").fill("happy");
  const paths = page.getByTestId("paths");
  await expect(paths.getByTestId("path-warnings")).toContainText("Ending “Thanks, happy customer” is never reached");

  await test.step("question 2 shows only to customers", async () => {
    const editor = await openQuestion(page, 1, /What do you use us for/);
    await editor.getByLabel("Show this question").selectOption("when");
    // The question picker offers only earlier questions; the operators only those of a yes/no.
    const pick = editor.getByLabel("Show-if of question 2, item 1: question", { exact: true });
    await expect(pick.locator("option")).toHaveText(["1. Are you a customer?"]);
    const op = editor.getByLabel("Show-if of question 2, item 1: operator", { exact: true });
    await expect(op.locator("option")).toHaveText(["is answered", "is not answered", "is", "is not", "is one of", "is none of"]);
    await op.selectOption({ label: "is" });
    await editor.getByLabel("Show-if of question 2, item 1: value", { exact: true }).selectOption({ label: "Yes" });
  });

  await test.step("the live preview follows the logic: question 2 appears only after Yes", async () => {
    const preview = page.getByTestId("live-preview");
    const use = preview.getByText("What do you use us for?");
    await expect(preview.getByText("Are you a customer?")).toBeVisible();
    await expect(use).toBeHidden();
    await preview.getByText("Yes", { exact: true }).click();
    await expect(use).toBeVisible();
    await preview.getByText("No", { exact: true }).click();
    await expect(use).toBeHidden();
  });

  await test.step("question 3: scores and two jump rules", async () => {
    const editor = await openQuestion(page, 2, /How would you rate us/);
    await editor.getByLabel("Points for “5”").fill("10");
    await editor.getByLabel("Points for “4”").fill("5");
    await editor.getByRole("button", { name: "Add a jump rule to question 3" }).click();
    // A rating's operators and its scale's values.
    const op = editor.getByLabel("Jump rule 1 of question 3: operator", { exact: true });
    await op.selectOption({ label: "is at least" });
    const value = editor.getByLabel("Jump rule 1 of question 3: value", { exact: true });
    await expect(value.locator("option")).toHaveText(["1", "2", "3", "4", "5"]);
    await value.selectOption({ label: "4" });
    const target = editor.getByLabel("Jump rule 1 of question 3: go to", { exact: true });
    await expect(target.locator("option")).toHaveText(["Question 4. Anything else?", "Ending: Thanks, happy customer", "End (default thank-you)"]);
    await target.selectOption({ label: "Ending: Thanks, happy customer" });
    await editor.getByRole("button", { name: "Add a jump rule to question 3" }).click();
    await editor.getByLabel("Jump rule 2 of question 3: when", { exact: true }).selectOption("always");
    await editor.getByLabel("Jump rule 2 of question 3: go to", { exact: true }).selectOption({ label: "End (default thank-you)" });
  });

  await test.step("the paths picture: question 4 is on no path", async () => {
    await expect(paths.getByTestId("path-warnings")).toContainText("Question 4. Anything else? is on no path");
    await expect(paths.getByTestId("path-warnings")).not.toContainText("never reached");
    await expect(paths.locator('[data-node="anything_else"]')).toHaveAttribute("data-reachable", "false");
    await expect(paths.locator('[data-node="how_would_you_rate_us"]')).toContainText("jump rule 1 (3. How would you rate us? is at least 4) → ending “Thanks, happy customer”");
    await expect(page.getByTestId("question-item").nth(3).getByText("Unreachable")).toBeVisible();
    await waitForSaved(page);
    await page.screenshot({ path: "tests/artifacts/dashboard-logic-builder.png", fullPage: true });
  });

  await test.step("a move that breaks a rule: its message beside it, nothing saved until fixed", async () => {
    await page.getByRole("button", { name: "Move question 2 up" }).click();
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "invalid", { timeout: 15_000 });
    const editor = await openQuestion(page, 0, /What do you use us for/);
    await expect(editor.getByTestId("show-if").getByTestId("rule-error").first()).toContainText("is not a question before this one");
    await page.getByRole("button", { name: "Move question 1 down" }).click();
    await waitForSaved(page);
  });

  await test.step("publish; the stored draft holds the logic", async () => {
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("button", { name: "Published", exact: true })).toBeVisible({ timeout: 15_000 });
    const res = await page.request.get(`${dashboardUrl()}/api/forms/${formId}`, { headers: { origin: dashboardUrl() } });
    expect(res.status()).toBe(200);
    const { form } = await res.json();
    const [customer, use, rate, more] = form.draft.questions;
    expect(customer).toMatchObject({ key: "are_you_a_customer", type: "yes-no", required: true });
    expect(customer.showIf).toBeUndefined();
    expect(use.showIf).toEqual({ all: [{ question: "are_you_a_customer", op: "equals", value: true }] });
    expect(rate.scores).toEqual({ "5": 10, "4": 5 });
    expect(rate.jump).toEqual([
      { if: { question: "how_would_you_rate_us", op: "gte", value: 4 }, to: "happy" },
      { if: { all: [] }, to: "end" },
    ]);
    expect(more.key).toBe("anything_else");
    expect(form.draft.endings).toEqual([{ key: "happy", title: "Thanks, happy customer" }]);
    expect(form.published.endings).toEqual(form.draft.endings);
  });
});
