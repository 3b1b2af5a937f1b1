/**
 * Files on the public page, in both modes, against the real upload endpoint
 * and storage: choosing a file (and dropping one), the checks made before a
 * byte is sent, cancel and remove, a signature drawn with the mouse (classic)
 * and typed with the keyboard (immersive), the form held back while an
 * upload is still on its way; what lands is read back as the owner sees it.
 */
import { expect, test, type Page } from "@playwright/test";
import { apiClient, createOwnerKey, type Api } from "./fixtures";
import { collectPageErrors, finishedResponses, openForm, publicUrl, publishForm, screenshot, waitForFillTime } from "./helpers";

/** A 1×1 PNG and a one-page PDF: real magic numbers, so the server's sniffing accepts them. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

const questions = [
  { key: "cv", type: "file-upload", title: "Your CV", required: true, maxFiles: 2, maxFileSizeMB: 1, accept: [".pdf", "image/*"] },
  { key: "sig", type: "signature", title: "Sign here", required: true },
];

let api: Api;
let key: string;
test.beforeAll(() => {
  key = createOwnerKey(process.env.E2E_PUBLIC_DATABASE_URL!);
  api = apiClient(publicUrl(), key);
});

/** The upload request of one question (a predicate: a glob's "?" would not be literal). */
const uploadOf = (question: string) => (url: URL) => url.pathname.endsWith("/files") && url.searchParams.get("question") === question;

const fileInput = (page: Page) => page.getByLabel("Your CV");
const fileRow = (page: Page, name: string) => page.locator(".fl-file", { has: page.locator(".fl-file-name", { hasText: name }) });


test("classic: checks before sending, cancel, drop, remove, a drawn signature; the owner gets the files", async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const form = await publishForm(api, { title: "Files (classic)", mode: "classic", questions });
  const openedAt = await openForm(page, form.slug);
  await expect(page.locator("form.fl-r")).toHaveAttribute("enctype", "multipart/form-data");

  // Too large and the wrong type are said at once, and nothing is sent.
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/files?question=")) sent.push(r.url());
  });
  await fileInput(page).setInputFiles([
    { name: "huge.pdf", mimeType: "application/pdf", buffer: Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 1)]) },
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") },
  ]);
  await expect(fileRow(page, "huge.pdf")).toContainText("huge.pdf is larger than 1 MB.");
  await expect(fileRow(page, "notes.txt")).toContainText("notes.txt is not an accepted type");
  expect(sent).toEqual([]);
  await fileRow(page, "huge.pdf").getByRole("button", { name: "Remove huge.pdf" }).click();
  await fileRow(page, "notes.txt").getByRole("button", { name: "Remove notes.txt" }).click();
  await expect(page.locator(".fl-file")).toHaveCount(0);

  // An upload that hangs can be cancelled; it leaves nothing behind.
  const cvUpload = uploadOf("cv");
  await page.route(cvUpload, () => {
    /* held: never answered */
  });
  await fileInput(page).setInputFiles({ name: "stuck.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(fileRow(page, "stuck.pdf")).toHaveAttribute("data-state", "uploading");
  await expect(fileRow(page, "stuck.pdf").getByRole("progressbar")).toBeVisible();
  await fileRow(page, "stuck.pdf").getByRole("button", { name: "Cancel" }).click();
  await expect(page.locator(".fl-file")).toHaveCount(0);
  await expect(page.getByText("Upload of stuck.pdf cancelled.")).toBeAttached();
  await page.unroute(cvUpload);

  // Chosen with the picker, and dropped on the zone (desktop).
  await fileInput(page).setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(fileRow(page, "cv.pdf")).toHaveAttribute("data-state", "done");
  const dropped = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], "photo.png", { type: "image/png" }));
    return dt;
  }, PNG.toString("base64"));
  await page.locator(".fl-drop").dispatchEvent("drop", { dataTransfer: dropped });
  await expect(fileRow(page, "photo.png")).toHaveAttribute("data-state", "done");
  // Two of two: the picker is closed to a third, and removing one opens it again.
  await expect(fileInput(page)).toBeDisabled();
  await fileRow(page, "photo.png").getByRole("button", { name: "Remove photo.png" }).click();
  await expect(fileInput(page)).toBeEnabled();

  // The signature, drawn with the mouse.
  const pad = page.locator("canvas.fl-signature-pad");
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 40 + i * 25, box.y + box.height * (0.7 - 0.4 * Math.sin(i / 2)));
  await page.mouse.up();
  await page.getByRole("button", { name: "Use this signature" }).click();
  await expect(page.getByRole("button", { name: "Signature saved" })).toBeDisabled();
  await screenshot(page, "files-classic");

  // A reload keeps the uploaded file, listed by the name and size it was chosen with (kept on this device),
  // and the fill time still runs from the first page: the Submit right after the reload is
  // stored, not dropped as a bot's. The drawn signature is kept too (read back below).
  await page.reload();
  await expect(fileRow(page, "cv.pdf")).toHaveAttribute("data-state", "done");
  await expect(fileRow(page, "cv.pdf")).toContainText(`${PDF.length} B`);
  await waitForFillTime(page, openedAt);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: "Thanks for your response!" })).toBeFocused();

  const [stored] = await finishedResponses(api, form.id);
  const cv = stored.answers.cv as { id: string; name: string; size: number; contentType: string; url: string }[];
  expect(cv).toHaveLength(1);
  expect(cv[0]).toMatchObject({ name: "cv.pdf", size: PDF.length, contentType: "application/pdf" });
  expect(cv[0].url).toBe(`/api/forms/${form.id}/responses/${stored.id}/files/${cv[0].id}`);
  const sig = stored.answers.sig as { name: string; size: number; contentType: string; url: string };
  expect(sig).toMatchObject({ contentType: "image/png" });
  // The drawing is in it: a blank 600×200 PNG compresses far smaller.
  const png = await ownerBytes(sig.url);
  expect(png.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
  expect(png.length).toBe(sig.size);
  const pdf = await ownerBytes(cv[0].url);
  expect(pdf.equals(PDF)).toBe(true);
  expect(pageErrors).toEqual([]);
});

