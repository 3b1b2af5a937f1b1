/**
 * The form's theme (lib/theme): strict validation with paths, images that
 * must be this form's own assets, and the public page carrying the brand in
 * both modes (CSS custom properties in the server's HTML, the logo, the
 * cover, the buttons' words), on its notices too, and in the public API.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { storage } from "@/lib/storage";
import { baseUrl, createOwner, publishedForm, type Owner } from "../helpers/api";
import { png, upload } from "./files-suite";

let owner: Owner;
let other: Owner;
beforeAll(async () => {
  [owner, other] = await Promise.all([createOwner(), createOwner()]);
});

const auth = (o: Owner) => ({ authorization: `Bearer ${o.writeKey}` });
const questions = [{ key: "name", type: "short-text", title: "Your name" }];

async function newForm(o: Owner = owner) {
  const res = await o.api.post("/api/forms", { title: "Brand test" });
  expect(res.status).toBe(201);
  return res.body.form.id as string;
}

async function asset(formId: string, o: Owner = owner): Promise<string> {
  const res = await upload(baseUrl(), `/api/forms/${formId}/assets`, png(), "logo.png", auth(o));
  expect(res.status).toBe(201);
  return res.body.asset.id;
}

const putDraft = (formId: string, theme: unknown, o: Owner = owner) =>
  o.api.put(`/api/forms/${formId}/version/draft`, { title: "Brand test", questions, theme });

const paths = (res: { body: { error?: { details?: { path: string }[] } } }) => res.body.error?.details?.map((d) => d.path);

async function page(slug: string) {
  const res = await fetch(`${baseUrl()}/s/${slug}`);
  return { status: res.status, html: await res.text(), csp: res.headers.get("content-security-policy") ?? "" };
}

/** The custom properties on the first `.fl-r` root of the page, as the browser would read them. */
function rootVars(html: string): Map<string, string> {
  const tag = /<(?:form|div) class="fl-r[^"]*"[^>]*>/.exec(html)?.[0];
  expect(tag, "a .fl-r root").toBeTruthy();
  const style = /style="([^"]*)"/.exec(tag!)?.[1] ?? "";
  const decoded = style.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, "&");
  const vars = new Map<string, string>();
  for (const m of decoded.matchAll(/(--fl-[a-z-]+):([^;]*)/g)) vars.set(m[1], m[2].trim());
  return vars;
}

const brand = {
  colors: { background: "#FFF5FA", text: "#3a1030", accent: "#c2185b", buttonText: "#ffffff" },
  radius: 20,
  font: "serif",
  labels: { start: "Let's go", next: "Onwards", submit: "Send it" },
};

