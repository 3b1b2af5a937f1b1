/**
 * The builder with the question types of the registry: a matrix with its rows,
 * columns and "several per row", a ranking, and a choice question with
 * "Other" and shuffling, all set in the editor, shown by the live preview,
 * and kept by the autosave (read back after a reload).
 */
import { expect, test } from "@playwright/test";
import { dashboardUrl } from "./owner";
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

test("analytics and responses: the new types' cards and cells, against hand-computed numbers", async ({ page }) => {
  await signIn(page);
  const origin = dashboardUrl();
  const headers = { origin };
  const created = await page.request.post(`${origin}/api/forms`, { headers, data: { title: "New types analytics" } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).form.id as string;
  const draft = await page.request.put(`${origin}/api/forms/${id}/version/draft`, {
    headers,
    data: {
      title: "New types analytics",
      mode: "classic",
      questions: [
        { key: "terms", type: "consent", title: "Terms", required: true },
        { key: "grid", type: "matrix", title: "How do we do on…", rows: ["Speed", "Price"], columns: ["Bad", "OK", "Good"] },
        { key: "order", type: "ranking", title: "Rank the ways to reach us", options: ["Email", "Phone", "Chat"] },
        { key: "meet", type: "time", title: "Best time to call?" },
        { key: "likely", type: "opinion-scale", title: "How likely are you to come back?", scaleMin: 1, scaleMax: 5 },
        { key: "source", type: "single-choice", title: "How did you find us?", options: ["Friend", "Search"], allowOther: true },
      ],
    },
  });
  expect(draft.status(), await draft.text()).toBe(200);
  const published = await page.request.post(`${origin}/api/forms/${id}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
  const slug = (await published.json()).form.slug as string;

  const answers = [
    { terms: true, grid: { Speed: "Good", Price: "OK" }, order: ["Chat", "Email", "Phone"], meet: "14:30", likely: 4, source: "Podcast" },
    { terms: true, grid: { Speed: "Good", Price: "Bad" }, order: ["Email", "Chat", "Phone"], meet: "09:15", likely: 2, source: "Friend" },
    { terms: true, grid: { Speed: "OK", Price: "OK" }, order: ["Chat", "Phone", "Email"], meet: "14:05", likely: 5, source: "Radio" },
  ];
  for (const a of answers) {
    const res = await page.request.post(`${origin}/api/public/forms/${slug}/responses`, { headers, data: { answers: a } });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto(`${origin}/forms/${id}/analytics`);
  const card = (key: string) => page.locator(`section[data-question="${key}"]`);
  // Matrix: picks per row and column.
  const cell = (row: string, column: string) => card("grid").locator(`tr[data-row="${row}"] td[data-column="${column}"]`);
  await expect(cell("Speed", "Good")).toHaveText("2");
  await expect(cell("Speed", "OK")).toHaveText("1");
  await expect(cell("Speed", "Bad")).toHaveText("0");
  await expect(cell("Price", "OK")).toHaveText("2");
  await expect(cell("Price", "Bad")).toHaveText("1");
  // Ranking: average positions, best first: Chat (1+2+1)/3, Email (2+1+3)/3, Phone (3+3+2)/3.
  await expect(card("order").locator("li[data-option]")).toHaveCount(3);
  expect(await card("order").locator("li[data-option]").evaluateAll((els) => els.map((e) => e.getAttribute("data-option")))).toEqual(["Chat", "Email", "Phone"]);
  await expect(card("order").locator('li[data-option="Chat"] [data-average]')).toHaveText("1.3");
  await expect(card("order").locator('li[data-option="Phone"] [data-average]')).toHaveText("2.7");
  // Consent, opinion scale (4+2+5)/3, time per hour.
  await expect(card("terms").locator("[data-count]")).toHaveText("3");
  await expect(card("likely").locator("[data-average]")).toHaveText("3.7");
  await expect(card("meet").locator("tr", { has: page.locator('th:text-is("14")') }).locator("td").first()).toHaveText("2");
  // Other counted as "Other", with its latest texts.
  await expect(card("source").locator('li[data-option="Other"] [data-count]')).toHaveText("2");
  await expect(card("source").locator('li[data-option="Friend"] [data-count]')).toHaveText("1");
  await expect(card("source").getByText("Radio")).toBeVisible();
  await page.screenshot({ path: "tests/artifacts/dashboard-analytics-new-types.png", fullPage: true });

  // The responses table reads each answer as text.
  await page.goto(`${origin}/forms/${id}/responses`);
  const table = page.getByRole("region", { name: "Responses" });
  await expect(table.getByText("Speed: Good; Price: OK")).toBeVisible();
  await expect(table.getByText("Chat, Email, Phone")).toBeVisible();
});
