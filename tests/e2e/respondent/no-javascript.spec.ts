/**
 * With JavaScript off the page is a plain HTML form posting to
 * /s/<slug>/submit: success lands on the thank-you page, validation problems
 * come back next to their questions with the answers kept, and an immersive
 * form falls back to showing every question with one submit button.
 */
import { expect, test } from "@playwright/test";
import type { Api } from "./fixtures";
import { everyTypeForm } from "./fixtures";
import { finishedResponses, openForm, ownerApi, publishForm, waitForFillTime } from "./helpers";

test.use({ javaScriptEnabled: false, locale: "en-US" });

let api: Api;
test.beforeAll(() => {
  api = ownerApi();
});

test("a classic form posts, validates on the server and stores every answer", async ({ page }) => {
  const form = await publishForm(api, everyTypeForm("classic"));
  let openedAt = await openForm(page, form.slug, "?ref=no-js", { interactive: false });

  // First a bad post: required answers missing and a malformed email.
  await page.getByLabel("Your email address").fill("not-an-email");
  await page.getByLabel("How old are you?").fill("36");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${form.slug}$`));
  await expect(page.locator('[id$="-name-err"]')).toHaveText("This question is required");
  await expect(page.locator('[id$="-email-err"]')).toHaveText("Enter a valid email address");
  await expect(page.locator('[id$="-color-err"]')).toHaveText("This question is required");
  await expect(page.getByLabel("Your email address")).toHaveValue("not-an-email"); // answers kept
  await expect(page.getByLabel("How old are you?")).toHaveValue("36");
  expect(await finishedResponses(api, form.id)).toHaveLength(0);

  openedAt = Date.now(); // the re-rendered page carries a fresh start token
  await page.getByLabel("What is your name?").fill("Ada Lovelace");
  await page.getByLabel("Tell us a little about yourself").fill("Mathematician.\nFirst programmer.");
  await page.getByLabel("Your email address").fill("ada@example.org");
  await page.getByLabel("Your website").fill("https://ada.example.org");
  await page.getByLabel("Your phone number").fill("+44 20 7946 0958");
  await page.getByText("Green", { exact: true }).click();
  await page.getByText("Apple", { exact: true }).click();
  await page.getByText("Cherry", { exact: true }).click();
  await page.getByLabel("Where do you live?").selectOption("Japan");
  await page.getByRole("radio", { name: "4 stars" }).check({ force: true });
  await page.locator('input[name="effort"][value="7"]').check({ force: true });
  await page.locator('input[name="nps"][value="9"]').check({ force: true });
  await page.getByRole("radio", { name: "Yes" }).check({ force: true });
  await page.getByLabel("When did you join?").fill("2024-03-15");
  await waitForFillTime(page, openedAt);
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(new RegExp(`/s/${form.slug}/thanks$`));
  await expect(page.getByText("We got your answers. Have a lovely day!")).toBeVisible();
  const stored = await finishedResponses(api, form.id);
  expect(stored).toHaveLength(1);
  expect(stored[0].answers).toEqual({
    name: "Ada Lovelace", bio: "Mathematician.\nFirst programmer.", email: "ada@example.org", age: 36,
    site: "https://ada.example.org", phone: "+44 20 7946 0958", color: "Green", fruits: ["Apple", "Cherry"],
    country: "Japan", stars: 4, effort: 7, nps: 9, agree: true, when: "2024-03-15",
  });
  expect(stored[0].metadata).toEqual({ ref: "no-js" });
});

test("an immersive form shows every question and one submit button", async ({ page }) => {
  const form = await publishForm(api, everyTypeForm("immersive"));
  const openedAt = await openForm(page, form.slug, "", { interactive: false });
  for (const title of ["What is your name?", "Your email address", "How likely are you to recommend us?"]) {
    await expect(page.getByText(title)).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Start" })).toBeHidden();
  await page.getByLabel("What is your name?").fill("Ada");
  await page.getByLabel("Your email address").fill("ada@example.org");
  await page.getByText("Blue", { exact: true }).click();
  await waitForFillTime(page, openedAt);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${form.slug}/thanks$`));
  const stored = await finishedResponses(api, form.id);
  expect(stored.map((r) => r.answers)).toEqual([{ name: "Ada", email: "ada@example.org", color: "Blue" }]);
});