describe("theme validation", () => {
  it("stores a full theme (colours lowercased) and returns it with the draft", async () => {
    const id = await newForm();
    const logo = await asset(id);
    const cover = await asset(id);
    const res = await putDraft(id, { ...brand, logo, logoAlt: "Acme", cover });
    expect(res.status).toBe(200);
    expect(res.body.draft.theme).toEqual({ ...brand, colors: { ...brand.colors, background: "#fff5fa" }, logo, logoAlt: "Acme", cover });
    const got = await owner.api.get(`/api/forms/${id}`);
    expect(got.body.form.draft.theme.logo).toBe(logo);
  });

  it.each([
    [{ colors: { accent: "blue" } }, "theme.colors.accent"],
    [{ colors: { background: "#fff" } }, "theme.colors.background"],
    [{ colors: { text: "#12345g" } }, "theme.colors.text"],
    [{ radius: 33 }, "theme.radius"],
    [{ radius: -1 }, "theme.radius"],
    [{ radius: "8px" }, "theme.radius"],
    [{ font: "Comic Sans MS" }, "theme.font"],
    [{ labels: { submit: "" } }, "theme.labels.submit"],
    [{ labels: { submit: "x".repeat(41) } }, "theme.labels.submit"],
    [{ logo: "not-an-id" }, "theme.logo"],
    [{ css: "body{}" }, "theme"],
    [{ colors: { link: "#000000" } }, "theme.colors"],
    [{ labels: { back: "Back" } }, "theme.labels"],
    ["dark", "theme"],
  ])("refuses %j with 400 validation_failed at %s", async (theme, path) => {
    const res = await putDraft(await newForm(), theme);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(paths(res)).toContain(path);
  });

  it("takes only this form's own assets as logo and cover", async () => {
    const id = await newForm();
    const mine = await asset(id);
    const sibling = await asset(await newForm()); // same owner, another form
    const foreign = await asset(await newForm(other), other);
    const unknown = newId();

    for (const [theme, path] of [
      [{ logo: sibling }, "theme.logo"],
      [{ cover: foreign }, "theme.cover"],
      [{ logo: unknown }, "theme.logo"],
    ] as const) {
      const res = await putDraft(id, theme);
      expect(res.status, JSON.stringify(theme)).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(paths(res)).toEqual([path]);
    }
    // Both wrong: both named.
    const both = await putDraft(id, { logo: sibling, cover: foreign });
    expect(paths(both)).toEqual(["theme.logo", "theme.cover"]);
    // Nothing was stored by the refused saves.
    expect((await owner.api.get(`/api/forms/${id}`)).body.form.draft.theme).toBeUndefined();
    expect((await putDraft(id, { logo: mine, cover: mine })).status).toBe(200);
  });

  it("refuses a respondent's upload as a theme image", async () => {
    const form = await publishedForm(owner, { questions: [{ key: "docs", type: "file-upload", title: "Docs" }] });
    const up = await upload(baseUrl(), `/api/public/forms/${form.slug}/files?question=docs`, png(), "a.png", { cookie: `fl_rid=${randomBytes(16).toString("base64url")}` });
    expect(up.status).toBe(201);
    const res = await owner.api.put(`/api/forms/${form.id}/version/draft`, { title: "x", questions: [{ key: "docs", type: "file-upload", title: "Docs" }], theme: { logo: up.body.file.id } });
    expect(res.status).toBe(400);
    expect(paths(res)).toEqual(["theme.logo"]);
  });

  it("checks picture-choice images with the same rule: another form's asset is a 400 naming the option's path", async () => {
    const id = await newForm();
    const mine = await asset(id);
    const sibling = await asset(await newForm());
    const foreign = await asset(await newForm(other), other);
    const pictures = (a: string, b: string) => ({
      title: "Brand test",
      questions: [
        { key: "name", type: "short-text", title: "Your name" },
        { key: "pet", type: "picture-choice", title: "Pet", pictures: [{ label: "Cat", image: a }, { label: "Dog", image: b }, { label: "Fish" }] },
      ],
      theme: { logo: sibling },
    });
    const res = await owner.api.put(`/api/forms/${id}/version/draft`, pictures(mine, foreign));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(paths(res)).toEqual(["theme.logo", "questions.1.pictures.1.image"]);
    const ok = await owner.api.put(`/api/forms/${id}/version/draft`, { ...pictures(mine, mine), theme: { logo: mine } });
    expect(ok.status).toBe(200);
  });

  it("a logo or cover no longer named by the draft nor the live version is deleted from storage; one still live waits for the next publish", async () => {
    const id = await newForm();
    const [logo, cover, picture] = [await asset(id), await asset(id), await asset(id)];
    const stored = async (assetId: string) => {
      const object = await storage().get(`asset/${assetId}`);
      object?.destroy();
      return { row: await db.storedFile.count({ where: { id: assetId } }), object: object !== null };
    };
    const withPicture = (theme: unknown, image = picture) => owner.api.put(`/api/forms/${id}/version/draft`, {
      title: "Brand test",
      questions: [...questions, { key: "pet", type: "picture-choice", title: "Pet", pictures: [{ label: "Cat", image }] }],
      theme,
    });
    expect((await withPicture({ logo, cover })).status).toBe(200);
    expect(await stored(cover)).toEqual({ row: 1, object: true });

    // Draft only: the cover dropped is gone at once, row and object; the logo (still named) stays.
    expect((await withPicture({ logo })).status).toBe(200);
    expect(await stored(cover)).toEqual({ row: 0, object: false });
    expect(await stored(logo)).toEqual({ row: 1, object: true });
    // Naming it again is the usual 400: it is no asset of this form any more.
    expect(paths(await withPicture({ logo, cover }))).toEqual(["theme.cover"]);

    // Published with the logo: the draft dropping it keeps it (the live page shows it), the next publish lets it go.
    expect((await owner.api.post(`/api/forms/${id}/publish`)).status).toBe(200);
    expect((await withPicture(undefined)).status).toBe(200);
    expect(await stored(logo)).toEqual({ row: 1, object: true });
    const slug = (await owner.api.get(`/api/forms/${id}`)).body.form.slug as string;
    expect((await fetch(`${baseUrl()}/api/assets/${logo}`)).status).toBe(200);
    expect((await owner.api.post(`/api/forms/${id}/publish`)).status).toBe(200);
    expect(await stored(logo)).toEqual({ row: 0, object: false });
    expect((await fetch(`${baseUrl()}/api/assets/${logo}`)).status).toBe(404);
    expect((await page(slug)).html).not.toContain(logo);
    // A picture's image follows the same rule; the one still named is kept.
    expect(await stored(picture)).toEqual({ row: 1, object: true });
    const replacement = await asset(id);
    expect((await withPicture(undefined, replacement)).status).toBe(200);
    expect(await stored(picture)).toEqual({ row: 1, object: true });
    expect((await owner.api.post(`/api/forms/${id}/publish`)).status).toBe(200);
    expect(await stored(picture)).toEqual({ row: 0, object: false });
    expect(await stored(replacement)).toEqual({ row: 1, object: true });
  });

  it("a duplicate keeps the colours and words but not the source's images, and saves again", async () => {
    const id = await newForm();
    const logo = await asset(id);
    expect((await putDraft(id, { ...brand, logo, logoAlt: "Acme" })).status).toBe(200);
    const copy = await owner.api.post(`/api/forms/${id}/duplicate`);
    expect(copy.status).toBe(201);
    const copyId = copy.body.form.id as string;
    const draft = (await owner.api.get(`/api/forms/${copyId}`)).body.form.draft;
    expect(draft.theme).toEqual({ ...brand, colors: { ...brand.colors, background: "#fff5fa" } });
    expect((await putDraft(copyId, draft.theme)).status).toBe(200);
  });

  it("a duplicate's picture options keep their labels but not the source's images", async () => {
    const id = await newForm();
    const image = await asset(id);
    const pet = { key: "pet", type: "picture-choice", title: "Pet", pictures: [{ label: "Cat", image }, { label: "Dog" }] };
    expect((await owner.api.put(`/api/forms/${id}/version/draft`, { title: "Brand test", questions: [pet] })).status).toBe(200);
    const copy = await owner.api.post(`/api/forms/${id}/duplicate`);
    const draft = (await owner.api.get(`/api/forms/${copy.body.form.id}`)).body.form.draft;
    expect(draft.questions[0].pictures).toEqual([{ label: "Cat" }, { label: "Dog" }]);
    expect((await owner.api.put(`/api/forms/${copy.body.form.id}/version/draft`, { title: "Brand test", questions: draft.questions })).status).toBe(200);
  });
});

