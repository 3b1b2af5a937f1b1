/**
 * The public page without JavaScript: its HTML form posts to
 * /s/<slug>/submit (form-urlencoded). Success → 303 to the thank-you page;
 * a validation failure → 303 back to the page with the answers and messages
 * in a short-lived cookie, which the page then renders next to the questions;
 * spam is dropped as in the API. Runs on SQLite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { issueStartToken, MIN_FILL_MS } from "@/lib/public/spam";
import { createOwner, publishedForm, request, type Owner } from "../helpers/api";
import { TEST_AUTH_SECRET } from "../setup/server";
import { everyTypeSchema } from "./public-helpers";

let owner: Owner;
beforeAll(async () => {
  owner = await createOwner();
  process.env.AUTH_SECRET = TEST_AUTH_SECRET; // tokens minted here must verify on the server
});

const oldEnough = (formId: string) => issueStartToken(formId, Date.now() - MIN_FILL_MS - 1_000);

function post(slug: string, fields: [string, string][], headers: Record<string, string> = {}) {
  return request("POST", `/s/${slug}/submit`, undefined, {
    raw: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "no-js-browser", ...headers },
  });
}

async function finished(formId: string) {
  const res = await owner.api.get(`/api/forms/${formId}/responses`);
  expect(res.status).toBe(200);
  return res.body.responses as { answers: Record<string, unknown>; metadata: Record<string, string> }[];
}

describe("POST /s/:slug/submit", () => {
  it("stores typed answers from form fields and redirects to the thank-you page", async () => {
    const form = await publishedForm(owner, everyTypeSchema);
    const res = await post(form.slug, [
      ["_start", oldEnough(form.id)], ["_website", ""],
      ["name", "Ada"], ["bio", "line one\r\nline two"], ["email", "ada@example.com"], ["age", "36"],
      ["site", ""], ["phone", ""], ["color", "Blue"], ["toppings", "Cheese"], ["toppings", "Olives"],
      ["country", "Peru"], ["stars", "4"], ["nps", "10"], ["agree", "no"], ["when", "2024-03-15"], ["ref", "poster"],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/s/${form.slug}/thanks`);
    const [stored] = await finished(form.id);
    expect(stored.answers).toEqual({
      name: "Ada", bio: "line one\nline two", email: "ada@example.com", age: 36, color: "Blue", toppings: ["Cheese", "Olives"],
      country: "Peru", stars: 4, nps: 10, agree: false, when: "2024-03-15",
    });
    expect(stored.metadata).toEqual({ ref: "poster" });

    const thanks = await request("GET", `/s/${form.slug}/thanks`);
    expect(thanks.status).toBe(200);
    expect(thanks.text).toContain("Thanks!");
  });

  it("sends validation messages and the answers back to the page, which shows them", async () => {
    const form = await publishedForm(owner, everyTypeSchema);
    const res = await post(form.slug, [["_start", oldEnough(form.id)], ["email", "nope"], ["age", "abc"], ["color", "Blue"]]);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/s/${form.slug}`);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^fl_flash=[A-Za-z0-9_-]+; Path=/s/${form.slug}; Max-Age=\\d+; HttpOnly; SameSite=Lax`));
    expect(await finished(form.id)).toHaveLength(0);

    const page = await request("GET", `/s/${form.slug}`, undefined, { headers: { cookie: cookie.split(";")[0] } });
    expect(page.status).toBe(200);
    expect(page.text).toContain("This question is required"); // name
    expect(page.text).toContain("Enter a valid email address");
    expect(page.text).toContain("Enter a number");
    expect(page.text).toMatch(/value="nope"/); // the answer is kept
    expect(page.text).toMatch(/-email-err" class="fl-error"[^>]*>Enter a valid email address</);
    // Without the cookie, no messages (the page's message catalog holds every text, so look at the question's error).
    expect((await request("GET", `/s/${form.slug}`)).text).toMatch(/-email-err" class="fl-error"[^>]*><\/p>/);
  });

  it("drops a filled honeypot like the API: the usual redirect, nothing stored", async () => {
    const form = await publishedForm(owner, everyTypeSchema);
    const res = await post(form.slug, [["_start", oldEnough(form.id)], ["_website", "http://spam.example"], ["name", "Bot"], ["color", "Red"]]);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/s/${form.slug}/thanks`);
    expect(await finished(form.id)).toHaveLength(0);
  });

  it("sends a closed form's respondent back to the page, which says it is closed", async () => {
    const form = await publishedForm(owner, everyTypeSchema, { startAt: "2020-01-01T00:00:00Z", endAt: "2020-01-02T00:00:00Z" });
    const res = await post(form.slug, [["name", "Late"], ["color", "Red"]]);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/s/${form.slug}`);
    expect(await finished(form.id)).toHaveLength(0);
    expect((await request("GET", `/s/${form.slug}`)).text).toContain("This form is closed");
  });

  it("refuses what is not a form post", async () => {
    const form = await publishedForm(owner, everyTypeSchema);
    const json = await request("POST", `/s/${form.slug}/submit`, { name: "x" });
    expect(json.status).toBe(415);
    const big = await post(form.slug, [["name", "x".repeat(1024 * 1024 + 10)]]);
    expect(big.status).toBe(413);
    expect(await finished(form.id)).toHaveLength(0);
  });

  it("redirects to the page (its 404) for an unknown slug", async () => {
    const res = await post("no-such-form", [["name", "x"]]);
    expect(res.status).toBe(303);
    expect((await request("GET", "/s/no-such-form")).status).toBe(404);
  });
});
