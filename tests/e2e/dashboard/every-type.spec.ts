/**
 * The dashboard's pages for a form with one question of every type, in the
 * browser: the builder, analytics, the responses table and one response's
 * detail panel each render their questions and never the error page.
 * The form and its response are made over HTTP with the page's session
 * (tests/fixtures/every-type.ts).
 */
import { expect, test } from "@playwright/test";
import { createEveryTypeForm, everyTypePages, type EveryTypeForm } from "../../fixtures/every-type";
import { dashboardUrl } from "./owner";
import { signInOncePerFile } from "./session";

signInOncePerFile("every-type");

let form: EveryTypeForm;

test.beforeEach(async ({ page }) => {
  if (form) return;
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  form = await createEveryTypeForm({ base: dashboardUrl(), ownerHeaders: { cookie, origin: dashboardUrl() } });
});

test("builder, analytics, responses and a response's detail render a form with every question type", async ({ page }) => {
  const pageErrors: string[] = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
  const pages = everyTypePages(form);
  const answered = form.questions.filter((q) => q.type !== "statement" && q.type !== "hidden");

  for (const [name, path] of Object.entries(pages)) {
    await test.step(name, async () => {
      await page.goto(dashboardUrl() + path);
      // The detail is a modal panel over the table: its questions are the ones to look for.
      const scope = name === "detail" ? page.getByRole("dialog") : page.locator("main");
      await expect(scope).toBeVisible();
      await expect(page.getByText("Something went wrong"), name).toHaveCount(0);
      for (const q of answered) await expect(scope.getByText(q.title, { exact: true }).first(), `${name}: ${q.type}`).toBeAttached();
    });
  }
  expect(pageErrors).toEqual([]);
});
