/**
 * Logic on the respondent page (lib/logic is the one engine; the server
 * enforces it): an immersive form whose answers take two paths to two
 * endings, with Back retracing the path actually taken and the progress bar
 * following it; a classic form showing and hiding questions as answers
 * change, where a hidden required question does not block the submission;
 * recall of earlier answers and hidden fields; an ending's redirect. What is
 * stored (answers, score, ending) is read back through the owner API.
 * The no-JavaScript page is in the second describe block.
 */
import { expect, test, type Page } from "@playwright/test";
import type { Api } from "./fixtures";
import { collectPageErrors, expectAxeClean, openForm, ownerApi, publicUrl, publishForm, waitForFillTime } from "./helpers";

interface Stored {
  answers: Record<string, unknown>;
  metadata: Record<string, string>;
  score: number | null;
  ending: string | null;
}

let api: Api;
test.beforeAll(() => {
  api = ownerApi();
});

/** The form's finished responses as the owner reads them (answers, score, ending). */
async function stored(formId: string): Promise<Stored[]> {
  const res = await api("GET", `/api/forms/${formId}/responses?limit=50`);
  expect(res.status).toBe(200);
  return res.body.responses.filter((r: { finished: boolean }) => r.finished);
}

/** Developers: name → role → lang → years → "dev_end"; designers: name → role ⤼ tool → "design_end". */
const branching = {
  title: "Who are you?",
  mode: "immersive",
  questions: [
    { key: "name", type: "short-text", title: "What is your name?", required: true },
    {
      key: "role", type: "single-choice", title: "Nice to meet you, {{name}}! What do you do?", required: true,
      options: ["Developer", "Designer"], scores: { Developer: 10, Designer: 3 },
      jump: [{ if: { question: "role", op: "equals", value: "Designer" }, to: "tool" }],
    },
    { key: "lang", type: "short-text", title: "Which language do you write most?", required: true },
    {
      key: "years", type: "number", title: "How many years of {{lang}}?", required: true,
      jump: [{ if: { question: "years", op: "answered" }, to: "dev_end" }],
    },
    {
      key: "tool", type: "single-choice", title: "Which design tool, {{name}}?", required: true,
      options: ["Figma", "Sketch"], scores: { Figma: 2, Sketch: 1 },
      jump: [{ if: { question: "tool", op: "answered" }, to: "design_end" }],
    },
  ],
  endings: [
    { key: "dev_end", title: "Happy coding, {{name}}!", message: "Your score: {{score}}." },
    { key: "design_end", title: "Happy designing, {{name}}!", message: "Your score: {{score}}. Tool: {{tool}}." },
  ],
};

