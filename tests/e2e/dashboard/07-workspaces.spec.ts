/**
 * Workspaces in the dashboard, two people in two browsers on one server:
 *
 * 1. The suite's owner creates a team workspace (switcher), a form in it, and
 *    invites a viewer from the members page (the link is shown to copy).
 * 2. The viewer opens the link signed out, sees the workspace and role,
 *    creates an account there (the server has no open sign-up: the
 *    invitation is what lets them in) and lands in the team's forms —
 *    read-only: "New form", "Duplicate", "Delete" and "Publish" are disabled
 *    with their reason, the builder's fields are disabled, and the members
 *    page and audit log offer nothing to manage.
 * 3. The owner promotes them to editor; they edit the form's title.
 * 4. The owner removes them: the form is "not found" for them and the team
 *    workspace is gone from their switcher.
 * 5. The audit log shows those actions, and its action filter narrows them.
 * 6. Invitation pages that cannot be used say so: the used link, a revoked
 *    one, one for another account, and a made-up token.
 * 7. Invited again, the person (who now has an account) signs in on the link
 *    and is back, as an editor.
 *
 * Runs last on the dashboard server (it adds a second account, which no
 * earlier spec expects); works on an empty database too (signIn sets it up).
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { watchCsp } from "../csp";
import { dashboardUrl } from "./owner";
import { signIn, SIGN_IN_MS } from "./session";

const VIEWER = { email: "viewer@formloom.test", password: "another careful passphrase" };
const TEAM = "Research team";
const FORM = "Team pulse survey";

test.use({ viewport: { width: 1280, height: 900 } });

const waitForSaved = (page: Page) => expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

async function newPage(browser: Browser) {
  const context = await browser.newContext({ storageState: undefined, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return { context, page, violations: watchCsp(page) };
}

async function invite(page: Page, email: string, role: string): Promise<string> {
  await mainNav(page).getByRole("link", { name: "Members" }).click();
  await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: role });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByTestId("new-invitation")).toContainText(`Invited ${email}`);
  const url = (await page.getByTestId("invitation-url").textContent())!.trim();
  expect(url).toMatch(/\/invite\/[A-Za-z0-9_-]{20,}$/);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText(role);
  return url;
}

test("an owner invites a viewer, promotes them to editor, removes them; the audit log tells it", async ({ browser }) => {
  test.setTimeout(240_000);
  const owner = await newPage(browser);
  const viewer = await newPage(browser);
  const base = dashboardUrl();
  let formUrl = "";
  let inviteUrl = "";

  await test.step("owner: a new workspace from the switcher, with a form in it", async () => {
    await signIn(owner.page);
    await owner.page.getByRole("button", { name: /^Workspace:/ }).click();
    await owner.page.getByRole("button", { name: "New workspace" }).click();
    const dialog = owner.page.getByRole("dialog", { name: "New workspace" });
    await dialog.getByLabel("Workspace name").fill(TEAM);
    await dialog.getByRole("button", { name: "Create workspace" }).click();
    await expect(owner.page.getByRole("button", { name: /^Workspace:/ })).toContainText(TEAM);
    await expect(owner.page.getByRole("heading", { name: "No forms yet" })).toBeVisible();
    await owner.page.getByRole("button", { name: "Create your first form" }).click();
    const create = owner.page.getByRole("dialog", { name: "New form" });
    await create.getByLabel("Title").fill(FORM);
    await create.getByRole("button", { name: "Create form" }).click();
    await expect(owner.page).toHaveURL(/\/forms\/[^/]+$/);
    formUrl = owner.page.url();
    await expect(owner.page.getByTestId("form-title")).toHaveText(FORM);
    // The form is in the team workspace, not in the owner's personal one.
    const personal = await owner.page.request.get(`${base}/api/forms`);
    expect(((await personal.json()) as { forms: { title: string }[] }).forms.map((f) => f.title)).not.toContain(FORM);
  });

  await test.step("owner: invite the viewer; the invitation is pending", async () => {
    inviteUrl = await invite(owner.page, VIEWER.email, "Viewer");
    await expect(owner.page.getByRole("table", { name: "Pending invitations" }).getByRole("row").filter({ hasText: VIEWER.email })).toBeVisible();
  });

  await test.step("viewer: the link names the workspace and role; sign-up through it joins", async () => {
    await viewer.page.goto(inviteUrl);
    await expect(viewer.page.getByRole("heading", { name: `Join ${TEAM}` })).toBeVisible();
    await expect(viewer.page.getByText("as a viewer")).toBeVisible();
    await expect(viewer.page.getByLabel("Email")).toHaveValue(VIEWER.email);
    // Open sign-up is off on this server: without the invitation there is no sign-up page.
    expect((await viewer.page.request.get(`${base}/signup`)).status()).toBe(404);
    await viewer.page.getByLabel("Password").fill(VIEWER.password);
    await viewer.page.getByRole("button", { name: "Create account and join" }).click();
    await expect(viewer.page).toHaveURL(/\/forms$/, { timeout: SIGN_IN_MS });
    await expect(viewer.page.getByRole("button", { name: /^Workspace:/ })).toContainText(TEAM);
    await expect(viewer.page.getByRole("button", { name: /^Workspace:/ })).toContainText("Viewer");
  });

  await test.step("viewer: the team's forms, read-only", async () => {
    const row = viewer.page.getByRole("row").filter({ hasText: FORM });
    await expect(row).toBeVisible();
    const newForm = viewer.page.getByRole("button", { name: "New form" });
    await expect(newForm).toBeDisabled();
    await expect(newForm).toHaveAccessibleDescription(/Viewers can read forms but not change them/);
    await expect(row.getByRole("button", { name: `Delete ${FORM}` })).toBeDisabled();
    await expect(row.getByRole("button", { name: `Duplicate ${FORM}` })).toBeDisabled();
    // A disabled-with-reason button does nothing when pressed.
    await row.getByRole("button", { name: `Delete ${FORM}` }).click({ force: true });
    await expect(viewer.page.getByRole("dialog")).toHaveCount(0);
    await expect(mainNav(viewer.page).getByRole("link", { name: "Audit log" })).toHaveCount(0);

    await row.getByRole("link", { name: FORM, exact: true }).click();
    await expect(viewer.page.getByTestId("form-title")).toHaveText(FORM);
    await expect(viewer.page.getByText("You are a viewer in this workspace")).toBeVisible();
    await expect(viewer.page.getByLabel("Form title")).toBeDisabled();
    await expect(viewer.page.getByRole("button", { name: "Publish", exact: true })).toBeDisabled();

    await mainNav(viewer.page).getByRole("link", { name: "Members" }).click();
    await expect(viewer.page.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
    await expect(viewer.page.getByRole("row").filter({ hasText: "owner@formloom.test" })).toContainText("Owner");
  });

  await test.step("owner: promote the viewer to editor", async () => {
    await owner.page.goto(`${base}/members`);
    const row = owner.page.getByTestId("member-row").filter({ hasText: VIEWER.email });
    await row.getByLabel(`Role of ${VIEWER.email}`).selectOption("editor");
    await row.getByRole("button", { name: `Save the role of ${VIEWER.email}` }).click();
    await expect(owner.page.getByText(`${VIEWER.email} is now editor`)).toBeVisible();
    await owner.page.reload();
    await expect(owner.page.getByTestId("member-row").filter({ hasText: VIEWER.email }).getByLabel(`Role of ${VIEWER.email}`)).toHaveValue("editor");
  });

  await test.step("editor: edit the form's title", async () => {
    await viewer.page.goto(formUrl);
    await expect(viewer.page.getByText("You are a viewer in this workspace")).toHaveCount(0);
    const title = viewer.page.getByLabel("Form title");
    await expect(title).toBeEnabled();
    await title.fill(`${FORM} (edited)`);
    await waitForSaved(viewer.page);
    await expect(viewer.page.getByTestId("form-title")).toHaveText(`${FORM} (edited)`);
    await expect(viewer.page.getByRole("button", { name: "Publish", exact: true })).toBeEnabled();
  });

  await test.step("owner: remove them; they lose access", async () => {
    await owner.page.goto(`${base}/members`);
    await owner.page.getByRole("button", { name: `Remove ${VIEWER.email}` }).click();
    const dialog = owner.page.getByRole("dialog", { name: `Remove ${VIEWER.email}?` });
    await dialog.getByRole("button", { name: "Remove member" }).click();
    await expect(owner.page.getByTestId("member-row").filter({ hasText: VIEWER.email })).toHaveCount(0);

    const res = await viewer.page.goto(formUrl);
    expect(res?.status()).toBe(404);
    await viewer.page.goto(`${base}/forms`);
    await expect(viewer.page.getByRole("row").filter({ hasText: FORM })).toHaveCount(0);
    await expect(viewer.page.getByRole("button", { name: /^Workspace:/ })).not.toContainText(TEAM);
    await viewer.page.getByRole("button", { name: /^Workspace:/ }).click();
    await expect(viewer.page.getByRole("button", { name: new RegExp(TEAM) })).toHaveCount(0);
    const api = await viewer.page.request.get(`${base}/api/forms/${new URL(formUrl).pathname.split("/").pop()}`);
    expect(api.status()).toBe(404);
  });

  await test.step("owner: the audit log lists those actions, and filters by action", async () => {
    await mainNav(owner.page).getByRole("link", { name: "Audit log" }).click();
    await expect(owner.page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
    const entries = owner.page.getByTestId("audit-entry");
    const actions = await entries.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-action")));
    // Newest first.
    expect(actions).toEqual(["member.removed", "member.role_changed", "member.joined", "member.invited", "form.created"]);
    await expect(entries.filter({ hasText: "Member joined" })).toContainText(VIEWER.email);
    // What an entry is about, by name rather than id: the form as it is called now, after the edit.
    await expect(owner.page.locator('[data-action="form.created"]')).toContainText(`Form “${FORM} (edited)”`);
    await expect(owner.page.locator('[data-action="member.removed"]')).toContainText(`Member “${VIEWER.email}”`);
    await owner.page.getByLabel("Action").selectOption({ label: "Member's role changed" });
    await owner.page.getByRole("button", { name: "Apply filters" }).click();
    await expect(owner.page).toHaveURL(/[?&]action=member\.role_changed/);
    await expect(entries).toHaveCount(1);
    await expect(entries).toContainText("owner@formloom.test");
    await owner.page.getByRole("button", { name: "Clear filters" }).click();
    await expect(entries).toHaveCount(5);
  });

  await test.step("invitation pages that cannot be used say so", async () => {
    // The used link.
    await viewer.page.goto(inviteUrl);
    await expect(viewer.page.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
    // One for another account than the signed-in one.
    const other = await invite(owner.page, "someone.else@formloom.test", "Editor");
    await viewer.page.goto(other);
    await expect(viewer.page.getByRole("heading", { name: "This invitation is for another account" })).toBeVisible();
    await expect(viewer.page.getByText("someone.else@formloom.test")).toBeVisible();
    await expect(viewer.page.getByRole("button", { name: /^Join/ })).toHaveCount(0);
    // Revoked.
    await owner.page.getByRole("button", { name: "Revoke the invitation for someone.else@formloom.test" }).click();
    await owner.page.getByRole("dialog").getByRole("button", { name: "Revoke invitation" }).click();
    await expect(owner.page.getByRole("table", { name: "Pending invitations" })).toHaveCount(0);
    await viewer.page.goto(other);
    await expect(viewer.page.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
    // Made up.
    const res = await viewer.page.goto(`${base}/invite/not-a-real-token-at-all`);
    expect(res?.status()).toBe(404);
    await expect(viewer.page.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
  });

  await test.step("an invited person who has an account signs in on the link and joins", async () => {
    const again = await invite(owner.page, VIEWER.email, "Editor");
    await viewer.page.goto(`${base}/forms`);
    await viewer.page.getByRole("button", { name: "Sign out" }).click();
    await expect(viewer.page).toHaveURL(/\/login$/);
    await viewer.page.goto(again);
    await expect(viewer.page.getByRole("heading", { name: `Join ${TEAM}` })).toBeVisible();
    await expect(viewer.page.getByText("as an editor")).toBeVisible();
    await viewer.page.getByLabel("Password").fill(VIEWER.password);
    await viewer.page.getByRole("button", { name: "Sign in and join" }).click();
    await expect(viewer.page).toHaveURL(/\/forms$/, { timeout: SIGN_IN_MS });
    await expect(viewer.page.getByRole("button", { name: /^Workspace:/ })).toContainText(TEAM);
    await expect(viewer.page.getByRole("button", { name: /^Workspace:/ })).toContainText("Editor");
    await expect(viewer.page.getByRole("row").filter({ hasText: `${FORM} (edited)` })).toBeVisible();
  });

  expect(owner.violations).toEqual([]);
  expect(viewer.violations).toEqual([]);
  await owner.context.close();
  await viewer.context.close();
});
