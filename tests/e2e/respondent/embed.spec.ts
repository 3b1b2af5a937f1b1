/**
 * The form embedded in a site on ANOTHER origin (docs/features/embeds-and-themes.md):
 * a host page served by a small node:http server at http://localhost:<port>
 * loads /embed.js from the app at http://127.0.0.1:<port> — a different
 * site, so the frame is cross-origin as on a real customer's site. Inline (the
 * frame grows and shrinks with the form), popup and slider (a modal: focus
 * goes in, the rest of the page is inert, Escape closes from inside the form or
 * from the host, focus returns), hidden fields from the host's data-
 * attribute and URL stored in the response, formloom:submit and
 * formloom:close reaching the host, a plain <iframe>, and a host that is not
 * in allowedEmbedOrigins refused by the browser. Also: the notice pages
 * (closed, full) fit an inline frame too, and a submission queued on the
 * device and sent by a later page load still reaches the host.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Frame, type Page, type Route } from "@playwright/test";
import type { Api } from "./fixtures";
import { finishedResponses, ownerApi, publicUrl, publishForm, waitForFillTime } from "./helpers";

const schema = {
  title: "Embedded feedback",
  mode: "classic",
  questions: [
    { key: "name", type: "short-text", title: "Your name", required: true },
    { key: "ref", type: "hidden" },
    { key: "utm_source", type: "hidden" },
  ],
};

let api: Api;
let host: http.Server;
let hostOrigin: string;
const pages = new Map<string, string>();

test.beforeAll(async () => {
  api = ownerApi();
  host = http.createServer((req, res) => {
    const html = pages.get(new URL(req.url!, "http://x").pathname);
    res.writeHead(html ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(html ?? "not found");
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  // localhost vs the app's 127.0.0.1: another origin and another site.
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

/**
 * A host page: the given body, a log of Formloom events in window.hostEvents, and embed.js from the app.
 * `origin`: where it is opened (default the other site, hostOrigin).
 */
