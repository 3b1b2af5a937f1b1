/**
 * Files in the dashboard: a response with an uploaded PDF and a signature
 * (sent through the public API by a respondent with their own cookies) shows
 * the file names in the table; its detail panel links each file for download
 * (the bytes and the name are the ones uploaded) and previews the PNG from a
 * blob: URL — never the respondent's bytes as a page of our origin. The
 * analytics cards count the responses with files, the files and their size.
 */
import { readFile } from "node:fs/promises";
import { expect, request, test, type Page } from "@playwright/test";
import { dashboardUrl } from "./owner";
import { signInOncePerFile } from "./session";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

signInOncePerFile("05");

async function publishFilesForm(page: Page) {
  const origin = dashboardUrl();
  const headers = { origin };
  const created = await page.request.post(`${origin}/api/forms`, { headers, data: { title: "Job application" } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).form.id as string;
  const draft = await page.request.put(`${origin}/api/forms/${id}/version/draft`, {
    headers,
    data: {
      title: "Job application",
      mode: "classic",
      questions: [
        { key: "cv", type: "file-upload", title: "Your CV", required: true, accept: [".pdf"] },
        { key: "sig", type: "signature", title: "Signature", required: true },
      ],
    },
  });
  expect(draft.status(), await draft.text()).toBe(200);
  const published = await page.request.post(`${origin}/api/forms/${id}/publish`, { headers });
  expect(published.status()).toBe(200);
  return { id, slug: (await published.json()).form.slug as string };
}

/** A respondent (own cookie jar) uploads both files and submits through the public API. */
async function respond(slug: string) {
  // An empty jar: request.newContext inside a test takes the file's storageState (the owner's session) otherwise.
  const respondent = await request.newContext({ baseURL: dashboardUrl(), storageState: { cookies: [], origins: [] } });
  try {
    const upload = async (question: string, name: string, mimeType: string, buffer: Buffer) => {
      const res = await respondent.post(`/api/public/forms/${slug}/files?question=${question}`, { multipart: { file: { name, mimeType, buffer } } });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()).file.id as string;
    };
    const cv = await upload("cv", "cv-ada.pdf", "application/pdf", PDF);
    const sig = await upload("sig", "signature.png", "image/png", PNG);
    const res = await respondent.post(`/api/public/forms/${slug}/responses`, { data: { answers: { cv: [cv], sig } } });
    expect(res.status(), await res.text()).toBe(201);
  } finally {
    await respondent.dispose();
  }
}

test("a response's files: names in the table, download with the right bytes and name, a PNG previewed", async ({ page }) => {
  const form = await publishFilesForm(page);
  await respond(form.slug);

  await page.goto(`${dashboardUrl()}/forms/${form.id}/responses`);
  const row = page.locator("tbody tr").first();
  await expect(row).toContainText("cv-ada.pdf");
  await expect(row).toContainText("signature.png");
  await row.click();
  const panel = page.getByRole("dialog", { name: "Response" });
  await expect(panel).toBeVisible();

  // The PNG is previewed from a blob: URL (its bytes, fetched with the owner's session), and decodes.
  const preview = panel.getByRole("img", { name: "Preview of signature.png" });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute("src", /^blob:/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  // A PDF is linked, not previewed.
  await expect(panel.getByRole("img", { name: "Preview of cv-ada.pdf" })).toHaveCount(0);

  const link = panel.getByRole("link", { name: "cv-ada.pdf" });
  await expect(link).toHaveAttribute("href", new RegExp(`^/api/forms/${form.id}/responses/[^/]+/files/[0-9a-z]{26}$`));
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("cv-ada.pdf");
  expect((await readFile(await download.path())).equals(PDF)).toBe(true);

  const sigLink = panel.getByRole("link", { name: "signature.png" });
  const [sigDownload] = await Promise.all([page.waitForEvent("download"), sigLink.click()]);
  expect((await readFile(await sigDownload.path())).equals(PNG)).toBe(true);
  await page.screenshot({ path: "tests/artifacts/dashboard-files.png", fullPage: true });

  // Not for anyone else: without the owner's session the same URL gives nothing.
  const stranger = await request.newContext({ baseURL: dashboardUrl(), storageState: { cookies: [], origins: [] } });
  const href = (await link.getAttribute("href"))!;
  const res = await stranger.get(href, { maxRedirects: 0 });
  expect(res.status(), `${res.status()} ${res.headers()["content-type"]}`).not.toBe(200);
  expect((await res.body()).includes(Buffer.from("%PDF"))).toBe(false);
  await stranger.dispose();
});

test("analytics: the file and signature cards show responses, files and total size", async ({ page }) => {
  const form = await publishFilesForm(page);
  await respond(form.slug);
  await respond(form.slug);

  await page.goto(`${dashboardUrl()}/forms/${form.id}/analytics`);
  const card = (key: string) => page.locator(`section[data-question="${key}"]`);
  await expect(card("cv").locator("[data-count]")).toHaveText("2");
  await expect(card("cv").locator("[data-files]")).toHaveText("2");
  await expect(card("cv").locator("[data-bytes]")).toHaveText(`${2 * PDF.length} B`);
  await expect(card("sig").locator("[data-count]")).toHaveText("2");
  await expect(card("sig").locator("[data-bytes]")).toHaveText(`${2 * PNG.length} B`);
});
