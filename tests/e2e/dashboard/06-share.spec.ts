/**
 * The builder's Share tab: the public link (copied), a QR code drawn in the
 * page, the embed snippets (copied, one per way) with a live preview that runs
 * the real /embed.js (inline frame, popup dialog), and the sites that may
 * embed the form: a bad origin refused with the reason, a good list saved
 * (read back through the API) while the preview in Formloom itself still works.
 */
import { expect, test, type Page } from "@playwright/test";
import { dashboardUrl } from "./owner";
import { publishFormAsOwner, signInOncePerFile } from "./session";

signInOncePerFile("06-share");

const createForm = (page: Page, title: string) =>
  publishFormAsOwner(page, title, [{ key: "name", type: "short-text", title: "Your name" }, { key: "ref", type: "hidden" }]);

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** What went wrong around the page, its frames included: errors, failed requests, 4xx/5xx answers. */
function watchTrouble(page: Page): string[] {
  const trouble: string[] = [];
  page.on("pageerror", (e) => trouble.push(`page error: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") trouble.push(`console: ${m.text()}`); });
  // (Not Next's prefetches of the dashboard's other pages, which navigation cancels.)
  page.on("requestfailed", (r) => { if (!r.url().includes("_rsc=")) trouble.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ""}`); });
  page.on("response", (r) => { if (r.status() >= 400) trouble.push(`${r.status()}: ${r.url()}`); });
  return trouble;
}

/**
 * The preview's frame holds the live form, hydrated. Step by step (the frame, the server's
 * form, then hydration), so that a failure says which step did not happen and what the page saw.
 */
async function expectPreviewReady(page: Page, trouble: string[]) {
  const frameElement = page.locator('[data-testid="embed-preview"] iframe');
  const frame = page.frameLocator('[data-testid="embed-preview"] iframe');
  try {
    await expect(frameElement).toHaveCount(1);
    await expect(frame.locator("form.fl-r")).toHaveCount(1);
    await expect(frame.locator("form.fl-r[data-ready]")).toHaveCount(1);
  } catch (error) {
    const src = await frameElement.first().getAttribute("src").catch(() => null);
    throw new Error(`${(error as Error).message}\nframe: ${src}\nwhat the page saw: ${trouble.join("\n  ") || "nothing wrong"}`);
  }
}

test("link with copy, QR code, snippets with copy and live preview, and the embed origins setting", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: dashboardUrl() });
  const trouble = watchTrouble(page);
  const form = await createForm(page, "Shared form");
  await page.goto(`${dashboardUrl()}/forms/${form.id}`);
  await page.getByRole("tab", { name: "Share" }).click();

  const link = `${dashboardUrl()}/s/${form.slug}`;
  await expect(page.getByTestId("share-link")).toHaveText(link);
  await page.getByRole("button", { name: "Copy link" }).last().click();
  await expect.poll(() => clipboard(page)).toBe(link);

  // Drawn here as SVG (no outside service): a square code.
  const qr = page.getByRole("img", { name: `QR code for ${link}` });
  await expect(qr.locator("svg")).toHaveCount(1);
  const box = (await qr.locator("svg").boundingBox())!;
  expect(Math.abs(box.width - box.height)).toBeLessThan(1);
  expect(box.width).toBeGreaterThan(100);

  // Inline snippet (the default), with the form's hidden field as a reminder; copied as shown.
  const snippet = page.getByTestId("embed-snippet");
  await expect(snippet).toContainText(`<div data-formloom="${form.slug}" data-formloom-title="Shared form" data-formloom-hidden="ref="></div>`);
  await expect(snippet).toContainText(`<script src="${dashboardUrl()}/embed.js" async></script>`);
  await page.getByRole("button", { name: "Copy code" }).click();
  await expect.poll(() => clipboard(page)).toBe(await snippet.textContent());

  // The live preview: the real embed.js mounts the form inline.
  await expectPreviewReady(page, trouble);
  await expect(page.frameLocator('[data-testid="embed-preview"] iframe').getByLabel("Your name")).toBeVisible();

  // Popup: its snippet, and the preview opens the real dialog; Escape closes it and focus comes back.
  await page.getByLabel("How").selectOption("popup");
  await expect(snippet).toContainText('data-formloom-mode="popup"');
  await page.getByRole("button", { name: "Copy code" }).click();
  await expect.poll(() => clipboard(page)).toContain('data-formloom-mode="popup"');
  const tryIt = page.getByRole("button", { name: "Try the popup" });
  await tryIt.click();
  const dialog = page.getByRole("dialog", { name: "Shared form" });
  await expect(dialog).toBeVisible();
  await expect(page.frameLocator("dialog iframe").locator("form.fl-r[data-ready]")).toHaveCount(1);
  await dialog.getByRole("button", { name: "Close" }).focus();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(tryIt).toBeFocused();

  await page.getByLabel("How").selectOption("slider");
  await expect(snippet).toContainText('data-formloom-mode="slider"');
  await page.getByLabel("How").selectOption("iframe");
  await expect(snippet).toContainText(`<iframe src="${link}?ref=" title="Shared form"`);

  // Who may embed it: a path is refused with the reason, before anything is sent.
  await page.getByLabel("Only these sites").check();
  const sites = page.getByLabel("Sites (one origin per line)");
  await sites.fill("https://shop.example.com/checkout");
  await page.getByRole("button", { name: "Save embed settings" }).click();
  await expect(page.getByText("https://shop.example.com/checkout: Write the origin only")).toBeVisible();
  await sites.fill("https://shop.example.com\nhttps://*.example.org");
  await page.getByRole("button", { name: "Save embed settings" }).click();
  await expect(page.getByText("Embed settings saved")).toBeVisible();
  const saved = await page.request.get(`${dashboardUrl()}/api/forms/${form.id}`);
  expect((await saved.json()).form.allowedEmbedOrigins).toEqual(["https://shop.example.com", "https://*.example.org"]);

  // After a reload the setting is shown, and Formloom's own preview may still frame the form.
  await page.reload();
  await page.getByRole("tab", { name: "Share" }).click();
  await expect(page.getByLabel("Only these sites")).toBeChecked();
  await expect(page.getByLabel("Sites (one origin per line)")).toHaveValue("https://shop.example.com\nhttps://*.example.org");
  await expectPreviewReady(page, trouble);

  // Back to any site.
  await page.getByLabel("Any site").check();
  await page.getByRole("button", { name: "Save embed settings" }).click();
  await expect.poll(async () => (await (await page.request.get(`${dashboardUrl()}/api/forms/${form.id}`)).json()).form.allowedEmbedOrigins).toBeNull();
});
