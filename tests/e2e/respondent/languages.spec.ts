/**
 * A translated form filled with the keyboard alone, in both
 * modes, in German, Japanese and Arabic (right to left): the form's texts and
 * the page's own words (buttons, required message, thank-you) come in the
 * language from ?lang=, options read translated but are stored in the form's
 * language, and the response records the language.
 */
import { expect, test, type Page } from "@playwright/test";
import type { Api } from "./fixtures";
import { collectPageErrors, openForm, ownerApi, publishForm, waitForFillTime } from "./helpers";

test.use({ locale: "en-US", timezoneId: "UTC" });

interface Language {
  lang: "de" | "ja" | "ar";
  dir: "ltr" | "rtl";
  texts: { title: string; name: string; colour: string; red: string; blue: string; agree: string; comment: string; thanks: string };
  /** The page's own words in that language (lib/i18n/messages). */
  words: { submit: string; ok: string; required: string; yes: string; thanksTitle: string; progress: string };
}

const languages: Language[] = [
  {
    lang: "de",
    dir: "ltr",
    texts: { title: "Sprachen", name: "Dein Name", colour: "Lieblingsfarbe", red: "Rot", blue: "Blau", agree: "Alles gut?", comment: "Noch etwas?", thanks: "Bis bald." },
    words: { submit: "Absenden", ok: "OK", required: "Diese Frage ist ein Pflichtfeld", yes: "Ja", thanksTitle: "Vielen Dank!", progress: "Fortschritt" },
  },
  {
    lang: "ja",
    dir: "ltr",
    texts: { title: "言語", name: "お名前", colour: "好きな色", red: "赤", blue: "青", agree: "大丈夫ですか？", comment: "ほかに何か？", thanks: "またね。" },
    words: { submit: "送信", ok: "OK", required: "この質問は必須です", yes: "はい", thanksTitle: "ありがとうございました！", progress: "進捗" },
  },
  {
    lang: "ar",
    dir: "rtl",
    texts: { title: "اللغات", name: "اسمك", colour: "اللون المفضل", red: "أحمر", blue: "أزرق", agree: "هل كل شيء على ما يرام؟", comment: "شيء آخر؟", thanks: "إلى اللقاء." },
    words: { submit: "إرسال", ok: "موافق", required: "هذا السؤال مطلوب", yes: "نعم", thanksTitle: "شكرًا لك!", progress: "التقدّم" },
  },
];

function translatedForm(mode: "classic" | "immersive") {
  return {
    title: `Languages (${mode})`,
    mode,
    language: "en",
    thankYouMessage: "See you soon.",
    questions: [
      { key: "name", type: "short-text", title: "Your name", required: true },
      { key: "colour", type: "single-choice", title: "Favourite colour", required: true, options: ["Red", "Blue"] },
      { key: "agree", type: "yes-no", title: "All good?" },
      { key: "comment", type: "short-text", title: "Anything else?" },
    ],
    translations: Object.fromEntries(
      languages.map(({ lang, texts: t }) => [
        lang,
        {
          title: t.title,
          thankYouMessage: t.thanks,
          questions: { name: { title: t.name }, colour: { title: t.colour, options: { Red: t.red, Blue: t.blue } }, agree: { title: t.agree }, comment: { title: t.comment } },
        },
      ]),
    ),
  };
}

let api: Api;
test.beforeAll(() => {
  api = ownerApi();
});

async function expectStored(formId: string, lang: string) {
  const res = await api("GET", `/api/forms/${formId}/responses?limit=50`);
  expect(res.status).toBe(200);
  expect(res.body.responses).toHaveLength(1);
  // Answers in the form's own language: "Blue", whatever the respondent read.
  expect(res.body.responses[0]).toMatchObject({ language: lang, answers: { name: "Ada", colour: "Blue", agree: true } });
}

async function expectLanguage(page: Page, { lang, dir }: Language) {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("html")).toHaveAttribute("dir", dir);
}