test("immersive: a required file, a signature typed with the keyboard, held back while uploading", async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const form = await publishForm(api, { title: "Files (immersive)", mode: "immersive", questions });
  const openedAt = await openForm(page, form.slug);

  // Required: OK without a file says so.
  await page.getByRole("button", { name: "OK" }).click();
  await expect(page.getByText("This question is required")).toBeVisible();
  await fileInput(page).setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(fileRow(page, "cv.pdf")).toHaveAttribute("data-state", "done");
  await expect(page.getByText("cv.pdf uploaded.")).toBeAttached();
  await page.getByRole("button", { name: "OK" }).click();

  // The keyboard alternative: type the name, it is written into the pad.
  const typed = page.getByLabel("Or type your name", { exact: true });
  await typed.focus();
  await page.keyboard.type("Ada Lovelace");
  await expect(page.locator("canvas.fl-signature-pad")).toHaveAttribute("data-inked", "");
  // Its upload is held on the way: Submit waits for it.
  let held: import("@playwright/test").Route | null = null;
  const sigUpload = uploadOf("sig");
  await page.route(sigUpload, (route) => {
    held = route;
  });
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Use this signature" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Saving…" })).toBeVisible();
  await waitForFillTime(page, openedAt);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Wait until the upload has finished.")).toBeVisible();
  await expect.poll(() => held !== null).toBe(true);
  await held!.continue();
  await page.unroute(sigUpload);
  await expect(page.getByRole("button", { name: "Signature saved" })).toBeVisible();
  await screenshot(page, "files-immersive");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: "Thanks for your response!" })).toBeFocused();

  const [stored] = await finishedResponses(api, form.id);
  expect((stored.answers.cv as { name: string }[]).map((f) => f.name)).toEqual(["cv.pdf"]);
  const sig = stored.answers.sig as { contentType: string; url: string; size: number };
  expect(sig.contentType).toBe("image/png");
  const png = await ownerBytes(sig.url);
  expect(png.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
  expect(pageErrors).toEqual([]);
});

/** The owner's download (the API key's owner), as bytes; it is always an attachment. */
async function ownerBytes(url: string): Promise<Buffer> {
  const res = await fetch(publicUrl() + url, { headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-disposition")).toMatch(/^attachment/);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  return Buffer.from(await res.arrayBuffer());
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a plain file input and a PNG for the signature post as multipart; a refused file is said next to its question", async ({ page }) => {
    const form = await publishForm(api, { title: "Files (no JavaScript)", mode: "classic", questions });
    const openedAt = await openForm(page, form.slug, "", { interactive: false });
    await expect(page.locator("form.fl-r")).toHaveAttribute("enctype", "multipart/form-data");
    await expect(page.getByRole("button", { name: "Use this signature" })).toBeHidden();

    // Bytes that are not an accepted type (an HTML page named .pdf) come back with the server's message.
    await page.getByLabel("Your CV").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html><script>alert(1)</script></html>") });
    await page.getByLabel("Sign here: PNG image of your signature").setInputFiles({ name: "sig.png", mimeType: "image/png", buffer: PNG });
    await waitForFillTime(page, openedAt);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${form.slug}$`));
    await expect(page.locator(".fl-error").filter({ hasText: /accepts/ })).toBeVisible();
    expect(await finishedResponses(api, form.id)).toHaveLength(0);

    // A browser cannot cap how many files a `multiple` input takes: more than maxFiles (2) are refused by the server.
    await page.getByLabel("Your CV").setInputFiles(["a", "b", "c"].map((n) => ({ name: `${n}.pdf`, mimeType: "application/pdf", buffer: PDF })));
    await page.getByLabel("Sign here: PNG image of your signature").setInputFiles({ name: "sig.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${form.slug}$`));
    await expect(page.locator(".fl-error").filter({ hasText: "Attach at most 2 files" })).toBeVisible();
    expect(await finishedResponses(api, form.id)).toHaveLength(0);

    await page.getByLabel("Your CV").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByLabel("Sign here: PNG image of your signature").setInputFiles({ name: "sig.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${form.slug}/thanks$`));

    const [stored] = await finishedResponses(api, form.id);
    const cv = stored.answers.cv as { name: string; url: string }[];
    expect(cv.map((f) => f.name)).toEqual(["cv.pdf"]);
    expect((await ownerBytes(cv[0].url)).equals(PDF)).toBe(true);
    const sig = stored.answers.sig as { url: string; contentType: string };
    expect(sig.contentType).toBe("image/png");
    expect((await ownerBytes(sig.url)).equals(PNG)).toBe(true);
  });
});
