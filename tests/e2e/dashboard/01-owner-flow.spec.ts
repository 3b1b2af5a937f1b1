/**
 * The owner's whole journey on a fresh, empty database, in a real browser:
 * first-visit setup, sign out and in, a form from a template, questions added
 * and reordered (drag and keyboard), settings with a validation message,
 * publish, an API key that works and stops working once revoked, and the
 * dashboard closed after signing out. Screenshots at 1280 px go to
 * tests/artifacts/ (git-ignored).
 */
import { expect, test, type Page } from "@playwright/test";
import { watchCsp } from "../csp";
import { dashboardUrl, OWNER } from "./owner";
import { SIGN_IN_MS } from "./session";

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `tests/artifacts/dashboard-${name}.png`, fullPage: true });
}
const keysInOrder = (page: Page) => page.getByTestId("question-item").evaluateAll((items) => items.map((li) => li.getAttribute("data-key")));
const waitForSaved = (page: Page) => expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });

test.use({ viewport: { width: 1280, height: 900 } });

test("owner: setup, sign in, build, reorder, settings, publish, API key, sign out", async ({ page }) => {
  test.setTimeout(180_000);
  const base = dashboardUrl();
  // Every page of the journey (setup, sign-in, builder, keys) works under the CSP.
  const cspViolations = watchCsp(page);

  await test.step("the first visit offers to create the owner account", async () => {
    await page.goto(base);
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByRole("heading", { name: "Create the owner account" })).toBeVisible();
    await shot(page, "setup");
    // The schema's own message, before anything is sent.
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create owner account" }).click();
    await expect(page.getByText("Use at least 8 characters")).toBeVisible();
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Create owner account" }).click();
    await expect(page).toHaveURL(/\/forms$/, { timeout: SIGN_IN_MS });
    await expect(page.getByRole("heading", { name: "No forms yet" })).toBeVisible();
    await expect(page.getByText(OWNER.email)).toBeVisible();
    await shot(page, "forms-empty");
  });

  await test.step("setup is gone once the owner exists", async () => {
    await page.goto(`${base}/setup`);
    await expect(page).toHaveURL(/\/forms$/); // /setup → /login → signed in → /forms
  });

  await test.step("sign out, then a wrong password, then sign in", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill("not the password at all");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The email or password is incorrect." })).toBeVisible({ timeout: SIGN_IN_MS });
    await shot(page, "login");
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/forms$/, { timeout: SIGN_IN_MS });
  });

  let formUrl = "";
  let initialKeys: (string | null)[] = [];
  await test.step("create a form from a template", async () => {
    await page.getByRole("button", { name: "Create your first form" }).click();
    const dialog = page.getByRole("dialog", { name: "New form" });
    await dialog.getByRole("radio", { name: /Customer satisfaction/ }).check();
    await expect(dialog.getByLabel("Title")).toHaveValue("Customer satisfaction");
    await dialog.getByLabel("Title").fill("Support survey");
    await dialog.getByRole("button", { name: "Create form" }).click();
    await expect(page).toHaveURL(/\/forms\/[^/]+$/);
    formUrl = page.url();
    await expect(page.getByTestId("form-title")).toHaveText("Support survey");
    await expect(page.getByTestId("question-item").first()).toBeVisible();
    initialKeys = await keysInOrder(page);
    expect(initialKeys).toContain("satisfaction");
    expect(initialKeys.length).toBeGreaterThan(2);
  });

  await test.step("add two questions; keys follow their titles", async () => {
    await page.getByLabel("New question type").selectOption("single-choice");
    await page.getByRole("button", { name: "Add question" }).click();
    let editor = page.getByTestId("question-editor");
    await editor.getByLabel("Question", { exact: true }).fill("Which plan are you on?");
    await expect(editor.getByLabel("Key")).toHaveValue("which_plan_are_you_on");
    await editor.getByRole("textbox", { name: "Option 1" }).fill("Free");
    await editor.getByRole("textbox", { name: "Option 2" }).fill("Pro");
    await editor.getByRole("button", { name: "Add option" }).click();
    await editor.getByRole("textbox", { name: "Option 3" }).fill("Team");
    await editor.getByLabel("Required").check();

    await page.getByLabel("New question type").selectOption("number");
    await page.getByRole("button", { name: "Add question" }).click();
    editor = page.getByTestId("question-editor");
    await editor.getByLabel("Question", { exact: true }).fill("How many seats?");
    await editor.getByLabel("Minimum (optional)").fill("1");
    await expect(editor.getByLabel("Key")).toHaveValue("how_many_seats");
    // The live preview shows what respondents will see.
    await expect(page.getByTestId("live-preview")).toContainText("Which plan are you on?");
    await expect(page.getByTestId("live-preview")).toContainText("Team");
    await waitForSaved(page);
    expect(await keysInOrder(page)).toEqual([...initialKeys, "which_plan_are_you_on", "how_many_seats"]);
  });

  await test.step("the title autosaves and the page header follows it", async () => {
    await page.getByLabel("Form title").fill("Support survey, renamed");
    await expect(page.getByTestId("form-title")).toHaveText("Support survey, renamed", { timeout: 15_000 });
    await page.getByLabel("Form title").fill("");
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "invalid", { timeout: 15_000 });
    await expect(page.getByText("A form needs a title")).toBeVisible();
    await page.getByLabel("Form title").fill("Support survey");
    await expect(page.getByTestId("form-title")).toHaveText("Support survey", { timeout: 15_000 });
    await waitForSaved(page);
  });

  await test.step("a bad key is refused next to the field and not saved", async () => {
    const editor = page.getByTestId("question-editor");
    await editor.getByLabel("Key").fill("9 seats");
    await expect(editor.getByText("Use a letter, then letters, digits, _ or - (at most 64)")).toBeVisible();
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", /unsaved|invalid/);
    await editor.getByLabel("Key").fill("seats");
    await waitForSaved(page);
  });

  const expected = [...initialKeys, "which_plan_are_you_on", "seats"];
  await test.step("reorder from the keyboard: Alt+↑ and the Move up button", async () => {
    const last = page.getByTestId("question-item").last();
    await last.getByRole("button", { name: /How many seats\?/ }).focus();
    await page.keyboard.press("Alt+ArrowUp");
    // Focus stays on the moved question, so it can keep moving.
    await page.keyboard.press("Alt+ArrowUp");
    expected.splice(expected.indexOf("seats"), 1);
    expected.splice(expected.length - 2, 0, "seats");
    await expect.poll(() => keysInOrder(page)).toEqual(expected);
    await expect(page.getByRole("status").filter({ hasText: /Moved “How many seats\?” to position/ })).toBeAttached();
    await page.getByRole("button", { name: "Move question 1 down" }).click();
    [expected[0], expected[1]] = [expected[1], expected[0]];
    await expect.poll(() => keysInOrder(page)).toEqual(expected);
  });

  await test.step("reorder by dragging", async () => {
    const items = page.getByTestId("question-item");
    // Both ends of the drag on screen (a scroll mid-drag would move the pointer).
    await page.getByRole("button", { name: /How many seats\?/ }).click(); // collapse its editor
    await expect(page.getByTestId("question-editor")).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 1400 });
    // Drag the new choice question onto the first position.
    const from = expected.indexOf("which_plan_are_you_on");
    await items.nth(from).getByTestId("drag-handle").dragTo(items.nth(0));
    expected.splice(from, 1);
    expected.unshift("which_plan_are_you_on");
    await expect.poll(() => keysInOrder(page)).toEqual(expected);
    await waitForSaved(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, "builder");
  });

  await test.step("the saved draft survives a reload", async () => {
    await page.reload();
    await expect(page.getByTestId("question-item").first()).toBeVisible();
    await expect.poll(() => keysInOrder(page)).toEqual(expected);
  });

  await test.step("settings: a bad value shows the schema's message, a good one saves", async () => {
    await page.getByRole("tab", { name: "Settings" }).click();
    const settings = page.getByRole("form", { name: "Form settings" });
    await settings.getByLabel("Response limit (optional)").fill("0");
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect(settings.getByText("Enter a whole number from 1 to 1,000,000,000, or leave it empty for no limit")).toBeVisible();
    await settings.getByLabel("Link (slug)").fill("Support Survey!");
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect(settings.getByText("Use lowercase letters, digits and - only")).toBeVisible();
    await shot(page, "builder-settings-errors");
    await settings.getByLabel("Link (slug)").fill("support-survey");
    await settings.getByLabel("Response limit (optional)").fill("100");
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect(settings.getByText("Settings saved.")).toBeVisible();
    await page.reload();
    await page.getByRole("tab", { name: "Settings" }).click();
    await expect(page.getByLabel("Response limit (optional)")).toHaveValue("100");

    // One person per e-mail needs an email question, which this form lacks: the server says so next to the choice.
    const again = page.getByRole("form", { name: "Form settings" });
    await again.getByLabel("One response per person").check();
    await again.getByLabel("One person is").selectOption("email");
    await again.getByRole("button", { name: "Save settings" }).click();
    await expect(again.getByText('One response per e-mail needs an "email" question in the form', { exact: true })).toBeVisible();
    await expect(again.getByText(/^Not saved: onePerPersonBy does not fit the draft form/)).toBeVisible();
    // With the limit off, the choice is only stored.
    await again.getByLabel("One response per person").uncheck();
    await again.getByRole("button", { name: "Save settings" }).click();
    await expect(again.getByText("Settings saved.")).toBeVisible();
    await page.reload();
    await page.getByRole("tab", { name: "Settings" }).click();
    await expect(page.getByLabel("One person is")).toHaveValue("email");
    await expect(page.getByLabel("One response per person")).not.toBeChecked();
  });

  await test.step("publish and read the public link", async () => {
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const link = page.getByTestId("public-link");
    await expect(link).toHaveText("/s/support-survey");
    await expect(page.getByText("Published", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Published" })).toBeDisabled();
    const publicPage = await fetch(new URL("/s/support-survey", base));
    expect(publicPage.status).toBe(200);
    expect(await publicPage.text()).toContain("Which plan are you on?");
    await shot(page, "builder-published");
    // Tablet width: one column, nothing cut off horizontally.
    await page.setViewportSize({ width: 768, height: 1000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await shot(page, "builder-768");
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step("a publish from elsewhere makes the next autosave a visible conflict, not an overwrite", async () => {
    const id = new URL(formUrl).pathname.split("/").pop();
    const elsewhere = await page.request.post(`${base}/api/forms/${id}/publish`, { headers: { origin: base } });
    expect(elsewhere.status()).toBe(200);
    await page.getByLabel("Description (optional)").first().fill("Typed after someone else published");
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "error", { timeout: 15_000 });
    await expect(page.getByRole("alert").filter({ hasText: "published since you loaded it" })).toBeVisible();
    await page.getByRole("button", { name: "Reload" }).click();
    await expect(page.getByLabel("Description (optional)").first()).toHaveValue("Two minutes to tell us how we are doing.");
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
  });

  await test.step("the forms list shows the form", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Forms" }).click();
    const row = page.getByRole("row").filter({ hasText: "Support survey" });
    await expect(row).toContainText("Published");
    await expect(row).toContainText("/s/support-survey");
    await expect(row.getByRole("link", { name: /0 responses/ })).toBeVisible();
    await shot(page, "forms");
  });

  await test.step("duplicate a form, then delete the copy after confirming", async () => {
    await page.getByRole("button", { name: "Duplicate Support survey" }).click();
    const copy = page.getByRole("row").filter({ hasText: "Support survey (copy)" });
    await expect(copy).toContainText("Draft");
    await expect(copy).toContainText("Not published");
    await copy.getByRole("button", { name: "Delete Support survey (copy)" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete “Support survey (copy)”?" });
    // Cancel first: nothing happens.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(copy).toHaveCount(1);
    await copy.getByRole("button", { name: "Delete Support survey (copy)" }).click();
    await dialog.getByRole("button", { name: "Delete form" }).click();
    await expect(copy).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: "Support survey" })).toHaveCount(1);
  });

  let key = "";
  await test.step("create an API key: shown once, and it works", async () => {
    await page.getByRole("link", { name: "API keys" }).click();
    await expect(page.getByRole("heading", { name: "No API keys" })).toBeVisible();
    await page.getByLabel("Name").fill("e2e script");
    await page.getByLabel("Scope").selectOption("write");
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByText("you will not see it again")).toBeVisible();
    key = (await page.getByTestId("new-key-value").textContent())!.trim();
    expect(key).toMatch(/^flk_[A-Za-z0-9_-]{40,}$/);
    const row = page.getByRole("row").filter({ hasText: "e2e script" });
    await expect(row).toContainText(key.slice(0, 12));
    await expect(row).toContainText("Write");
    await shot(page, "keys");
    const res = await fetch(new URL("/api/forms", base), { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { forms: { title: string }[] };
    expect(body.forms.map((f) => f.title)).toEqual(["Support survey"]);
  });

  await test.step("revoke it: confirmation, then 401", async () => {
    await page.getByRole("button", { name: "Revoke e2e script" }).click();
    const dialog = page.getByRole("dialog", { name: /Revoke “e2e script”/ });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row").filter({ hasText: "e2e script" })).toHaveCount(0);
    const res = await fetch(new URL("/api/forms", base), { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(401);
  });

  await test.step("signed out, the dashboard is closed", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    for (const path of ["/forms", "/keys", new URL(formUrl).pathname]) {
      await page.goto(base + path);
      await expect(page).toHaveURL(/\/login(\?|$)/);
    }
    const api = await page.request.get(`${base}/api/forms`);
    expect(api.status()).toBe(401);
  });
  expect(cspViolations).toEqual([]);
});