for (const language of languages) {
  const { lang, texts: t, words: w } = language;

  test(`classic, keyboard only, in ${lang}${language.dir === "rtl" ? " (right to left)" : ""}`, async ({ page }) => {
    const pageErrors = collectPageErrors(page);
    const form = await publishForm(api, translatedForm("classic"));
    await openForm(page, form.slug, `?lang=${lang}`);
    // Counted from when the page had loaded (its start token is older): the server's minimum fill time is met whatever the load took.
    const openedAt = Date.now();
    await expectLanguage(page, language);
    await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
    const k = page.keyboard;

    await k.press("Tab");
    await expect(page.getByLabel(t.name)).toBeFocused();
    await k.press("Enter"); // implicit submission: the required messages, in this language
    await expect(page.locator('[id$="-name-err"]')).toHaveText(w.required);
    await expect(page.locator('[id$="-colour-err"]')).toHaveText(w.required);
    await expect(page.getByLabel(t.name)).toBeFocused();
    await k.type("Ada");
    await k.press("Tab");
    await expect(page.getByRole("radio", { name: t.red })).toBeFocused();
    await k.press("ArrowDown");
    await expect(page.getByRole("radio", { name: t.blue })).toBeChecked();
    await k.press("Tab");
    await expect(page.getByRole("radio", { name: w.yes })).toBeFocused();
    await k.press("Space");
    await k.press("Tab");
    await expect(page.getByLabel(t.comment)).toBeFocused();
    await k.press("Tab");
    await expect(page.getByRole("button", { name: w.submit })).toBeFocused();

    await waitForFillTime(page, openedAt);
    await k.press("Enter");
    await expect(page.getByRole("heading", { name: w.thanksTitle })).toBeVisible();
    await expect(page.getByText(t.thanks)).toBeVisible();
    await expectStored(form.id, lang);
    expect(pageErrors).toEqual([]);
  });

  test(`immersive, keyboard only, in ${lang}${language.dir === "rtl" ? " (right to left)" : ""}`, async ({ page }) => {
    const pageErrors = collectPageErrors(page);
    const form = await publishForm(api, translatedForm("immersive"));
    await openForm(page, form.slug, `?lang=${lang}`);
    // Counted from when the page had loaded (its start token is older): the server's minimum fill time is met whatever the load took.
    const openedAt = Date.now();
    await expectLanguage(page, language);
    await expect(page.getByRole("progressbar", { name: w.progress })).toBeAttached();
    const current = page.locator(".fl-step:not([hidden])");
    const k = page.keyboard;

    await expect(current.getByRole("button", { name: w.ok })).toBeVisible();
    await k.press("Enter"); // no welcome step: the first question takes Enter
    await expect(page.locator('[id$="-name-err"]')).toHaveText(w.required);
    await expect(page.getByLabel(t.name)).toBeFocused();
    await k.type("Ada");
    await k.press("Enter");
    await expect(current).toContainText(t.colour);
    await expect(current).toContainText(t.red);
    await k.press("b"); // the second option (its key hint is B in every language)
    await expect(current).toContainText(t.agree);
    await k.press("y");
    await expect(page.getByLabel(t.comment)).toBeFocused();
    await expect(current.getByRole("button", { name: w.submit })).toBeVisible();

    await waitForFillTime(page, openedAt);
    await k.press("Enter"); // the last step submits
    await expect(page.getByRole("heading", { name: w.thanksTitle })).toBeVisible();
    await expect(page.getByText(t.thanks)).toBeVisible();
    await expectStored(form.id, lang);
    expect(pageErrors).toEqual([]);
  });
}

test("Accept-Language picks the translation when the link has no ?lang=", async ({ browser }) => {
  const form = await publishForm(api, translatedForm("classic"));
  const context = await browser.newContext({ locale: "ar-EG" });
  const page = await context.newPage();
  await openForm(page, form.slug);
  await expectLanguage(page, languages[2]);
  // Right to left: the question's number (what a line starts with) sits on the right of its box.
  const [marker, box] = await Promise.all([page.locator(".fl-marker").first().boundingBox(), page.locator(".fl-q").first().boundingBox()]);
  expect(marker!.x).toBeGreaterThan(box!.x + box!.width / 2);
  await context.close();
});
