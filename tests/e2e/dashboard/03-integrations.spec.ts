/**
 * The Integrations tab of a form, in Chromium against the production server:
 *
 * 1. Webhooks: create one pointing at a receiver this test starts on
 *    127.0.0.1 (the dashboard server runs with WEBHOOK_ALLOW_PRIVATE_URLS),
 *    see the signing secret once (gone after a reload), send a test ping and
 *    watch it succeed in the delivery log with the receiver's kept body — the
 *    receiver verifies the signature with `standardwebhooks` and that secret
 *    — retry it, rotate the secret (the next ping verifies with the new one),
 *    then edit it, disable it, and delete it after confirming.
 * 2. Email settings: the dashboard server has no SMTP_URL, so the tab says
 *    email is not configured; the settings are saved all the same and read
 *    back after a reload.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { dashboardUrl } from "./owner";
import { publishFormAsOwner, signIn } from "./session";

const ARTIFACTS = "tests/artifacts";
const SESSION_STATE = join(tmpdir(), `formloom-e2e-03-session-${process.pid}.json`);
test.use({ viewport: { width: 1280, height: 900 }, storageState: SESSION_STATE });

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ storageState: undefined });
  await signIn(await context.newPage());
  await context.storageState({ path: SESSION_STATE });
  await context.close();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/plain" }).end("ok-from-receiver");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/formloom`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await rm(SESSION_STATE, { force: true });
});

const createForm = async (page: Page, title: string) =>
  (await publishFormAsOwner(page, title, [
    { key: "name", type: "short-text", title: "Your name" },
    { key: "email", type: "email", title: "Your email" },
  ])).id;

test("webhooks: create with the secret shown once, test delivery in the log, edit, disable, delete", async ({ page }) => {
  const id = await createForm(page, "Integrations webhook form");
  await page.goto(`${dashboardUrl()}/forms/${id}`);
  await page.getByRole("navigation", { name: "Form sections" }).getByRole("link", { name: "Integrations" }).click();
  await expect(page).toHaveURL(new RegExp(`/forms/${id}/integrations$`));
  const webhooks = page.getByTestId("webhooks");
  await expect(webhooks.getByRole("heading", { name: "No webhooks" })).toBeVisible();

  // Create: keyboard from the button to the form's first field.
  await webhooks.getByRole("button", { name: "Add webhook" }).click();
  const form = page.getByRole("form", { name: "New webhook" });
  await expect(form.getByLabel("Payload URL")).toBeFocused();
  await form.getByLabel("Payload URL").fill(receiverUrl);
  await form.getByLabel("Description").fill("CRM sync");
  await expect(form.getByRole("checkbox", { name: /Response finished/ })).toBeChecked();
  await form.getByRole("checkbox", { name: /Form published/ }).check();
  await form.getByRole("button", { name: "Create webhook" }).click();

  const secretBox = page.getByTestId("webhook-secret");
  await expect(secretBox).toContainText("you won't see it again");
  const secret = (await page.getByTestId("webhook-secret-value").textContent())!.trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32,}$/);
  await expect(secretBox.getByRole("button", { name: "Copy secret" })).toBeVisible();
  const item = webhooks.getByTestId("webhook");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(receiverUrl);
  await expect(item).toContainText("CRM sync");
  await expect(item).toContainText("Response finished, Form published");
  await expect(item.getByText("Enabled", { exact: true })).toBeVisible();

  // Shown once: after a reload the secret is nowhere on the page.
  await page.reload();
  await expect(page.getByTestId("webhook")).toHaveCount(1);
  expect(await page.content()).not.toContain(secret);

  // Send a test: the ping arrives signed, and the log shows it succeeded with the kept body.
  const hook = page.getByTestId("webhook");
  await hook.getByRole("button", { name: "Send test" }).click();
  const log = hook.getByTestId("delivery-log");
  const row = log.locator("tbody tr[data-delivery-id]").first();
  await expect(row).toHaveAttribute("data-status", "succeeded", { timeout: 20_000 });
  await expect(row).toContainText("ping");
  await expect(row.locator("td").nth(3)).toHaveText("200");
  await expect(hook.getByTestId("delivery-retention")).toHaveText("finished deliveries are kept 30 days after their last attempt");
  await row.getByRole("button", { name: "Details" }).click();
  await expect(log).toContainText("ok-from-receiver");
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/integrations-webhook.png`, fullPage: true });

  const pings = received.filter((r) => JSON.parse(r.body).type === "ping");
  expect(pings).toHaveLength(1);
  const payload = new Webhook(secret).verify(pings[0].body, pings[0].headers as Record<string, string>) as { type: string; data: { formId: string } };
  expect(payload.type).toBe("ping");
  expect(payload.data.formId).toBe(id);

  // Retry sends the same delivery again (same webhook-id).
  await row.getByRole("button", { name: /^Retry delivery/ }).click();
  await expect.poll(() => received.filter((r) => JSON.parse(r.body).type === "ping").length, { timeout: 20_000 }).toBe(2);
  const again = received.filter((r) => JSON.parse(r.body).type === "ping");
  expect(again[1].headers["webhook-id"]).toBe(again[0].headers["webhook-id"]);

  // Rotate the secret: a new one, shown once, signs the next delivery.
  await hook.getByRole("button", { name: "Rotate secret" }).click();
  await page.getByRole("dialog", { name: "Rotate the signing secret?" }).getByRole("button", { name: "Rotate secret" }).click();
  await expect(page.getByTestId("webhook-secret")).toContainText("you won't see it again");
  const rotated = (await page.getByTestId("webhook-secret-value").textContent())!.trim();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  await hook.getByRole("button", { name: "Send test" }).click();
  await expect.poll(() => received.filter((r) => JSON.parse(r.body).type === "ping").length, { timeout: 20_000 }).toBe(3);
  const latest = received.filter((r) => JSON.parse(r.body).type === "ping")[2];
  expect((new Webhook(rotated).verify(latest.body, latest.headers as Record<string, string>) as { type: string }).type).toBe("ping");

  // Edit the description and events.
  await hook.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Edit webhook" });
  await edit.getByLabel("Description").fill("CRM sync (prod)");
  await edit.getByRole("checkbox", { name: /Form published/ }).uncheck();
  await edit.getByRole("button", { name: "Save webhook" }).click();
  await expect(hook).toContainText("CRM sync (prod)");
  await expect(hook).not.toContainText("Form published");

  // Disable: the badge says so, and why.
  await hook.getByRole("button", { name: "Disable" }).click();
  await expect(hook.getByText("Disabled", { exact: true })).toBeVisible();
  await expect(hook.getByRole("status").filter({ hasText: "Disabled on" })).toContainText("Disabled by its owner");
  await expect(hook.getByRole("button", { name: "Enable" })).toBeVisible();
  await expect(hook.getByRole("button", { name: "Send test" })).toBeDisabled();

  // Delete, after confirming (Cancel first: nothing happens).
  await hook.getByRole("button", { name: "Delete", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this webhook?" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("webhook")).toHaveCount(1);
  await hook.getByRole("button", { name: "Delete", exact: true }).click();
  await dialog.getByRole("button", { name: "Delete webhook" }).click();
  await expect(page.getByTestId("webhook")).toHaveCount(0);
  await expect(webhooks.getByRole("heading", { name: "No webhooks" })).toBeVisible();
  const list = await page.request.get(`${dashboardUrl()}/api/forms/${id}/webhooks`);
  expect((await list.json()).webhooks).toEqual([]);
});

test("email settings: saved and read back; the tab says email is not configured without SMTP_URL", async ({ page }) => {
  const id = await createForm(page, "Integrations email form");
  await page.goto(`${dashboardUrl()}/forms/${id}/integrations`);
  const card = page.getByTestId("email-settings");
  await expect(card.getByText("Email is not configured on this server.")).toBeVisible();

  await card.getByLabel("Notify these addresses of each finished response").fill("team@example.test\nnot-an-address");
  await card.getByRole("button", { name: "Save email settings" }).click();
  await expect(card.getByText(/Enter a valid email address: not-an-address/)).toBeVisible();

  await card.getByLabel("Notify these addresses of each finished response").fill("team@example.test\nboss@example.test");
  await card.getByLabel("Send the respondent a confirmation email").check();
  await expect(card.getByLabel("Send it to the answer of")).toHaveValue("email");
  await card.getByLabel("Subject").fill("Thanks {{name}}");
  await card.getByLabel("Message").fill("Hello {{name}},\n\nwe got your answers.");
  await expect(card.getByTestId("recall-help")).toContainText("{{name}}");
  await card.getByRole("button", { name: "Save email settings" }).click();
  await expect(card.getByText("Saved", { exact: true })).toBeVisible();
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/integrations-email.png`, fullPage: true });

  await page.reload();
  const again = page.getByTestId("email-settings");
  await expect(again.getByLabel("Notify these addresses of each finished response")).toHaveValue("team@example.test\nboss@example.test");
  await expect(again.getByLabel("Send the respondent a confirmation email")).toBeChecked();
  await expect(again.getByLabel("Subject")).toHaveValue("Thanks {{name}}");
  await expect(again.getByLabel("Message")).toHaveValue("Hello {{name}},\n\nwe got your answers.");
  const api = await (await page.request.get(`${dashboardUrl()}/api/forms/${id}/notifications`)).json();
  expect(api.notifications).toMatchObject({
    emailConfigured: false,
    recipients: ["team@example.test", "boss@example.test"],
    confirmation: { enabled: true, questionKey: "email", subject: "Thanks {{name}}", message: "Hello {{name}},\n\nwe got your answers." },
  });
});

test("the link in a notification email opens that response's panel, also from another page", async ({ page }) => {
  const id = await createForm(page, "Integrations linked response form");
  const slug = (await (await page.request.get(`${dashboardUrl()}/api/forms/${id}`)).json()).form.slug as string;
  const ids: string[] = [];
  // 21 responses: the oldest is on page 2 of 20, the link still opens it.
  for (let i = 0; i < 21; i++) {
    const res = await page.request.post(`${dashboardUrl()}/api/public/forms/${slug}/responses`, {
      headers: { cookie: `fl_rid=linked-respondent-${String(i).padStart(22, "0")}` },
      data: { answers: { name: `Person ${i}` } },
    });
    expect(res.status()).toBe(201);
    ids.push((await res.json()).response.id);
  }
  await page.goto(`${dashboardUrl()}/forms/${id}/responses?response=${ids[0]}`);
  const panel = page.getByRole("dialog", { name: "Response" });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText("Person 0");
  await expect(panel).toContainText("Linked response");
  await panel.getByRole("button", { name: "Close" }).click();
  await expect(panel).toBeHidden();
  expect(new URL(page.url()).searchParams.has("response")).toBe(false);

  await page.goto(`${dashboardUrl()}/forms/${id}/responses?response=no-such-response`);
  await expect(page.getByText("The linked response no longer exists")).toBeVisible();
});