describe("the public page carries the theme", () => {
  it("classic: custom properties, font, logo, cover and the submit words in the server's HTML", async () => {
    const id = await newForm();
    const logo = await asset(id);
    const cover = await asset(id);
    expect((await putDraft(id, { ...brand, logo, logoAlt: "Acme Inc.", cover })).status).toBe(200);
    const published = await owner.api.post(`/api/forms/${id}/publish`);
    const slug = published.body.form.slug as string;

    const { status, html, csp } = await page(slug);
    expect(status).toBe(200);
    const vars = rootVars(html);
    expect(vars.get("--fl-bg")).toBe("#fff5fa");
    expect(vars.get("--fl-text")).toBe("#3a1030");
    expect(vars.get("--fl-accent")).toBe("#c2185b");
    expect(vars.get("--fl-button-text")).toBe("#ffffff");
    expect(vars.get("--fl-radius")).toBe("20px");
    expect(vars.get("--fl-font")).toMatch(/Georgia.*serif$/);
    expect(html).toContain(`<img class="fl-logo" src="/api/assets/${logo}" alt="Acme Inc."`);
    expect(html).toContain(`<img class="fl-cover" src="/api/assets/${cover}" alt=""`);
    expect(html).toMatch(/<button type="submit" class="fl-button"[^>]*>Send it<\/button>/);
    // Applied through a style attribute, which the page's CSP allows; no inline script came with it.
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    // The images are public now that the form is.
    expect((await fetch(`${baseUrl()}/api/assets/${logo}`)).status).toBe(200);

    const api = await fetch(`${baseUrl()}/api/public/forms/${slug}`).then((r) => r.json());
    expect(api.form.theme).toMatchObject({ radius: 20, font: "serif", logo, cover, labels: brand.labels });
  });

  it("immersive: the start, next and submit words and the logo", async () => {
    const id = await newForm();
    const logo = await asset(id);
    const res = await owner.api.put(`/api/forms/${id}/version/draft`, {
      title: "Brand test",
      description: "Welcome",
      mode: "immersive",
      questions: [...questions, { key: "more", type: "short-text", title: "More" }],
      theme: { ...brand, font: "mono", radius: 0, logo },
    });
    expect(res.status).toBe(200);
    const slug = (await owner.api.post(`/api/forms/${id}/publish`)).body.form.slug as string;
    const { html } = await page(slug);
    const vars = rootVars(html);
    expect(vars.get("--fl-radius")).toBe("0px");
    expect(vars.get("--fl-font")).toMatch(/monospace$/);
    expect(html).toContain(`class="fl-logo" src="/api/assets/${logo}" alt=""`);
    expect(html).toMatch(/class="fl-button"[^>]*>Let&#x27;s go<\/button>/);
    expect(html).toMatch(/class="fl-button"[^>]*>Onwards<\/button>/);
    expect(html).toMatch(/class="fl-button"[^>]*>Send it<\/button>/);
  });

  it("a closed form's notice wears the brand too", async () => {
    const form = await publishedForm(owner, { questions, theme: { colors: { background: "#111827", text: "#f3f4f6" } } }, { endAt: "2020-01-01T00:00:00Z" });
    const { html } = await page(form.slug);
    expect(html).toContain('data-notice="closed"');
    const vars = rootVars(html);
    expect(vars.get("--fl-bg")).toBe("#111827");
    expect(vars.get("--fl-text")).toBe("#f3f4f6");
  });

  it("without a theme: the default theme's values and null in the API", async () => {
    const form = await publishedForm(owner, { questions });
    const vars = rootVars((await page(form.slug)).html);
    expect(vars.get("--fl-accent")).toBe("#3b5bdb");
    expect(vars.get("--fl-bg")).toBe("#ffffff");
    expect(vars.get("--fl-radius")).toBe("8px");
    const api = await fetch(`${baseUrl()}/api/public/forms/${form.slug}`).then((r) => r.json());
    expect(api.form.theme).toBeNull();
  });

  it("a dark theme moves the error and hint shades to readable ones", async () => {
    const form = await publishedForm(owner, { questions, theme: { colors: { background: "#111827", text: "#f3f4f6" } } });
    const vars = rootVars((await page(form.slug)).html);
    const { contrastRatio } = await import("@/lib/theme/contrast");
    expect(contrastRatio(vars.get("--fl-error")!, "#111827")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars.get("--fl-muted")!, "#111827")).toBeGreaterThanOrEqual(4.5);
    expect(vars.get("--fl-error")).not.toBe("#c92a2a");
  });
});