test.describe("with JavaScript", () => {
  test.use({ locale: "en-US" });
  // A whole path plus an axe audit: slow on a loaded 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  /** The step on screen (only the current one is visible). */
  const current = (page: Page) => page.locator(".fl-step:not([hidden])");
  const progress = (page: Page) => page.getByRole("progressbar");

  test("immersive: the developer path reaches its ending, with the server's score and ending stored", async ({ page }) => {
    const errors = collectPageErrors(page);
    const form = await publishForm(api, branching);
    const openedAt = await openForm(page, form.slug);
    const k = page.keyboard;

    await page.getByLabel("What is your name?").fill("Ada");
    await k.press("Enter");
    await expect(current(page)).toContainText("Nice to meet you, Ada! What do you do?"); // recall
    // Position within the path as it stands: name, role, lang, years and (until years ends the form) tool.
    await expect(progress(page)).toHaveAttribute("aria-valuenow", "20");
    await k.press("A"); // Developer, and on by itself
    await expect(page.getByLabel("Which language do you write most?")).toBeFocused();
    await expect(progress(page)).toHaveAttribute("aria-valuenow", "40");
    await k.type("TypeScript");
    await k.press("Enter");
    await expect(page.getByLabel("How many years of TypeScript?")).toBeFocused();
    // Unanswered, the jump does not hold yet and "tool" would follow: OK; answered, it ends the form: Submit.
    await expect(current(page).getByRole("button", { name: "OK" })).toBeVisible();
    await k.type("7");
    await expect(current(page).getByRole("button", { name: "Submit" })).toBeVisible();
    await expect(progress(page)).toHaveAttribute("aria-valuenow", "75"); // the path lost "tool": 3 of 4
    await expect(page.getByRole("button", { name: "Next question" })).toBeDisabled();
    await expectAxeClean(page);
    await waitForFillTime(page, openedAt);
    await k.press("Enter");

    await expect(page.getByRole("heading", { name: "Happy coding, Ada!" })).toBeVisible();
    await expect(page.getByText("Your score: 10.")).toBeVisible();
    await expect(page.locator(".fl-thanks")).toHaveAttribute("data-ending", "dev_end");
    const [response] = await stored(form.id);
    expect(response).toMatchObject({ answers: { name: "Ada", role: "Developer", lang: "TypeScript", years: 7 }, score: 10, ending: "dev_end" });
    expect(errors).toEqual([]);
  });

  test("immersive: a jump skips to the designer path, Back retraces it, answers left behind are not stored", async ({ page }) => {
    const form = await publishForm(api, branching);
    const openedAt = await openForm(page, form.slug);
    const k = page.keyboard;
    const back = page.getByRole("button", { name: "Previous question" });

    await page.getByLabel("What is your name?").fill("Grace");
    await k.press("Enter");
    await expect(back).toBeEnabled();
    await k.press("A"); // Developer first…
    await expect(page.getByLabel("Which language do you write most?")).toBeFocused();
    await k.type("Rust");
    await k.press("Enter"); // saved as a partial answer on the way
    await expect(page.getByLabel("How many years of Rust?")).toBeFocused();
    await back.click();
    await expect(current(page)).toContainText("Which language do you write most?");
    await back.click();
    await expect(current(page)).toContainText("What do you do?");

    await k.press("B"); // …then Designer: the jump skips lang and years
    await expect(current(page)).toContainText("Which design tool, Grace?");
    await expect(progress(page)).toHaveAttribute("aria-valuenow", "67"); // 2 of the 3 steps of this path
    await back.click(); // back to the question before the jump, not to "years"
    await expect(current(page)).toContainText("Nice to meet you, Grace! What do you do?");
    await expect(page.getByRole("radio", { name: "Designer" })).toBeChecked();
    await k.press("Enter");
    await expect(current(page)).toContainText("Which design tool, Grace?");
    await expectAxeClean(page);
    await waitForFillTime(page, openedAt);
    await k.press("A"); // Figma: the last step of this path, so it submits

    await expect(page.getByRole("heading", { name: "Happy designing, Grace!" })).toBeVisible();
    await expect(page.getByText("Your score: 5. Tool: Figma.")).toBeVisible();
    const [response] = await stored(form.id);
    // "lang" was answered (and saved while partial), but it is off this path: not stored.
    expect(response.answers).toEqual({ name: "Grace", role: "Designer", tool: "Figma" });
    expect(response).toMatchObject({ score: 5, ending: "design_end" });
  });

  test("classic: questions show and hide as answers change; a hidden required one does not block", async ({ page }) => {
    const errors = collectPageErrors(page);
    const form = await publishForm(api, {
      title: "Pets",
      description: "Invited by {{ref}}.",
      mode: "classic",
      thankYouMessage: "Say hi to {{petname}}!",
      questions: [
        { key: "ref", type: "hidden" },
        { key: "pet", type: "single-choice", title: "Do you have a pet?", options: ["Dog", "Cat", "None"], required: true },
        { key: "petname", type: "short-text", title: "What is your {{pet}} called?", required: true, showIf: { question: "pet", op: "in", value: ["Dog", "Cat"] } },
        { key: "why", type: "long-text", title: "Why not?", required: true, showIf: { question: "pet", op: "equals", value: "None" } },
        { key: "email", type: "email", title: "Your email" },
      ],
    });
    const openedAt = await openForm(page, form.slug, "?ref=Bob");
    await expect(page.getByText("Invited by Bob.")).toBeVisible(); // a hidden field recalled
    await expect(page.getByText("What is your")).toBeHidden();
    await expect(page.getByText("Why not?")).toBeHidden();
    await expect(page.locator(".fl-marker", { hasText: "2." })).toHaveCount(1); // pet 1., email 2.

    await page.getByText("Dog", { exact: true }).click();
    await expect(page.getByLabel("What is your Dog called?")).toBeVisible();
    await expect(page.getByLabel("What is your Dog called?")).toHaveAttribute("aria-required", "true"); // required once shown
    await page.getByLabel("What is your Dog called?").fill("Rex");

    await page.getByText("None", { exact: true }).click();
    await expect(page.getByText("What is your")).toBeHidden();
    await expect(page.getByLabel("Why not?")).toBeVisible();
    await page.getByLabel("Why not?").fill("Allergies");
    await expectAxeClean(page);

    await page.getByText("Cat", { exact: true }).click();
    await expect(page.getByLabel("Why not?")).toBeHidden();
    await expect(page.getByLabel("What is your Cat called?")).toHaveValue("Rex"); // kept while hidden
    await page.getByLabel("What is your Cat called?").fill("");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.locator('[id$="-petname-err"]')).toHaveText("This question is required"); // shown: enforced
    await expect(page.getByLabel("What is your Cat called?")).toBeFocused();
    await page.getByLabel("What is your Cat called?").fill("Tom");
    await waitForFillTime(page, openedAt);
    await page.getByRole("button", { name: "Submit" }).click(); // "why" is required but hidden

    await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    await expect(page.getByText("Say hi to Tom!")).toBeVisible();
    const [response] = await stored(form.id);
    expect(response.answers).toEqual({ pet: "Cat", petname: "Tom" }); // "why" was answered, then hidden: not sent
    expect(response.metadata).toEqual({ ref: "Bob" });
    expect(response).toMatchObject({ score: null, ending: null });
    expect(errors).toEqual([]);
  });

  test("an ending with a redirectUrl sends the respondent there", async ({ page }) => {
    const target = await publishForm(api, { title: "Next stop", mode: "classic", questions: [{ key: "q", type: "short-text", title: "Anything else?" }] });
    const targetUrl = `${publicUrl()}/s/${target.slug}?from=ending`;
    const form = await publishForm(api, {
      title: "Redirecting",
      mode: "classic",
      questions: [{ key: "go", type: "yes-no", title: "Go on?", required: true, jump: [{ if: { question: "go", op: "equals", value: true }, to: "away" }] }],
      endings: [{ key: "away", title: "Off you go", redirectUrl: targetUrl }],
    });
    const openedAt = await openForm(page, form.slug);
    await page.getByText("Yes", { exact: true }).click();
    await waitForFillTime(page, openedAt);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(targetUrl);
    await expect(page.getByRole("heading", { name: "Next stop" })).toBeVisible();
    const [response] = await stored(form.id);
    expect(response).toMatchObject({ answers: { go: true }, ending: "away" });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, locale: "en-US" });

  test("every question shows, none logic may hide is marked required, and the server applies the logic", async ({ page }) => {
    const form = await publishForm(api, {
      title: "Pets without script",
      mode: "classic",
      questions: [
        { key: "name", type: "short-text", title: "Your name", required: true },
        { key: "pet", type: "single-choice", title: "Do you have a pet?", options: ["Dog", "None"], required: true },
        { key: "petname", type: "short-text", title: "What is it called?", required: true, showIf: { question: "pet", op: "equals", value: "Dog" } },
        { key: "why", type: "short-text", title: "Why not?", required: true, showIf: { question: "pet", op: "equals", value: "None" }, jump: [{ if: { question: "why", op: "answered" }, to: "no_pet" }] },
        { key: "breed", type: "short-text", title: "Which breed?", required: true },
      ],
      endings: [{ key: "no_pet", title: "No pet, no problem, {{name}}", message: "You told us: {{why}}" }],
    });
    const openedAt = await openForm(page, form.slug, "", { interactive: false });
    for (const label of ["What is it called?", "Why not?", "Which breed?"]) {
      await expect(page.getByLabel(label)).toBeVisible();
      // Logic may leave these off the path ("breed" can be jumped over): the server decides.
      await expect(page.getByLabel(label)).not.toHaveAttribute("aria-required", /.*/);
    }
    await expect(page.getByLabel("Your name")).toHaveAttribute("aria-required", "true");

    await page.getByLabel("Your name").fill("Ada");
    await page.getByText("None", { exact: true }).click();
    await page.getByLabel("Why not?").fill("Allergies");
    await page.getByLabel("What is it called?").fill("Rex"); // off the path: dropped by the server
    await waitForFillTime(page, openedAt);
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page).toHaveURL(new RegExp(`/s/${form.slug}/thanks$`));
    await expect(page.getByRole("heading", { name: "No pet, no problem, Ada" })).toBeVisible();
    await expect(page.getByText("You told us: Allergies")).toBeVisible();
    const [response] = await stored(form.id);
    expect(response.answers).toEqual({ name: "Ada", pet: "None", why: "Allergies" });
    expect(response).toMatchObject({ ending: "no_pet", score: null });
  });

  test("a required question on the path is still enforced by the server", async ({ page }) => {
    const form = await publishForm(api, {
      title: "Enforced without script",
      mode: "classic",
      questions: [
        { key: "pet", type: "single-choice", title: "Do you have a pet?", options: ["Dog", "None"], required: true },
        { key: "petname", type: "short-text", title: "What is it called?", required: true, showIf: { question: "pet", op: "equals", value: "Dog" } },
      ],
    });
    const openedAt = await openForm(page, form.slug, "", { interactive: false });
    await page.getByText("Dog", { exact: true }).click();
    await waitForFillTime(page, openedAt);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${form.slug}$`));
    await expect(page.locator('[id$="-petname-err"]')).toHaveText("This question is required");
    expect(await stored(form.id)).toHaveLength(0);
  });
});
