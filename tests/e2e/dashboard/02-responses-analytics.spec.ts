/**
 * Reading responses in the dashboard.
 *
 * 1. Two responses submitted on the public page show in the table, filter
 *    (search, hidden-field metadata) through the URL, open in the detail
 *    panel, export as CSV exactly as filtered, add up in the analytics (also
 *    under a metadata filter), and one is deleted.
 * 2. Pagination (20/50), the date range and a bad value in a hand-edited URL.
 * 3. Analytics for every kind of question (NPS, choices, yes-no, number).
 * 4. Both pages at tablet width (768 px) without sideways scrolling.
 *
 * Runs after 01-owner-flow on the same server, signed in as the suite's owner.
 * Forms are created through the API with the page's session (the builder's
 * own flow is 01's subject); the responses of (1) go through the real public
 * page, the bulk ones of (2) and (3) through the public API.
 * Screenshots at 1280 px (and 768 px) go to tests/artifacts/.
 */
import { mkdir, readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { waitForFillTime } from "../fill-time";
import { dashboardUrl } from "./owner";
import { signInOncePerFile } from "./session";

const ARTIFACTS = "tests/artifacts";
const FORM_TITLE = "Friday lunch feedback";

signInOncePerFile("02");

interface Answer {
  ref: string;
  rating: number;
  food: string;
  comment: string;
}
const FIRST: Answer = { ref: "a", rating: 5, food: "Pizza", comment: "The pizza was excellent" };
const SECOND: Answer = { ref: "b", rating: 2, food: "Sushi", comment: "Too much wasabi, sadly" };

async function createPublishedForm(page: Page) {
  const origin = dashboardUrl();
  // page.request carries the browser context's session cookie; changes made
  // with a session must come from the dashboard's origin.
  const headers = { origin };
  const created = await page.request.post(`${origin}/api/forms`, { headers, data: { title: FORM_TITLE } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).form.id as string;
  const draft = await page.request.put(`${origin}/api/forms/${id}/version/draft`, {
    headers,
    data: {
      title: FORM_TITLE,
      mode: "classic",
      questions: [
        { key: "rating", type: "rating", title: "How was lunch?", scaleMin: 1, scaleMax: 5, required: true },
        { key: "food", type: "single-choice", title: "What did you eat?", options: ["Pizza", "Sushi", "Salad"], required: true },
        { key: "comment", type: "long-text", title: "Anything else?" },
        { key: "ref", type: "hidden" },
      ],
    },
  });
  expect(draft.status(), await draft.text()).toBe(200);
  const published = await page.request.post(`${origin}/api/forms/${id}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
  return { id, slug: (await published.json()).form.slug as string };
}

async function respondOnPublicPage(page: Page, slug: string, answer: Answer) {
  await page.goto(`${dashboardUrl()}/s/${slug}?ref=${answer.ref}`);
  const openedAt = Date.now();
  const form = page.getByRole("form", { name: FORM_TITLE });
  await form.getByRole("group", { name: /How was lunch\?/ }).getByText(String(answer.rating), { exact: true }).click();
  await form.getByRole("group", { name: /What did you eat\?/ }).getByText(answer.food, { exact: true }).click();
  await form.getByLabel(/Anything else\?/).fill(answer.comment);
  await waitForFillTime(page, openedAt);
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: "Thanks for your response!" })).toBeVisible();
}

const bodyRows = (page: Page) => page.getByRole("region", { name: "Responses" }).locator("tbody tr");

async function applyFilters(page: Page) {
  await page.getByRole("button", { name: "Apply filters" }).click();
}

/** A minimal RFC 4180 reader (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(cell), (cell = "");
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell), rows.push(row), (row = []), (cell = "");
    } else cell += c;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

/**
 * Errors the browser reports on the dashboard's pages (hydration mismatches,
 * failed requests, uncaught exceptions); the public page has its own suite.
 */
function dashboardErrors(page: Page) {
  const errors: string[] = [];
  const onDashboard = () => !new URL(page.url()).pathname.startsWith("/s/");
  page.on("console", (m) => { if (m.type() === "error" && onDashboard()) errors.push(`${page.url()}: ${m.text()}`); });
  page.on("pageerror", (e) => { if (onDashboard()) errors.push(`${page.url()}: ${e.message}`); });
  return errors;
}

const stat = (page: Page, id: string) => page.locator(`[data-stat="${id}"] dd`).first();
const questionCard = (page: Page, key: string): Locator => page.locator(`[data-question="${key}"]`);
const optionCount = (page: Page, option: string) => questionCard(page, "food").locator(`[data-option="${option}"] [data-count]`);

test("responses: table, filters in the URL, detail panel, filtered CSV, analytics, delete", async ({ page }) => {
  await mkdir(ARTIFACTS, { recursive: true });
  const errors = dashboardErrors(page);
  const form = await createPublishedForm(page);
  const responsesUrl = `${dashboardUrl()}/forms/${form.id}/responses`;

  // Before any response: the empty state points at the public link.
  await page.goto(responsesUrl);
  await expect(page.getByRole("heading", { name: "No responses yet" })).toBeVisible();
  await expect(page.locator(".empty-state").getByRole("link", { name: `/s/${form.slug}` })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/responses-empty.png` });

  await respondOnPublicPage(page, form.slug, FIRST);
  await respondOnPublicPage(page, form.slug, SECOND);

  // The table: both responses, newest first, one column per question (the hidden one is metadata).
  await page.goto(responsesUrl);
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(page.getByTestId("responses-count")).toHaveText("2 responses");
  const headers = page.getByRole("region", { name: "Responses" }).locator("thead th");
  await expect(headers).toHaveText(["Submitted", "How was lunch?", "What did you eat?", "Anything else?"]);
  await expect(bodyRows(page).nth(0)).toContainText(SECOND.comment);
  await expect(bodyRows(page).nth(1)).toContainText(FIRST.comment);
  await expect(bodyRows(page).nth(1)).toContainText("Pizza");
  await bodyRows(page).nth(0).focus();
  await page.keyboard.press("ArrowDown");
  await expect(bodyRows(page).nth(1)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(bodyRows(page).nth(0)).toBeFocused();
  await page.screenshot({ path: `${ARTIFACTS}/responses.png`, fullPage: true });

  // Free-text search.
  await page.getByLabel("Search answers").fill("wasabi");
  await applyFilters(page);
  await expect(page).toHaveURL(/[?&]search=wasabi/);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(SECOND.comment);
  await expect(page.getByTestId("responses-count")).toHaveText("1 response matches the filters");

  // Hidden-field metadata instead of the search; the filter survives a reload.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(bodyRows(page)).toHaveCount(2);
  await page.getByRole("textbox", { name: /^ref/ }).fill("a");
  await applyFilters(page);
  await expect(page).toHaveURL(/[?&]metadata%5Bref%5D=a(&|$)/);
  await expect(bodyRows(page)).toHaveCount(1);
  await page.reload();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(FIRST.comment);
  await expect(page.getByRole("textbox", { name: /^ref/ })).toHaveValue("a");

  // The whole response in the panel, opened from the keyboard; Escape closes it.
  await bodyRows(page).first().focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: "Response" });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(FIRST.comment);
  await expect(panel.getByRole("definition").filter({ hasText: /^Pizza$/ })).toBeVisible();
  await expect(panel.locator("dl").last()).toContainText("ref");
  await expect(panel.locator("dl").last()).toContainText("a");
  await page.screenshot({ path: `${ARTIFACTS}/response-detail.png` });
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(bodyRows(page).first()).toBeFocused();

  // Export: exactly the filtered set, with the metadata column when asked.
  await page.getByLabel("Include metadata").check();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = parseCsv((await readFile(await download.path())).toString("utf8").replace(/^\uFEFF/, ""));
  const [header, ...records] = csv.filter((r) => r.some((c) => c !== ""));
  expect(header).toEqual(["id", "submittedAt", "rating", "food", "comment", "metadata.ref"]);
  expect(records).toHaveLength(1);
  const record = Object.fromEntries(header.map((h, i) => [h, records[0][i]]));
  expect(record).toMatchObject({ rating: "5", food: "Pizza", comment: FIRST.comment, "metadata.ref": "a" });

  // Analytics: all responses, then the same metadata filter.
  await page.goto(`${dashboardUrl()}/forms/${form.id}/analytics`);
  await expect(stat(page, "total")).toHaveText("2");
  await expect(stat(page, "today")).toHaveText("2");
  await expect(stat(page, "week")).toHaveText("2");
  await expect(questionCard(page, "rating").locator("[data-average]")).toHaveText("3.5");
  await expect(optionCount(page, "Pizza")).toHaveText("1");
  await expect(optionCount(page, "Sushi")).toHaveText("1");
  await expect(optionCount(page, "Salad")).toHaveText("0");
  await expect(questionCard(page, "comment")).toContainText(FIRST.comment);
  await expect(questionCard(page, "comment")).toContainText(SECOND.comment);
  // The trend's accessible numbers: today's row says 2.
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.getByRole("table", { name: "Responses per day" }).getByRole("row", { name: new RegExp(`^${today}`) })).toContainText("2");
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/analytics.png`, fullPage: true });

  await page.getByRole("textbox", { name: /^ref/ }).fill("a");
  await applyFilters(page);
  await expect(page).toHaveURL(/[?&]metadata%5Bref%5D=a(&|$)/);
  await expect(stat(page, "total")).toHaveText("1");
  await expect(questionCard(page, "rating").locator("[data-average]")).toHaveText("5");
  await expect(optionCount(page, "Pizza")).toHaveText("1");
  await expect(optionCount(page, "Sushi")).toHaveText("0");
  await expect(questionCard(page, "comment")).not.toContainText(SECOND.comment);
  await page.screenshot({ path: `${ARTIFACTS}/analytics-filtered.png`, fullPage: true });

  // Delete one response (with confirmation): the count drops everywhere.
  await page.goto(responsesUrl);
  await bodyRows(page).filter({ hasText: SECOND.comment }).click();
  await expect(panel).toContainText("1 of 2 on this page");
  await expect(panel.getByRole("button", { name: "← Newer" })).toBeDisabled();
  await panel.getByRole("button", { name: "Older →" }).click();
  await expect(panel).toContainText(FIRST.comment);
  await expect(panel).toContainText("2 of 2 on this page");
  await panel.getByRole("button", { name: "← Newer" }).click();
  await expect(panel).toContainText(SECOND.comment);
  await panel.getByRole("button", { name: "Delete response" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this response?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Delete response" }).click();
  await expect(page.getByText("Response deleted")).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(page.getByTestId("responses-count")).toHaveText("1 response");
  await expect(bodyRows(page).first()).toContainText(FIRST.comment);
  await page.goto(`${dashboardUrl()}/forms/${form.id}/analytics`);
  await expect(stat(page, "total")).toHaveText("1");
  await expect(optionCount(page, "Sushi")).toHaveText("0");
  expect(errors).toEqual([]);
});

test("pages of 20 or 50, a date range, and a bad date in the URL", async ({ page }) => {
  const form = await createPublishedForm(page);
  // Straight to the public API (no page, so no fill-time check): 23 responses.
  for (let i = 1; i <= 23; i++) {
    const res = await page.request.post(`${dashboardUrl()}/api/public/forms/${form.slug}/responses`, {
      data: { answers: { rating: (i % 5) + 1, food: "Salad", comment: `Response number ${i}`, ref: "bulk" } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const responsesUrl = `${dashboardUrl()}/forms/${form.id}/responses`;
  await page.goto(responsesUrl);
  await expect(bodyRows(page)).toHaveCount(20);
  await expect(bodyRows(page).first()).toContainText("Response number 23");
  const pages = page.getByRole("navigation", { name: "Pages of responses" });
  await expect(pages).toContainText("Page 1 of 2");
  await pages.getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(bodyRows(page)).toHaveCount(3);
  await expect(bodyRows(page).last()).toContainText("Response number 1");

  // A new page size starts at page 1 and is kept in the URL.
  await pages.getByLabel("Rows per page").selectOption("50");
  await expect(page).toHaveURL(/[?&]limit=50/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(bodyRows(page)).toHaveCount(23);

  // Date range (UTC days): tomorrow onwards matches nothing, today matches all.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel(/^From/).fill(day(1));
  await applyFilters(page);
  await expect(page.getByRole("heading", { name: "No responses match these filters" })).toBeVisible();
  await expect(page).toHaveURL(/[?&]limit=50/);
  await page.getByLabel(/^From/).fill(day(0));
  await page.getByLabel(/^To/).fill(day(0));
  await applyFilters(page);
  await expect(bodyRows(page)).toHaveCount(23);

  // A hand-edited URL with a bad date: said next to the field, the rest still works.
  await page.goto(`${responsesUrl}?from=2026-13-45&search=number%2022`);
  await expect(page.getByText('"2026-13-45" is not a date (YYYY-MM-DD); it was ignored')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("Response number 22");
});

test("analytics: a fitting view for every kind of question", async ({ page }) => {
  const origin = dashboardUrl();
  const headers = { origin };
  const created = await page.request.post(`${origin}/api/forms`, { headers, data: { title: "Every chart" } });
  const id = (await created.json()).form.id as string;
  const draft = await page.request.put(`${origin}/api/forms/${id}/version/draft`, {
    headers,
    data: {
      title: "Every chart",
      questions: [
        { key: "nps", type: "nps", title: "Would you recommend us?" },
        { key: "extras", type: "multiple-choice", title: "Extras?", options: ["Fries", "Salad", "Soup"] },
        { key: "again", type: "yes-no", title: "Would you come again?" },
        { key: "people", type: "number", title: "How many people?" },
        { key: "city", type: "dropdown", title: "City", options: ["Berlin", "Paris"] },
      ],
    },
  });
  expect(draft.status(), await draft.text()).toBe(200);
  const published = await page.request.post(`${origin}/api/forms/${id}/publish`, { headers });
  const slug = (await published.json()).form.slug as string;
  const answers = [
    { nps: 10, extras: ["Fries", "Soup"], again: true, people: 2, city: "Berlin" },
    { nps: 9, extras: ["Fries"], again: true, people: 5, city: "Berlin" },
    { nps: 3, extras: ["Salad", "Fries"], again: false, people: 11, city: "Paris" },
    { nps: 7 },
  ];
  for (const a of answers) {
    const res = await page.request.post(`${origin}/api/public/forms/${slug}/responses`, { data: { answers: a } });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto(`${origin}/forms/${id}/analytics`);
  await expect(stat(page, "total")).toHaveText("4");
  // NPS: 2 promoters, 1 passive, 1 detractor of 4 → (2 − 1) / 4 = 25.
  const nps = questionCard(page, "nps");
  await expect(nps.locator("[data-nps-score]")).toHaveText("25");
  await expect(nps).toContainText("Promoters (9–10)2 (50%)");
  await expect(nps).toContainText("Passives (7–8)1 (25%)");
  await expect(nps).toContainText("Detractors (0–6)1 (25%)");
  await expect(nps.locator("dt > span").first()).toHaveCSS("background-color", "rgb(21, 128, 61)");
  await expect(nps.getByRole("table", { name: /answers per value/ }).getByRole("row", { name: /^10 / })).toContainText("1");
  // Multiple choice: shares of the 3 who answered, so they add up past 100%.
  const extras = questionCard(page, "extras");
  await expect(extras).toContainText("3 responses");
  await expect(extras.locator('[data-option="Fries"]')).toContainText("3 (100%)");
  await expect(extras.locator('[data-option="Soup"]')).toContainText("1 (33%)");
  await expect(questionCard(page, "again")).toContainText("Yes2 (67%)");
  await expect(questionCard(page, "again")).toContainText("No1 (33%)");
  await expect(questionCard(page, "people")).toContainText("Average6");
  await expect(questionCard(page, "people")).toContainText("Lowest2");
  await expect(questionCard(page, "people")).toContainText("Highest11");
  await expect(questionCard(page, "city").locator('[data-option="Paris"]')).toContainText("1 (33%)");
  await page.screenshot({ path: `${ARTIFACTS}/analytics-every-type.png`, fullPage: true });
});

test("analytics of logic: endings, score distribution, path counts, and the ending/score filters", async ({ page }) => {
  const origin = dashboardUrl();
  const headers = { origin };
  const created = await page.request.post(`${origin}/api/forms`, { headers, data: { title: "Quiz" } });
  const id = (await created.json()).form.id as string;
  const draft = await page.request.put(`${origin}/api/forms/${id}/version/draft`, {
    headers,
    data: {
      title: "Quiz",
      endings: [{ key: "winner", title: "You won" }],
      questions: [
        { key: "capital", type: "single-choice", title: "Capital of France?", options: ["Paris", "Rome"], scores: { Paris: 10 } },
        { key: "sure", type: "yes-no", title: "Sure?", scores: { yes: 5 }, jump: [{ if: { score: true, op: "gte", value: 15 }, to: "winner" }] },
        { key: "why", type: "short-text", title: "Why not?" },
      ],
    },
  });
  expect(draft.status(), await draft.text()).toBe(200);
  const slug = (await (await page.request.post(`${origin}/api/forms/${id}/publish`, { headers })).json()).form.slug as string;
  // Scores 15 (winner), 10, 5, 0; the first never sees "why".
  for (const answers of [{ capital: "Paris", sure: true }, { capital: "Paris", sure: false }, { capital: "Rome", sure: true, why: "guess" }, { capital: "Rome" }]) {
    const res = await page.request.post(`${origin}/api/public/forms/${slug}/responses`, { data: { answers } });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto(`${origin}/forms/${id}/analytics`);
  const endings = page.getByTestId("endings");
  await expect(endings.locator('[data-option="Default ending"]')).toContainText("3 (75%)");
  await expect(endings.locator('[data-option="You won"]')).toContainText("1 (25%)");
  await expect(page.getByTestId("score-average")).toHaveText("7.5");
  await expect(page.getByTestId("score").getByRole("table", { name: /answers per value/ }).getByRole("row", { name: /^15 / })).toContainText("1");
  await expect(questionCard(page, "why").getByTestId("path-counts")).toContainText("3 had it on their path");

  await page.getByLabel("Ending", { exact: true }).selectOption("winner");
  await page.getByLabel("Score from").fill("12");
  await applyFilters(page);
  await expect(page).toHaveURL(/ending=winner/);
  await expect(stat(page, "total")).toHaveText("1");
  await expect(page.getByTestId("score-average")).toHaveText("15");
  await page.screenshot({ path: `${ARTIFACTS}/analytics-logic.png`, fullPage: true });

  // The responses page takes the same filters from the same controls.
  await page.goto(`${origin}/forms/${id}/responses?ending=end&scoreMax=5`);
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(page.getByLabel("Ending", { exact: true })).toHaveValue("end");
});

test("responses and analytics fit a tablet (768 px) without sideways scrolling", async ({ page }) => {
  await mkdir(ARTIFACTS, { recursive: true });
  const form = await createPublishedForm(page);
  await respondOnPublicPage(page, form.slug, FIRST);
  await page.setViewportSize({ width: 768, height: 1024 });
  for (const section of ["responses", "analytics"]) {
    await page.goto(`${dashboardUrl()}/forms/${form.id}/${section}`);
    if (section === "responses") await expect(bodyRows(page)).toHaveCount(1);
    else await expect(stat(page, "total")).toHaveText("1");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${section} scrolls sideways at 768 px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${ARTIFACTS}/${section}-768.png`, fullPage: true });
  }
});
