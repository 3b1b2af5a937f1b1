/**
 * Respondents "in their language", over real HTTP on the suite's
 * database: the page picks a language from ?lang= or Accept-Language among
 * the form's own and its translations (falling back to the form's), the page's
 * own words and validation messages come in it, the response records it (API
 * object, CSV column), answers to translated options are stored in the form's
 * language so analytics count them as one, and `translations` is validated
 * key by key with the path of what is refused.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createOwner, publishedForm, request, type Owner } from "../helpers/api";
import { respondent, responsesPath } from "./public-helpers";

let owner: Owner;
beforeAll(async () => {
  owner = await createOwner();
});

const schema = {
  title: "Colours",
  description: "A short survey",
  language: "en",
  questions: [
    { key: "colour", type: "single-choice", title: "Favourite colour?", required: true, options: ["Red", "Blue"] },
    { key: "why", type: "short-text", title: "Why?", placeholder: "Tell us" },
  ],
  translations: {
    de: {
      title: "Farben",
      questions: { colour: { title: "Lieblingsfarbe?", options: { Red: "Rot", Blue: "Blau" } }, why: { title: "Warum?" } },
    },
    ar: { title: "الألوان", questions: { colour: { title: "اللون المفضل؟", options: { Red: "أحمر" } } } },
    fr: { questions: { colour: { title: "Couleur préférée ?" } } },
  },
};

const page = (slug: string, query = "", headers: Record<string, string> = {}) => request("GET", `/s/${slug}${query}`, undefined, { headers });
const htmlLang = (html: string) => /<html lang="([^"]+)"(?: dir="([^"]+)")?/.exec(html)?.slice(1, 3);

describe("the public page's language", () => {
  let form: { id: string; slug: string };
  beforeAll(async () => {
    form = await publishedForm(owner, schema);
  });

  it("takes ?lang= among the form's languages: translated texts, the page's own words, options labelled but valued in the form's language", async () => {
    const res = await page(form.slug, "?lang=de");
    expect(res.status).toBe(200);
    expect(htmlLang(res.text)).toEqual(["de", "ltr"]);
    expect(res.text).toContain("<title>Farben</title>");
    expect(res.text).toContain("Lieblingsfarbe?");
    expect(res.text).toContain(">Absenden<");
    // The option reads "Rot" and posts "Red".
    expect(res.text).toMatch(/value="Red"[^>]*>[\s\S]{0,400}Rot/);
    expect(res.text).not.toContain(">Red<");
    // A text without a translation shows in the form's language; the other translations never reach the page.
    expect(res.text).toContain("A short survey");
    expect(res.text).not.toContain("الألوان");
    expect(res.text).toContain('name="_lang" value="de"');
  });

  it("reads Accept-Language by q when there is no ?lang=, base language matching a regional tag", async () => {
    const res = await page(form.slug, "", { "accept-language": "it;q=0.9, fr-CH;q=0.8, de;q=0.5" });
    expect(htmlLang(res.text)).toEqual(["fr", "ltr"]);
    expect(res.text).toContain("Couleur préférée ?");
    expect(res.text).toContain(">Envoyer<");
    // Untranslated texts fall back to the form's own.
    expect(res.text).toContain("<title>Colours</title>");
  });

  it("falls back to the form's language for a language it is not translated into, and ?lang= wins over the header", async () => {
    const other = await page(form.slug, "", { "accept-language": "ja, es;q=0.9" });
    expect(htmlLang(other.text)).toEqual(["en", "ltr"]);
    expect(other.text).toContain(">Submit<");
    const unknown = await page(form.slug, "?lang=xx", { "accept-language": "de" });
    expect(htmlLang(unknown.text)).toEqual(["de", "ltr"]);
    const asked = await page(form.slug, "?lang=ar", { "accept-language": "de" });
    expect(asked.text).toContain('name="_lang" value="ar"');
  });

  it("lays Arabic out right to left", async () => {
    const res = await page(form.slug, "?lang=ar");
    expect(htmlLang(res.text)).toEqual(["ar", "rtl"]);
    expect(res.text).toContain("أحمر");
    expect(res.text).toContain(">إرسال<");
    // "Blue" has no Arabic label: it shows as written.
    expect(res.text).toMatch(/value="Blue"[^>]*>[\s\S]{0,400}Blue/);
  });

  it("speaks the form's own language when it has no translations, and notices follow the browser when there is no form", async () => {
    const german = await publishedForm(owner, { title: "Umfrage", language: "de", questions: [{ key: "q", type: "yes-no", title: "Alles gut?" }] });
    const res = await page(german.slug, "", { "accept-language": "en" });
    expect(htmlLang(res.text)).toEqual(["de", "ltr"]);
    expect(res.text).toContain(">Ja<");
    expect(res.text).toContain(">Absenden<");
    const missing = await page("no-such-form-here", "", { "accept-language": "he, en;q=0.5" });
    expect(missing.status).toBe(404);
    expect(htmlLang(missing.text)).toEqual(["he", "rtl"]);
    expect(missing.text).toContain("הטופס הזה אינו זמין");
  });

  it("closed and full notices come in the page's language", async () => {
    const full = await publishedForm(owner, schema, { maxResponses: 1 });
    expect((await respondent().post(responsesPath(full.slug), { answers: { colour: "Red" } })).status).toBe(201);
    const res = await page(full.slug, "?lang=de");
    expect(res.text).toContain('data-notice="full"');
    expect(res.text).toContain("Dieses Formular ist voll");
  });
});

describe("the public API's form (GET /api/public/forms/:slug)", () => {
  let form: { id: string; slug: string };
  beforeAll(async () => {
    form = await publishedForm(owner, schema);
  });
  const get = (query = "", headers: Record<string, string> = {}) => request("GET", `/api/public/forms/${form.slug}${query}`, undefined, { headers });

  it("carries the form's own language and every translation, texts untranslated, so a custom front end can render any language", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.form.language).toBe("en");
    expect(res.body.form.languages[0]).toBe("en");
    expect([...res.body.form.languages].sort()).toEqual(["ar", "de", "en", "fr"]);
    expect(res.body.form.translations).toEqual(schema.translations);
    expect(res.body.form.title).toBe("Colours");
    expect(res.body.form.questions[0].options).toEqual(["Red", "Blue"]);
    expect(res.body.form.respondentLanguage).toBe("en");
  });

  it("names this request's language by the page's rule: ?lang=, else Accept-Language, else the form's own", async () => {
    expect((await get("?lang=de", { "accept-language": "fr" })).body.form.respondentLanguage).toBe("de");
    expect((await get("", { "accept-language": "it;q=0.9, fr-CH;q=0.8, de;q=0.5" })).body.form.respondentLanguage).toBe("fr");
    expect((await get("?lang=xx", { "accept-language": "ja" })).body.form.respondentLanguage).toBe("en");
    // The texts stay the form's own whatever the language asked for.
    expect((await get("?lang=de")).body.form.title).toBe("Colours");
  });

  it("a form without translations: its language, an empty object, and only that language", async () => {
    const german = await publishedForm(owner, { title: "Umfrage", language: "de", questions: [{ key: "q", type: "yes-no", title: "Alles gut?" }] });
    const res = await request("GET", `/api/public/forms/${german.slug}`, undefined, { headers: { "accept-language": "en" } });
    expect(res.body.form).toMatchObject({ language: "de", languages: ["de"], translations: {}, respondentLanguage: "de" });
  });

  it("refuses an unknown query parameter and an over-long lang", async () => {
    const unknown = await get("?language=de");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe("invalid_query");
    const long = await get(`?lang=${"x".repeat(36)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.details[0].path).toBe("lang");
  });
});

describe("the theme's button words", () => {
  it("show in the form's language, come from the translation when it has them, else are the owner's own words", async () => {
    const form = await publishedForm(owner, {
      ...schema,
      theme: { labels: { submit: "Send it" } },
      translations: { ...schema.translations, de: { ...schema.translations.de, buttons: { submit: "Schick es ab" } } },
    });
    expect((await page(form.slug)).text).toContain(">Send it<");
    expect((await page(form.slug, "?lang=de")).text).toContain(">Schick es ab<");
    // A translation without buttons: the owner's words, not another language's default.
    const french = await page(form.slug, "?lang=fr");
    expect(french.text).toContain(">Send it<");
    expect(french.text).not.toContain(">Envoyer<");
  });

  it("refuses a translation of a button the theme sets no words for", async () => {
    const created = await owner.api.post("/api/forms", { title: "Draft" });
    const res = await owner.api.put(`/api/forms/${created.body.form.id}/version/draft`, { ...schema, translations: { de: { buttons: { start: "Los" } } } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain("translations.de.buttons.start");
  });
});

describe("the response records its language", () => {
  let form: { id: string; slug: string };
  beforeAll(async () => {
    form = await publishedForm(owner, schema);
  });

  const getResponse = (id: string) => owner.readApi.get(`/api/forms/${form.id}/responses/${id}`);

  it("stores the language sent (default: the form's), in the response object", async () => {
    const de = await respondent().post(responsesPath(form.slug), { answers: { colour: "Red" }, language: "de" });
    expect(de.status).toBe(201);
    expect((await getResponse(de.body.response.id)).body.response).toMatchObject({ language: "de", answers: { colour: "Red" } });
    const plain = await respondent().post(responsesPath(form.slug), { answers: { colour: "Blue" } });
    expect((await getResponse(plain.body.response.id)).body.response.language).toBe("en");
  });

  it("a partial response takes the latest language it was sent in", async () => {
    const who = respondent();
    const started = await who.post(responsesPath(form.slug), { answers: { why: "x" }, partial: true, language: "fr" });
    expect(started.status).toBe(201);
    const id = started.body.response.id;
    expect((await getResponse(id)).body.response.language).toBe("fr");
    expect((await who.patch(`${responsesPath(form.slug)}/${id}`, { answers: { colour: "Blue" }, language: "ar" })).status).toBe(200);
    expect((await getResponse(id)).body.response).toMatchObject({ language: "ar", finished: true });
  });

  it("refuses a language the form is not in (400 on `language`), and unknown tags", async () => {
    const es = await respondent().post(responsesPath(form.slug), { answers: { colour: "Red" }, language: "es" });
    expect(es.status).toBe(400);
    expect(es.body.error.details).toEqual([{ path: "language", message: "Use one of: en, de, ar, fr" }]);
    const bogus = await respondent().post(responsesPath(form.slug), { answers: { colour: "Red" }, language: "klingon" });
    expect(bogus.status).toBe(400);
    expect(bogus.body.error.details.map((d: { path: string }) => d.path)).toContain("language");
  });

  it("gives validation messages in the respondent's language", async () => {
    const res = await respondent().post(responsesPath(form.slug), { answers: { why: "x" }, language: "de" });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: "answers.colour", message: "Diese Frage ist ein Pflichtfeld" }]);
    const he = await publishedForm(owner, { ...schema, language: "he", translations: undefined });
    const hebrew = await respondent().post(responsesPath(he.slug), { answers: { colour: "Green" } });
    expect(hebrew.body.error.details).toEqual([{ path: "answers.colour", message: "בחרו אחת מהאפשרויות" }]);
  });

  it("a no-JavaScript post records the page's language and comes back to the page in it", async () => {
    const body = new URLSearchParams({ _lang: "de", why: "only this" });
    const failed = await fetch(`${process.env.TEST_BASE_URL}/s/${form.slug}/submit`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: "fl_rid=nojs-lang-test" },
      body,
      redirect: "manual",
    });
    expect(failed.status).toBe(303);
    expect(failed.headers.get("location")).toBe(`/s/${form.slug}?lang=de`);
    const flash = failed.headers.getSetCookie().find((c) => c.startsWith("fl_flash="))!.split(";")[0];
    const again = await page(form.slug, "?lang=de", { cookie: `${flash}; fl_rid=nojs-lang-test` });
    expect(again.text).toContain("Diese Frage ist ein Pflichtfeld");

    const ok = await fetch(`${process.env.TEST_BASE_URL}/s/${form.slug}/submit`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: "fl_rid=nojs-lang-test-2" },
      body: new URLSearchParams({ _lang: "de", colour: "Blue" }),
      redirect: "manual",
    });
    expect(ok.headers.get("location")).toBe(`/s/${form.slug}/thanks?lang=de`);
    const row = await db.response.findFirst({ where: { formId: form.id, answers: { contains: "Blue" } }, orderBy: { createdAt: "desc" } });
    expect(row?.language).toBe("de");
    const thanks = await request("GET", `/s/${form.slug}/thanks?lang=de`);
    expect(thanks.text).toContain("Danke für deine Antwort!");
  });
});

describe("exports and analytics", () => {
  let form: { id: string; slug: string };
  beforeAll(async () => {
    form = await publishedForm(owner, schema);
    for (const [colour, language] of [["Red", "en"], ["Red", "de"], ["Red", "ar"], ["Blue", "de"]] as const) {
      const res = await respondent().post(responsesPath(form.slug), { answers: { colour }, language });
      expect(res.status).toBe(201);
    }
  });

  it("the CSV has a language column for a translated form", async () => {
    const res = await owner.readApi.get(`/api/forms/${form.id}/responses/export`);
    const rows = res.text.replace(/^\uFEFF/, "").trim().split("\n").map((l) => l.split(","));
    expect(rows[0]).toEqual(["id", "submittedAt", "language", "colour", "why"]);
    expect(rows.slice(1).map((r) => `${r[2]}:${r[3]}`).sort()).toEqual(["ar:Red", "de:Blue", "de:Red", "en:Red"]);
  });

  it("an English-only form's CSV has no language column", async () => {
    const plain = await publishedForm(owner, { title: "Plain", questions: [{ key: "q", type: "short-text", title: "Q" }] });
    await respondent().post(responsesPath(plain.slug), { answers: { q: "hi" } });
    const res = await owner.readApi.get(`/api/forms/${plain.id}/responses/export`);
    expect(res.text.replace(/^\uFEFF/, "").split("\n")[0]).toBe("id,submittedAt,q");
  });

  it("analytics count a translated option as the same option", async () => {
    const res = await owner.readApi.get(`/api/forms/${form.id}/analytics/summary`);
    expect(res.status).toBe(200);
    const colour = res.body.questions.find((q: { key: string }) => q.key === "colour");
    expect(colour.responses).toBe(4);
    expect(colour.summary).toMatchObject({ count: 4, options: { Red: 3, Blue: 1 } });
    expect(Object.keys(colour.summary.options)).toEqual(["Red", "Blue"]);
  });
});

describe("validating `translations`", () => {
  const put = async (draft: Record<string, unknown>) => {
    const created = await owner.api.post("/api/forms", { title: "Draft" });
    return owner.api.put(`/api/forms/${created.body.form.id}/version/draft`, draft);
  };
  const paths = (res: { body: { error: { details: { path: string }[] } } }) => res.body.error.details.map((d) => d.path);

  it("accepts a valid translation and gives it back", async () => {
    const res = await put(schema);
    expect(res.status).toBe(200);
    expect(res.body.draft.translations.de.questions.colour.options).toEqual({ Red: "Rot", Blue: "Blau" });
    expect(res.body.draft.language).toBe("en");
  });

  it("refuses unknown languages, keys and items, each with its path", async () => {
    const res = await put({
      ...schema,
      translations: {
        xx: { title: "?" },
        de: {
          title: "Farben",
          subtitle: "no such field",
          questions: { colour: { options: { Green: "Grün" }, placeholder: "none here" }, nope: { title: "?" } },
          endings: { gone: { title: "?" } },
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(paths(res)).toEqual(
      expect.arrayContaining([
        "translations",
        "translations.de",
        "translations.de.questions.colour.options.Green",
        "translations.de.questions.colour.placeholder",
        "translations.de.questions.nope",
        "translations.de.endings.gone",
      ]),
    );
    const unknownLanguage = res.body.error.details.find((d: { path: string }) => d.path === "translations");
    expect(unknownLanguage.message).toContain('"xx"');
  });

  it("refuses a translation into the form's own language, an unknown form language, and prototype keys", async () => {
    const own = await put({ ...schema, language: "de" });
    expect(own.status).toBe(400);
    expect(paths(own)).toContain("translations.de");
    const badLanguage = await put({ ...schema, language: "xx" });
    expect(paths(badLanguage)).toContain("language");
    const proto = await put({ ...schema, translations: { de: { questions: JSON.parse('{"__proto__": {"title": "x"}}') } } });
    expect(proto.status).toBe(400);
  });
});
