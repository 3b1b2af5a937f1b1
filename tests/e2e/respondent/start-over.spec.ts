/**
 * "Start over" on a shared device: person 1 answers part of a form and
 * uploads a file without submitting, presses Start over; person 2 on the same
 * browser finds an empty form, and the server kept nothing of person 1.
 */
import { expect, test } from "@playwright/test";
import { apiClient, createOwnerKey, type Api } from "./fixtures";
import { openForm, publicUrl, publishForm } from "./helpers";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

let api: Api;
test.beforeAll(() => {
  api = apiClient(publicUrl(), createOwnerKey(process.env.E2E_PUBLIC_DATABASE_URL!));
});

for (const mode of ["classic", "immersive"] as const) {
  test(`${mode}: person 2 on the same browser sees an empty form after person 1 starts over`, async ({ page, context }) => {
    const form = await publishForm(api, {
      title: `Start over (${mode})`,
      mode,
      questions: [
        { key: "city", type: "short-text", title: "Your city" },
        { key: "cv", type: "file-upload", title: "Your CV", accept: [".pdf"] },
      ],
    });
    await openForm(page, form.slug);
    await expect(page.getByRole("button", { name: "Start over" })).toHaveCount(0);
    await page.getByLabel("Your city").fill("Paris");
    if (mode === "immersive") await page.getByRole("button", { name: "OK" }).click();
    await page.getByLabel("Your CV").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(page.locator(".fl-file")).toHaveAttribute("data-state", "done");
    if (mode === "immersive") {
      // The partial response is on the server (resumable through the cookie) before starting over.
      await page.getByRole("button", { name: "Previous question" }).click();
      await page.getByRole("button", { name: "OK" }).click();
    }
    await page.reload();
    await expect(page.locator("form.fl-r[data-ready]")).toHaveCount(1);
    await expect(page.getByLabel("Your city")).toHaveValue("Paris");

    const discarded = page.waitForResponse((r) => r.url().endsWith("/responses/current") && r.request().method() === "DELETE");
    await page.getByRole("button", { name: "Start over" }).click();
    expect((await discarded).status()).toBe(204);
    await expect(page.locator("form.fl-r[data-ready]")).toHaveCount(1);

    // Person 2: the same browser, the page opened again.
    await openForm(page, form.slug);
    await expect(page.getByLabel("Your city")).toHaveValue("");
    await expect(page.locator(".fl-file")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Start over" })).toHaveCount(0);
    expect((await context.cookies()).some((c) => c.name === "fl_rid" && c.value === "")).toBe(false);
    const current = await page.request.get(`${publicUrl()}/api/public/forms/${form.slug}/responses/current`);
    expect(current.status()).toBe(404);
    const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("formloom:draft:") || k.startsWith("formloom:files:")));
    expect(left).toEqual([]);
  });
}
