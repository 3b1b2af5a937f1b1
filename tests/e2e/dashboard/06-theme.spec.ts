/**
 * The builder's Design panel: a preset recolours the live preview; a colour
 * pair that fails WCAG AA shows a warning with the nearest passing colour,
 * and one click applies it; radius, font, logo and the buttons' words reach
 * the preview; the autosave keeps it all (read back after a reload). No CSP
 * violation on the way.
 */
import { expect, test, type Locator } from "@playwright/test";
import { contrastRatio, suggestForeground } from "../../../lib/theme/contrast";
import { watchCsp } from "../csp";
import { createOwner } from "../respondent/fixtures";
import { publicUrl } from "../respondent/helpers";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg==", "base64");

// An owner of its own on the respondent suite's server: the dashboard suite's
// owner has a sign-in budget (10 per 15 minutes per email) its specs already spend.
test.use({ viewport: { width: 1280, height: 900 } });

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
const css = (l: Locator, prop: string) => l.first().evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);

test("design panel: presets, the contrast warning and its suggestion, radius, font, logo, words", async ({ page }) => {
  const violations = watchCsp(page);
  const origin = publicUrl();
  const owner = createOwner(process.env.E2E_PUBLIC_DATABASE_URL!);
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/forms$/);
  const headers = { origin };
  const created = await page.request.post(`${origin}/api/forms`, { headers, data: { title: "Brand builder" } });
  const id = (await created.json()).form.id as string;
  const draft = await page.request.put(`${origin}/api/forms/${id}/version/draft`, {
    headers,
    data: { title: "Brand builder", mode: "classic", questions: [{ key: "name", type: "short-text", title: "Your name?" }] },
  });
  expect(draft.status()).toBe(200);
  await page.goto(`${origin}/forms/${id}`);
  const panel = page.getByTestId("theme-panel");
  const preview = page.getByTestId("live-preview");
  const root = preview.locator(".fl-r");
  const waitForSaved = () => expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });

  // The default theme passes every check.
  await expect(panel.getByTestId("contrast-ok")).toHaveCount(3);
  await expect(panel.getByTestId("contrast-warning")).toHaveCount(0);

  // A preset recolours the preview.
  await panel.getByRole("button", { name: "Midnight" }).click();
  await expect(panel.getByRole("button", { name: "Midnight" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => css(preview.locator(".fl-page"), "background-color")).toBe("rgb(17, 24, 39)");
  await expect.poll(() => css(preview.locator(".fl-button"), "background-color")).toBe("rgb(138, 180, 248)");

  // Dark grey text on the dark background fails: a warning with the nearest passing colour.
  await panel.getByLabel("Text", { exact: true }).fill("#333333");
  const warning = panel.locator('[data-testid="contrast-warning"][data-pair="text-background"]');
  await expect(warning).toBeVisible();
  const expected = suggestForeground("#333333", "#111827", 4.5)!;
  await expect(warning).toContainText(`${(Math.floor(contrastRatio("#333333", "#111827") * 100) / 100).toFixed(2)}:1`);
  await expect(warning).toContainText("needs 4.5:1");
  await expect(warning.getByTestId("contrast-suggestion")).toHaveText(expected);
  expect(contrastRatio(expected, "#111827")).toBeGreaterThanOrEqual(4.5);
  await expect.poll(() => css(preview.locator(".fl-form-title"), "color")).toBe("rgb(51, 51, 51)");
  await warning.getByRole("button", { name: `Use ${expected}` }).click();
  await expect(panel.getByTestId("contrast-warning")).toHaveCount(0);
  await expect(panel.getByLabel("Text", { exact: true })).toHaveValue(expected);
  await expect.poll(() => css(preview.locator(".fl-form-title"), "color")).toBe(rgb(expected));

  // Button text too close to the accent: its own warning (4.5:1 for the words on buttons).
  await panel.getByLabel("Button text", { exact: true }).fill("#aaccff");
  await expect(panel.locator('[data-testid="contrast-warning"][data-pair="buttonText-accent"]')).toBeVisible();
  await panel.getByLabel("Button text", { exact: true }).fill("#111827");
  await expect(panel.getByTestId("contrast-warning")).toHaveCount(0);

  // Radius, font, words.
  await panel.getByLabel(/Corner radius/).fill("0");
  await expect.poll(() => css(preview.locator(".fl-button"), "border-top-left-radius")).toBe("0px");
  await panel.getByLabel("Font").selectOption("mono");
  await expect.poll(() => css(root, "font-family")).toMatch(/monospace$/);
  await panel.getByLabel("Submit button").fill("Send it");
  await expect(preview.getByRole("button", { name: "Send it" })).toBeVisible();

  // The logo: uploaded as a form asset, shown in the preview.
  await panel.getByLabel("Upload logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(panel.getByTestId("theme-logo-thumb")).toBeVisible();
  const logo = preview.locator("img.fl-logo");
  await expect.poll(() => logo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(2);
  await panel.getByLabel("Logo text alternative").fill("Brand Co");
  await expect(preview.getByRole("img", { name: "Brand Co" })).toBeVisible();
  await waitForSaved();

  // Kept by the autosave.
  await page.reload();
  await expect(panel.getByLabel("Text", { exact: true })).toHaveValue(expected);
  await expect(panel.getByLabel("Submit button")).toHaveValue("Send it");
  await expect(panel.getByLabel("Font")).toHaveValue("mono");
  const saved = await (await page.request.get(`${origin}/api/forms/${id}`)).json();
  expect(saved.form.draft.theme).toMatchObject({
    colors: { background: "#111827", text: expected, accent: "#8ab4f8", buttonText: "#111827" },
    radius: 0,
    font: "mono",
    logo: expect.stringMatching(/^[0-9a-z]{26}$/),
    logoAlt: "Brand Co",
    labels: { submit: "Send it" },
  });
  expect(violations).toEqual([]);
});