function hostPage(path: string, body: string, origin = hostOrigin) {
  pages.set(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
<h1>A customer's site</h1>
${body}
<a href="#" id="after">A link after</a>
<script>
window.hostEvents = [];
for (const name of ["formloom:submit", "formloom:close"]) document.addEventListener(name, (e) => hostEvents.push({ type: e.type, detail: e.detail }));
</script>
<script src="${publicUrl()}/embed.js" async></script>
</body></html>`,
  );
  return `${origin}${path}`;
}

const hostEvents = (page: Page) => page.evaluate(() => (window as unknown as { hostEvents: { type: string; detail: Record<string, string> }[] }).hostEvents);

/** The frame showing the public page (a form or a notice). */
async function publicFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().find((f) => f.url().startsWith(`${publicUrl()}/s/`)) !== undefined).toBe(true);
  return page.frames().find((f) => f.url().startsWith(`${publicUrl()}/s/`))!;
}

/** The frame showing the form, once the form is interactive in it. */
async function formFrame(page: Page): Promise<Frame> {
  const frame = await publicFrame(page);
  await expect(frame.locator("form.fl-r[data-ready]")).toHaveCount(1);
  return frame;
}

/**
 * formFrame, and when its form was there (for waitForFillTime): the server issued the form's start
 * token, its fill-time clock, before that, however slowly the frame loaded.
 */
async function openedFrame(page: Page): Promise<{ frame: Frame; openedAt: number }> {
  const frame = await formFrame(page);
  return { frame, openedAt: Date.now() };
}

const frameHeight = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el.getBoundingClientRect().height);
const contentHeight = (frame: Frame) => frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));

test("inline: the frame follows the form's height; hidden fields from the host's attribute and URL are stored; submit reaches the host", async ({ page }) => {
  const form = await publishForm(api, schema);
  const url = hostPage("/inline", `<div id="box" data-formloom="${form.slug}" data-formloom-title="Feedback" data-formloom-hidden="ref=host-attr" data-formloom-params="utm_source"></div>`);
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto(`${url}?utm_source=mail&other=ignored`);
  const { frame, openedAt } = await openedFrame(page);
  await expect(page.locator("#box iframe")).toHaveAttribute("title", "Feedback");

  // Grown (or shrunk) from the 480 px it starts with to exactly the form's height.
  const first = await contentHeight(frame);
  await expect.poll(() => frameHeight(page, "#box iframe")).toBe(first);
  expect(first).not.toBe(480);

  // An error message makes the form taller: the frame follows.
  await frame.getByRole("button", { name: "Submit" }).click();
  await expect(frame.getByText("This question is required")).toBeVisible();
  await expect.poll(() => contentHeight(frame)).toBeGreaterThan(first);
  const taller = await contentHeight(frame);
  await expect.poll(() => frameHeight(page, "#box iframe")).toBe(taller);

  await frame.getByLabel("Your name").fill("Ada from the host site");
  await waitForFillTime(page, openedAt);
  await frame.getByRole("button", { name: "Submit" }).click();
  await expect(frame.getByRole("heading", { name: /thank/i })).toBeVisible();

  await expect.poll(async () => (await hostEvents(page)).filter((e) => e.type === "formloom:submit").length).toBe(1);
  const submitted = (await hostEvents(page)).find((e) => e.type === "formloom:submit")!;
  const [stored] = await finishedResponses(api, form.id);
  expect(submitted.detail).toEqual({ slug: form.slug, responseId: stored.id });
  expect(stored.answers.name).toBe("Ada from the host site");
  // The element's value and the listed URL parameter; the unlisted one stays on the host.
  expect(stored.metadata).toEqual({ ref: "host-attr", utm_source: "mail" });

  // The thank-you screen is shorter: the frame shrinks with it.
  const thanks = await contentHeight(frame);
  expect(thanks).toBeLessThan(taller);
  await expect.poll(() => frameHeight(page, "#box iframe")).toBe(thanks);
});

test("popup: a modal dialog opened from the keyboard; Escape in the form or on the host closes it and focus returns; the rest of the page is inert", async ({ page }) => {
  const form = await publishForm(api, schema);
  await page.goto(hostPage("/popup", `<button id="open" type="button" data-formloom="${form.slug}" data-formloom-mode="popup" data-formloom-title="Feedback form">Give feedback</button>`));
  await expect(page.locator("#open[data-formloom-ready]")).toHaveCount(1);

  await page.locator("#open").focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Feedback form" });
  await expect(dialog).toBeVisible();
  const frame = await formFrame(page);
  // Focus went into the form's frame.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("IFRAME");
  // Everything behind the dialog is inert: it cannot take focus.
  expect(await page.evaluate(() => { document.getElementById("after")!.focus(); return document.activeElement?.id; })).not.toBe("after");

  // Escape typed inside the form (another origin's document) closes the dialog.
  await frame.getByLabel("Your name").focus();
  // Down, then up once the frame is gone (the key-up then belongs to the host page).
  await page.keyboard.down("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.locator("#open")).toBeFocused();
  await page.keyboard.up("Escape");
  expect(await hostEvents(page)).toEqual([{ type: "formloom:close", detail: { slug: form.slug } }]);

  // Again; Shift+Tab out of the frame reaches the dialog's close button (not the page behind), and Escape there closes it too.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await formFrame(page);
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.locator("#open")).toBeFocused();

  // And with the mouse: the close button.
  await page.locator("#open").click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  expect((await hostEvents(page)).map((e) => e.type)).toEqual(["formloom:close", "formloom:close", "formloom:close"]);
});

test("slider: a panel at the side; submitting from it reaches the host; a plain iframe works too", async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  const form = await publishForm(api, schema);
  await page.goto(hostPage("/slider", `<button id="open" type="button" data-formloom="${form.slug}" data-formloom-mode="slider" data-formloom-hidden="ref=slider">Feedback</button>`));
  await page.locator("#open").click();
  const dialog = page.getByRole("dialog", { name: "Form" });
  await expect(dialog).toBeVisible();
  const { frame, openedAt } = await openedFrame(page);
  const box = (await page.locator("dialog iframe").boundingBox())!;
  expect(Math.round(box.x + box.width)).toBe(1200); // flush with the right edge
  expect(box.width).toBeLessThanOrEqual(480);
  expect(box.height).toBe(800);

  await frame.getByLabel("Your name").fill("Slider");
  await waitForFillTime(page, openedAt);
  await frame.getByRole("button", { name: "Submit" }).click();
  await expect.poll(async () => (await hostEvents(page)).map((e) => e.type)).toEqual(["formloom:submit"]);
  const [stored] = await finishedResponses(api, form.id);
  expect(stored.metadata).toEqual({ ref: "slider" });

  // The documented no-script option.
  pages.set("/plain", `<!doctype html><title>Plain</title><iframe src="${publicUrl()}/s/${form.slug}?ref=plain" title="Feedback" width="100%" height="600"></iframe>`);
  await page.goto(`${hostOrigin}/plain`);
  const plain = await formFrame(page);
  await expect(plain.getByLabel("Your name")).toBeVisible();
});

test("allowedEmbedOrigins: a listed host shows the form; any other host's frame is refused by the browser", async ({ page }) => {
  const allowed = await publishForm(api, schema, { allowedEmbedOrigins: [hostOrigin] });
  await page.goto(hostPage("/allowed", `<div id="box" data-formloom="${allowed.slug}"></div>`));
  await formFrame(page);

  const refused = await publishForm(api, schema, { allowedEmbedOrigins: ["https://shop.example.com"] });
  const console: string[] = [];
  page.on("console", (m) => console.push(m.text()));
  await page.goto(hostPage("/refused", `<div id="box" data-formloom="${refused.slug}"></div>`));
  await expect.poll(() => console.some((t) => t.includes("violates the following Content Security Policy directive: \"frame-ancestors 'self' https://shop.example.com\""))).toBe(true);
  // The frame holds the browser's error page, never the form.
  await expect(page.locator("#box iframe")).toHaveCount(1);
  await expect.poll(() => page.frames().map((f) => f.url())).toContain("chrome-error://chromewebdata/");
  for (const f of page.frames()) expect(await f.locator("form.fl-r").count()).toBe(0);
  // The same form opened directly (not framed) is fine.
  await page.goto(`${publicUrl()}/s/${refused.slug}`);
  await expect(page.locator("form.fl-r[data-ready]")).toHaveCount(1);
});

test("an ending's redirect moves the host's tab (not the frame) unless the host cancels formloom:redirect", async ({ page }) => {
  const form = await publishForm(api, {
    ...schema,
    questions: [{ ...schema.questions[0], jump: [{ if: { question: "name", op: "answered" }, to: "away" }] }],
    endings: [{ key: "away", title: "Off you go", redirectUrl: `${hostOrigin}/landed` }],
  });
  pages.set("/landed", "<!doctype html><title>Landed</title><h1>Landed on the host</h1>");
  const submit = async (url: string) => {
    await page.goto(url);
    const { frame, openedAt } = await openedFrame(page);
    await frame.getByLabel("Your name").fill("Redirected");
    await waitForFillTime(page, openedAt);
    await frame.getByRole("button", { name: "Submit" }).click();
    return frame;
  };

  await submit(hostPage("/redirect", `<div data-formloom="${form.slug}"></div>`));
  await expect(page).toHaveURL(`${hostOrigin}/landed`);
  await expect(page.getByRole("heading", { name: "Landed on the host" })).toBeVisible();

  // A host that handles it itself: nothing moves, the frame offers the link (for the whole tab).
  const frame = await submit(hostPage("/no-redirect", `<div data-formloom="${form.slug}"></div>
<script>document.addEventListener("formloom:redirect", (e) => { window.redirectSeen = e.detail.url; e.preventDefault(); });</script>`));
  await expect(frame.getByRole("link", { name: "Continue" })).toHaveAttribute("target", "_top");
  await expect.poll(() => page.evaluate(() => (window as unknown as { redirectSeen?: string }).redirectSeen)).toBe(`${hostOrigin}/landed`);
  expect(page.url()).toBe(`${hostOrigin}/no-redirect`);
  expect(frame.url()).toContain(`/s/${form.slug}`);
  expect((await finishedResponses(api, form.id)).length).toBe(2);
});

test("notice pages (closed, full) report their height too: the inline frame fits the notice, with the CSP as it is", async ({ page }) => {
  const closed = await publishForm(api, schema, { startAt: "2020-01-01T00:00:00Z", endAt: "2020-02-01T00:00:00Z" });
  const full = await publishForm(api, schema, { maxResponses: 1 });
  const first = await fetch(`${publicUrl()}/api/public/forms/${full.slug}/responses`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ answers: { name: "First" } }) });
  expect(first.status).toBe(201);
  const violations: string[] = [];
  page.on("console", (m) => {
    if (m.text().includes("Content Security Policy")) violations.push(m.text());
  });
  await page.setViewportSize({ width: 1000, height: 800 });
  for (const [kind, form] of [["closed", closed], ["full", full]] as const) {
    await page.goto(hostPage(`/notice-${kind}`, `<div id="box" data-formloom="${form.slug}"></div>`));
    const frame = await publicFrame(page);
    await expect(frame.locator(`[data-notice="${kind}"]`)).toBeVisible();
    // Its only script is a same-origin file with the page's nonce: nothing inline.
    expect(await frame.locator("script:not([src])").count()).toBe(0);
    await expect(frame.locator("script[src^='/r/notice-']")).toHaveCount(1);
    // From the 480 px it starts with to exactly the notice's height.
    await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.flEmbed)).toBe("inline");
    const height = await contentHeight(frame);
    expect(height).toBeLessThan(480);
    await expect.poll(() => frameHeight(page, "#box iframe")).toBe(height);
  }
  expect(violations).toEqual([]);
});

test("a submission queued on the device and sent by a later page load reaches the host as formloom:submit", async ({ page, context }) => {
  const form = await publishForm(api, schema);
  // The app's API unreachable from the browser (the host's pages still load).
  const unreachable = (route: Route) => route.abort("internetdisconnected");
  const submitUnreachable = async ({ frame, openedAt }: { frame: Frame; openedAt: number }, name: string) => {
    await context.route(`${publicUrl()}/api/public/**`, unreachable);
    await frame.getByLabel("Your name").fill(name);
    await waitForFillTime(page, openedAt);
    await frame.getByRole("button", { name: "Submit" }).click();
  };

  // On another site this browser refuses the frame any storage (third-party storage blocked): nothing
  // can be kept, and the page says so instead of claiming it saved the answers.
  await page.goto(hostPage("/queued-elsewhere", `<div data-formloom="${form.slug}"></div>`));
  await submitUnreachable(await openedFrame(page), "Not kept");
  await expect((await publicFrame(page)).getByRole("alert")).toHaveText("No connection. Check your network and try again.");
  await context.unroute(`${publicUrl()}/api/public/**`, unreachable);

  // A host on the app's own site (127.0.0.1, another port: still another origin) may keep it.
  const port = (host.address() as AddressInfo).port;
  const url = hostPage("/queued", `<div id="box" data-formloom="${form.slug}" data-formloom-hidden="ref=queued"></div>`, `http://127.0.0.1:${port}`);
  await page.goto(url);
  const opened = await openedFrame(page);
  await submitUnreachable(opened, "Queued in a frame");
  await expect(opened.frame.getByRole("alert")).toHaveText("Saved on this device — will be sent when you are back online.");

  // A later visit to the host page: the new frame sends the queue once the app answers again.
  await page.reload();
  const again = await formFrame(page);
  await expect(again.getByRole("alert")).toHaveText("Saved on this device — will be sent when you are back online.");
  expect(await hostEvents(page)).toEqual([]);
  await context.unroute(`${publicUrl()}/api/public/**`, unreachable);
  await expect(again.locator(".fl-thanks")).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => (await hostEvents(page)).filter((e) => e.type === "formloom:submit").length).toBe(1);
  const [stored] = await finishedResponses(api, form.id);
  expect((await hostEvents(page)).find((e) => e.type === "formloom:submit")!.detail).toEqual({ slug: form.slug, responseId: stored.id });
  expect(stored.answers.name).toBe("Queued in a frame");
  expect(stored.metadata).toEqual({ ref: "queued" });
});
