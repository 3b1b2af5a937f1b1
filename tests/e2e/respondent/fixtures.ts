/**
 * Owners and published forms for the respondent suite (and scripts/measure-js.ts),
 * made the way an operator and an integrator would: the admin CLI for the
 * account and key (in its own process, so this one never opens the database),
 * the REST API for forms.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");

function admin(databaseUrl: string, args: string[]): string {
  return execFileSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/admin.ts"), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
}

/** A new owner (who can also sign in to the dashboard) and a write key for it. */
export function createOwner(databaseUrl: string): { email: string; password: string; key: string } {
  const email = `respondent-${randomBytes(5).toString("hex")}@example.test`;
  const password = "a long test passphrase";
  admin(databaseUrl, ["create-user", "--email", email, "--password", password]);
  const key = admin(databaseUrl, ["create-key", "--email", email, "--name", "e2e", "--scope", "write"]).trim().split("\n").pop()!;
  return { email, password, key };
}

/** A new owner's write key. */
export const createOwnerKey = (databaseUrl: string): string => createOwner(databaseUrl).key;

export interface Api {
  <T = any>(method: string, urlPath: string, body?: unknown): Promise<{ status: number; body: T }>;
}

export function apiClient(baseUrl: string, key: string): Api {
  return async (method, urlPath, body) => {
    const res = await fetch(baseUrl + urlPath, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

/** Creates, configures and publishes a form; returns its id and slug. */
export async function publishForm(api: Api, schema: Record<string, unknown>, settings: Record<string, unknown> = {}) {
  const created = await api("POST", "/api/forms", { title: schema.title });
  if (created.status !== 201) throw new Error(`create: ${JSON.stringify(created.body)}`);
  const id: string = created.body.form.id;
  const draft = await api("PUT", `/api/forms/${id}/version/draft`, schema);
  if (draft.status !== 200) throw new Error(`draft: ${JSON.stringify(draft.body)}`);
  if (Object.keys(settings).length) {
    const patched = await api("PATCH", `/api/forms/${id}`, settings);
    if (patched.status !== 200) throw new Error(`settings: ${JSON.stringify(patched.body)}`);
  }
  const published = await api("POST", `/api/forms/${id}/publish`);
  if (published.status !== 200) throw new Error(`publish: ${JSON.stringify(published.body)}`);
  return { id, slug: published.body.form.slug as string };
}

/** One question of every type the schema knows. */
export const everyQuestionType = [
  { key: "name", type: "short-text", title: "What is your name?", required: true, placeholder: "Jane Doe" },
  { key: "bio", type: "long-text", title: "Tell us a little about yourself", description: "A few lines are plenty." },
  { key: "email", type: "email", title: "Your email address", required: true },
  { key: "age", type: "number", title: "How old are you?", min: 0, max: 130 },
  { key: "site", type: "url", title: "Your website" },
  { key: "phone", type: "phone", title: "Your phone number" },
  { key: "color", type: "single-choice", title: "Favourite colour", options: ["Red", "Green", "Blue"], required: true },
  { key: "fruits", type: "multiple-choice", title: "Which fruits do you like?", options: ["Apple", "Banana", "Cherry"] },
  { key: "country", type: "dropdown", title: "Where do you live?", options: ["France", "Japan", "Peru"] },
  { key: "stars", type: "rating", title: "How would you rate us?", scaleMin: 1, scaleMax: 5, style: "stars", minLabel: "Poor", maxLabel: "Great" },
  { key: "effort", type: "rating", title: "How easy was it?", scaleMin: 0, scaleMax: 10, style: "numbers" },
  { key: "nps", type: "nps", title: "How likely are you to recommend us?" },
  { key: "agree", type: "yes-no", title: "Do you agree to the terms?" },
  { key: "when", type: "date", title: "When did you join?" },
  { key: "note", type: "statement", title: "Almost done!", description: "One more thing to go." },
  { key: "ref", type: "hidden" },
] as const;

/**
 * What the respondent specs type into everyTypeForm, as the API returns it
 * (`ref` is metadata, not an answer). Each spec picks its own `effort`, so
 * both ends of that scale get exercised.
 */
export function everyTypeAnswers(effort: number) {
  return {
    name: "Ada Lovelace",
    bio: "Mathematician.\nFirst programmer.",
    email: "ada@example.org",
    age: 36,
    site: "https://ada.example.org",
    phone: "+44 20 7946 0958",
    color: "Green",
    fruits: ["Apple", "Cherry"],
    country: "Japan",
    stars: 4,
    effort,
    nps: 9,
    agree: true,
    when: "2024-03-15",
  };
}

export function everyTypeForm(mode: "immersive" | "classic", extra: Record<string, unknown> = {}) {
  return {
    title: `Every question (${mode})`,
    description: "A form with one question of every type.",
    mode,
    thankYouMessage: "We got your answers. Have a lovely day!",
    questions: everyQuestionType,
    ...extra,
  };
}
