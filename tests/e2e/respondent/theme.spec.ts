/**
 * The owner's brand on the public page, as the browser computes it: the
 * theme's colours on the page and its buttons, the corner radius, the font
 * stack, the logo and cover actually loaded, the buttons' own words, in both
 * modes, with no CSP violation (the theme rides in a style attribute).
 */
import { expect, test, type Page } from "@playwright/test";
import { watchCsp } from "../csp";
import { apiClient, createOwnerKey, type Api } from "./fixtures";
import { openForm, publicUrl } from "./helpers";

// A 2 × 1 PNG (red, blue).
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg==", "base64");

const theme = {
  colors: { background: "#fbf7f0", text: "#2b2118", accent: "#8a3b12", buttonText: "#ffffff" },
  radius: 14,
  font: "serif",
  labels: { start: "Begin", next: "Onwards", submit: "Send it" },
};

let api: Api;
let key: string;
test.beforeAll(() => {
  key = createOwnerKey(process.env.E2E_PUBLIC_DATABASE_URL!);
  api = apiClient(publicUrl(), key);
});

async function uploadAsset(formId: string): Promise<string> {
  const body = new FormData();
  body.append("file", new Blob([PNG], { type: "image/png" }), "logo.png");
  const res = await fetch(`${publicUrl()}/api/forms/${formId}/assets`, { method: "POST", body, headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(201);
  return (await res.json()).asset.id;
}

async function brandedForm(mode: "classic" | "immersive") {
  const created = await api("POST", "/api/forms", { title: `Branded ${mode}` });
  const id: string = created.body.form.id;
  const logo = await uploadAsset(id);
  const cover = await uploadAsset(id);
  const draft = await api("PUT", `/api/forms/${id}/version/draft`, {
    title: `Branded ${mode}`,
    description: mode === "immersive" ? "Two quick questions" : undefined,
    mode,
    questions: [
      { key: "name", type: "short-text", title: "Your name?" },
      { key: "colour", type: "single-choice", title: "Favourite colour?", options: ["Red", "Blue"] },
    ],
    theme: { ...theme, logo, logoAlt: "Acme Inc.", cover },
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(200);
  const published = await api("POST", `/api/forms/${id}/publish`);
  return { slug: published.body.form.slug as string, logo };
}

const style = (page: Page, selector: string, prop: string) =>
  page.locator(selector).first().evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);

async function expectImageLoaded(page: Page, selector: string) {
  const img = page.locator(selector);
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(2);
}

test("classic: colours, radius, font, logo, cover and the submit words", async ({ page }) => {
  const violations = watchCsp(page);
  const { slug } = await brandedForm("classic");
  await openForm(page, slug);

  expect(await style(page, ".fl-page", "background-color")).toBe("rgb(251, 247, 240)");
  expect(await style(page, ".fl-form-title", "color")).toBe("rgb(43, 33, 24)");
  const submit = page.getByRole("button", { name: "Send it" });
  await expect(submit).toBeVisible();
  expect(await style(page, ".fl-button", "background-color")).toBe("rgb(138, 59, 18)");
  expect(await style(page, ".fl-button", "color")).toBe("rgb(255, 255, 255)");
  expect(await style(page, ".fl-button", "border-top-left-radius")).toBe("14px");
  expect(await style(page, ".fl-input", "border-top-left-radius")).toBe("14px");
  expect(await style(page, ".fl-r", "font-family")).toMatch(/^"Iowan Old Style".*Georgia.*serif$/);
  await expect(page.getByRole("img", { name: "Acme Inc." })).toBeVisible();
  await expectImageLoaded(page, "img.fl-logo");
  await expectImageLoaded(page, "img.fl-cover");
  // A picked choice is marked in the accent colour.
  await page.getByText("Blue").click();
  // (Polled: the border colour has a short transition.)
  await expect.poll(() => style(page, ".fl-choice input:checked + .fl-choice-box", "border-top-color")).toBe("rgb(138, 59, 18)");
  expect(violations).toEqual([]);
});

test("immersive: colours, radius, font, logo and the start/next words", async ({ page }) => {
  const violations = watchCsp(page);
  const { slug } = await brandedForm("immersive");
  await openForm(page, slug);

  expect(await style(page, ".fl-immersive", "background-color")).toBe("rgb(251, 247, 240)");
  expect(await style(page, ".fl-r", "font-family")).toMatch(/serif$/);
  await expectImageLoaded(page, "img.fl-logo");
  await expectImageLoaded(page, ".fl-step:not([hidden]) img.fl-cover");
  const start = page.getByRole("button", { name: "Begin" });
  await expect(start).toBeVisible();
  expect(await style(page, ".fl-step:not([hidden]) .fl-button", "background-color")).toBe("rgb(138, 59, 18)");
  expect(await style(page, ".fl-step:not([hidden]) .fl-button", "border-top-left-radius")).toBe("14px");
  expect(await style(page, ".fl-nav-button", "background-color")).toBe("rgb(138, 59, 18)");
  await start.click();
  await expect(page.getByRole("button", { name: "Onwards" })).toBeVisible();
  await page.getByLabel("Your name?").fill("Ada");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Send it" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("no JavaScript: the brand is in the server's HTML", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const violations = watchCsp(page);
  const { slug } = await brandedForm("classic");
  await openForm(page, slug, "", { interactive: false });
  expect(await style(page, ".fl-button", "background-color")).toBe("rgb(138, 59, 18)");
  expect(await style(page, ".fl-page", "background-color")).toBe("rgb(251, 247, 240)");
  await expectImageLoaded(page, "img.fl-logo");
  expect(violations).toEqual([]);
  await context.close();
});
