/**
 * A signature drawn on the pad is taken when the respondent submits (or moves
 * on), whether or not "Use this signature" was pressed; a required signature
 * left empty holds the form back with its message. Both layouts, against the
 * real upload endpoint; the stored response is read back as the owner sees it.
 */
import { expect, test, type Page } from "@playwright/test";
import { apiClient, createOwnerKey, type Api } from "./fixtures";
import { collectPageErrors, finishedResponses, openForm, publicUrl, publishForm, waitForFillTime } from "./helpers";

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let api: Api;
let key: string;
test.beforeAll(() => {
  key = createOwnerKey(process.env.E2E_PUBLIC_DATABASE_URL!);
  api = apiClient(publicUrl(), key);
});

/** The stored signature's bytes, as its owner downloads them. */
async function ownerBytes(url: string): Promise<Buffer> {
  const res = await fetch(publicUrl() + url, { headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function draw(page: Page) {
  const pad = page.locator("canvas.fl-signature-pad");
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 40 + i * 25, box.y + box.height * (0.7 - 0.4 * Math.sin(i / 2)));
  await page.mouse.up();
  await expect(pad).toHaveAttribute("data-inked", "");
}

const form = (mode: "classic" | "immersive", required: boolean) => ({
  title: `Signature (${mode}${required ? ", required" : ""})`,
  mode,
  questions: [
    { key: "city", type: "short-text", title: "Your city" },
    { key: "sig", type: "signature", title: "Sign here", required },
  ],
});

for (const mode of ["classic", "immersive"] as const) {
  test(`${mode}: a drawing is taken on Submit without "Use this signature"`, async ({ page }) => {
    const pageErrors = collectPageErrors(page);
    const { id, slug } = await publishForm(api, form(mode, false));
    const openedAt = await openForm(page, slug);
    await page.getByLabel("Your city").fill("Paris");
    if (mode === "immersive") await page.getByRole("button", { name: "OK" }).click();
    await draw(page);
    await waitForFillTime(page, openedAt);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("heading", { name: "Thanks for your response!" })).toBeFocused();

    const [stored] = await finishedResponses(api, id);
    expect(stored.answers.city).toBe("Paris");
    const sig = stored.answers.sig as { contentType: string; url: string; size: number } | undefined;
    expect(sig?.contentType).toBe("image/png");
    const png = await ownerBytes(sig!.url);
    expect(png.subarray(0, 8)).toEqual(PNG_MAGIC);
    expect(png.length).toBe(sig!.size);
    expect(pageErrors).toEqual([]);
  });

  test(`${mode}: a required signature left empty blocks Submit with its message`, async ({ page }) => {
    const { id, slug } = await publishForm(api, form(mode, true));
    const openedAt = await openForm(page, slug);
    await page.getByLabel("Your city").fill("Paris");
    if (mode === "immersive") await page.getByRole("button", { name: "OK" }).click();
    await waitForFillTime(page, openedAt);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("This question is required")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Thanks for your response!" })).toHaveCount(0);
    expect(await finishedResponses(api, id)).toEqual([]);

    // Signing then lets it through, again without pressing "Use this signature".
    await draw(page);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("heading", { name: "Thanks for your response!" })).toBeFocused();
    const [stored] = await finishedResponses(api, id);
    expect((stored.answers.sig as { contentType: string }).contentType).toBe("image/png");
  });
}
