/**
 * `npm run docs:screenshots`: the pictures of the README and docs/getting-started.md, taken from
 * the running app. It builds the app when its build is missing or older than its sources
 * (`--rebuild` forces it), starts the production server (`npm start`'s scripts/serve.mjs) on a
 * fresh SQLite database, walks a first visit (the owner account is made on /setup, as a new
 * install does), seeds demo data through the REST API as an integrator would, then drives Debian's
 * Chromium (Playwright, /usr/bin/chromium) through each shot and writes docs/images/<name>.png.
 *
 * To add a picture, add an entry to `shots` below: a name, a window, whether it is signed in, the
 * page, and what to do on it before the picture (click a tab, open a dialog). `--only a,b` takes
 * just those. Every shot waits for what it shows to be there and for the page to stop moving
 * (charts animate), never for a fixed time.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { createEmptyDatabase } from "../../tests/setup/database";
import { startServer, type RunningServer } from "../../tests/setup/server";

const root = path.resolve(import.meta.dirname, "../..");
const imagesDir = path.join(root, "docs/images");

const { values: args } = parseArgs({
  options: { only: { type: "string" }, rebuild: { type: "boolean", default: false }, "keep-server": { type: "boolean", default: false } },
});

process.env.NEXT_DIST_DIR ||= ".next-docs";
process.env.NEXT_TELEMETRY_DISABLED = "1";

const OWNER = { email: "ada@example.com", password: "correct horse battery staple" };

/** What the seeding made, for the shots' addresses. */
interface Demo {
  feedback: { id: string; slug: string };
  lunch: { id: string; slug: string };
}

interface Shot {
  name: string;
  /** What the picture shows (printed as it is taken). */
  about: string;
  viewport: { width: number; height: number };
  /** A phone: touch, a mobile user agent's layout, twice the pixels. */
  phone?: boolean;
  signedIn: boolean;
  path: (demo: Demo) => string;
  /** Gets the page to what the picture shows, and waits until it is there. */
  prepare: (page: Page, demo: Demo) => Promise<void>;
  fullPage?: boolean;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { name }).first().waitFor();

const shots: Shot[] = [
  {
    name: "forms-list",
    about: "the forms list with three forms",
    viewport: { width: 1280, height: 720 },
    signedIn: true,
    path: () => "/forms",
    prepare: async (page) => {
      await page.getByRole("link", { name: "Product feedback" }).first().waitFor();
    },
  },
  {
    name: "new-form",
    about: "the New form dialog with the templates",
    viewport: { width: 1280, height: 860 },
    signedIn: true,
    path: () => "/forms",
    prepare: async (page) => {
      await page.getByRole("button", { name: "New form" }).first().click();
      await page.getByRole("dialog", { name: "New form" }).waitFor();
    },
  },
  {
    name: "builder",
    about: "the builder: questions, the live preview",
    viewport: { width: 1440, height: 1000 },
    signedIn: true,
    path: (demo) => `/forms/${demo.feedback.id}`,
    prepare: async (page) => {
      await heading(page, "Questions");
      await page.getByTestId("save-state").waitFor();
      await page.getByRole("tabpanel").getByText("How satisfied are you").first().waitFor();
      // The questions, not the form's title fields, at the top of the window (below the sticky toolbar).
      await page.getByRole("heading", { name: "Questions" }).first().evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 96));
    },
  },
  {
    name: "share",
    about: "the Share tab: link, QR code, embed snippets",
    viewport: { width: 1440, height: 1000 },
    signedIn: true,
    path: (demo) => `/forms/${demo.feedback.id}`,
    prepare: async (page) => {
      await page.getByRole("tab", { name: "Share" }).click();
      await page.getByRole("tabpanel").locator("svg").first().waitFor();
      await page.getByRole("tab", { name: "Share" }).evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 24));
    },
  },
  {
    name: "respondent-phone",
    about: "the respondent page on a phone",
    viewport: { width: 390, height: 844 },
    phone: true,
    signedIn: false,
    path: (demo) => `/s/${demo.feedback.slug}?utm_source=docs`,
    prepare: async (page) => {
      await page.getByRole("heading", { name: "Product feedback" }).waitFor();
      // The stars' radios are drawn by their labels: a person clicks the fourth star.
      await page.locator("label", { has: page.getByRole("radio", { name: /^4/ }) }).first().click();
      await page.getByRole("radio", { name: /^4/ }).first().isChecked();
    },
  },
  {
    name: "responses",
    about: "the responses table with the detail panel",
    viewport: { width: 1440, height: 900 },
    signedIn: true,
    path: (demo) => `/forms/${demo.feedback.id}/responses`,
    prepare: async (page) => {
      await page.getByRole("table").waitFor();
      await page.locator("tbody tr").first().click();
      await page.locator("tbody tr[data-open]").waitFor();
    },
  },
  {
    name: "analytics",
    about: "the analytics page: headline numbers, trend, a chart per question",
    viewport: { width: 1440, height: 1500 },
    signedIn: true,
    path: (demo) => `/forms/${demo.feedback.id}/analytics`,
    prepare: async (page) => {
      await heading(page, "How satisfied are you?");
      await page.locator(".recharts-surface").first().waitFor();
    },
  },
];

/** The demo forms: a customer survey with answers worth charting, a short immersive one, a draft. */
const feedbackForm = {
  title: "Product feedback",
  description: "Two minutes to tell us how we are doing. Thank you!",
  mode: "classic",
  thankYouMessage: "Thank you, {{name}}! We read every answer.",
  questions: [
    { key: "satisfaction", type: "rating", title: "How satisfied are you?", required: true, scaleMin: 1, scaleMax: 5, style: "stars", minLabel: "Not at all", maxLabel: "Very" },
    { key: "nps", type: "nps", title: "How likely are you to recommend us to a friend?", required: true },
    { key: "plan", type: "single-choice", title: "Which plan are you on?", options: ["Free", "Team", "Business"], required: true },
    { key: "features", type: "multiple-choice", title: "What do you use most?", options: ["Forms", "Analytics", "Webhooks", "Exports", "API"] },
    { key: "liked", type: "long-text", title: "What should we improve?" },
    { key: "name", type: "short-text", title: "Your first name" },
    { key: "utm_source", type: "hidden" },
  ],
};
const lunchForm = {
  title: "Team lunch",
  description: "Where should we go on Friday?",
  mode: "immersive",
  questions: [
    { key: "food", type: "single-choice", title: "What should we eat?", options: ["Pizza", "Sushi", "Salad", "Tacos"], required: true },
    { key: "budget", type: "opinion-scale", title: "How fancy?", scaleMin: 1, scaleMax: 5, minLabel: "Cheap and quick", maxLabel: "Treat ourselves" },
  ],
};
const draftForm = {
  title: "Conference registration",
  mode: "classic",
  questions: [{ key: "name", type: "short-text", title: "Your name", required: true }],
};

/** mulberry32: the same demo answers on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const IMPROVE = [
  "Dark mode for the builder, please.", "Exports are great. More chart types?", "Let us schedule a form to close.",
  "The API docs got me going in ten minutes.", "Faster search on big forms.", "Nothing, it just works.",
  "A Slack integration would save us a webhook receiver.", "More templates for HR surveys.",
];
const NAMES = ["Grace", "Linus", "Margaret", "Alan", "Barbara", "Dennis", "Frances", "Ken", "Radia", "Edsger", "Hedy", "Katherine"];
const SOURCES = ["newsletter", "website", "newsletter", "partner", "social"];

function admin(databaseUrl: string, ...command: string[]): string {
  return execFileSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/admin.ts"), ...command], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
}

async function call<T = any>(server: RunningServer, key: string | null, method: string, urlPath: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" };
  if (key) headers.authorization = `Bearer ${key}`;
  const res = await fetch(server.baseUrl + urlPath, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function createForm(server: RunningServer, key: string, schema: { title: string }, publish: boolean) {
  const { form } = await call(server, key, "POST", "/api/forms", { title: schema.title });
  await call(server, key, "PUT", `/api/forms/${form.id}/version/draft`, schema);
  if (!publish) return { id: form.id as string, slug: "" };
  const published = await call(server, key, "POST", `/api/forms/${form.id}/publish`);
  return { id: form.id as string, slug: published.form.slug as string };
}

/** Respondents, through the public API a browser uses (each a new visitor: no cookie kept). */
async function respond(server: RunningServer, slug: string, count: number, answersOf: (next: () => number) => Record<string, unknown>, seed: number) {
  const next = random(seed);
  for (let i = 0; i < count; i++) {
    await call(server, null, "POST", `/api/public/forms/${slug}/views`);
    if (next() < 0.2) continue; // opened, never answered: the completion rate is not 100 %
    await call(server, null, "POST", `/api/public/forms/${slug}/responses`, { answers: answersOf(next) });
  }
}

async function seed(server: RunningServer, databaseUrl: string): Promise<Demo> {
  const key = admin(databaseUrl, "create-key", "--email", OWNER.email, "--name", "docs", "--scope", "write").trim().split("\n").pop()!;
  const feedback = await createForm(server, key, feedbackForm, true);
  const lunch = await createForm(server, key, lunchForm, true);
  await createForm(server, key, draftForm, false);
  const pick = <T>(next: () => number, list: readonly T[]) => list[Math.floor(next() * list.length)];
  await respond(server, feedback.slug, 60, (next) => {
    const happy = next();
    const answers: Record<string, unknown> = {
      satisfaction: Math.min(5, 2 + Math.floor(happy * 3.6)),
      nps: Math.min(10, Math.floor(4 + happy * 5 + next() * 2.5)),
      plan: pick(next, ["Free", "Free", "Team", "Team", "Team", "Business"]),
      features: feedbackForm.questions[3].options!.filter(() => next() < 0.45),
      utm_source: pick(next, SOURCES),
    };
    if (next() < 0.6) answers.liked = pick(next, IMPROVE);
    if (next() < 0.7) answers.name = pick(next, NAMES);
    return answers;
  }, 20261202);
  await respond(server, lunch.slug, 12, (next) => ({ food: pick(next, ["Pizza", "Sushi", "Sushi", "Salad", "Tacos"]), budget: 1 + Math.floor(next() * 5) }), 7);
  return { feedback, lunch };
}

/** Until the page stops moving: its layout and every SVG path the same in two looks 100 ms apart. */
async function settle(page: Page): Promise<void> {
  const look = () => page.evaluate(() => {
    const paths = [...document.querySelectorAll("svg path")].map((p) => p.getAttribute("d")).join("|");
    return `${document.documentElement.scrollHeight}:${document.fonts.status}:${paths}`;
  });
  let before = await look();
  for (let tries = 0; tries < 100; tries++) {
    await page.waitForTimeout(100);
    const now = await look();
    if (now === before) return;
    before = now;
  }
  throw new Error(`${page.url()} kept moving for 10 s`);
}

async function ensureBuild(): Promise<void> {
  const buildId = path.join(root, process.env.NEXT_DIST_DIR!, "BUILD_ID");
  const builtAt = fs.statSync(buildId, { throwIfNoEntry: false })?.mtimeMs;
  const inputs = ["app", "components", "lib", "public", "prisma", "next.config.mjs", "proxy.ts", "instrumentation.ts", "package-lock.json", "scripts/build-respondent.ts"];
  const newest = (entry: string): number => {
    const stat = fs.statSync(entry, { throwIfNoEntry: false });
    if (!stat?.isDirectory()) return stat?.mtimeMs ?? 0;
    return fs.readdirSync(entry).reduce((max, name) => (name === "generated" ? max : Math.max(max, newest(path.join(entry, name)))), stat.mtimeMs);
  };
  if (!args.rebuild && builtAt !== undefined && !inputs.some((entry) => newest(path.join(root, entry)) > builtAt)) return;
  console.log(`build: ${builtAt === undefined ? "none yet" : "older than the sources"} in ${process.env.NEXT_DIST_DIR}: npm run build (a few minutes)`);
  // Next prints pages of warnings on a good build: keep them for a failed one only.
  try {
    execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: process.env, maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    const failed = error as { stdout?: Buffer; stderr?: Buffer };
    console.error(`${failed.stdout ?? ""}${failed.stderr ?? ""}`);
    throw new Error("npm run build failed (its output is above)");
  }
}

async function main() {
  const wanted = args.only ? new Set(args.only.split(",").map((name) => name.trim())) : null;
  const unknown = wanted ? [...wanted].filter((name) => name !== "setup" && !shots.some((shot) => shot.name === name)) : [];
  if (unknown.length) throw new Error(`no such shot: ${unknown.join(", ")} (there are: setup, ${shots.map((shot) => shot.name).join(", ")})`);
  await ensureBuild();
  fs.mkdirSync(imagesDir, { recursive: true });

  const database = await createEmptyDatabase("sqlite", "docs");
  const server = await startServer(database.url, { SUBMISSION_RATE_LIMIT: "0", LOGIN_RATE_LIMIT: "0" });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars"],
    });
    const base: BrowserContextOptions = { baseURL: server.baseUrl, reducedMotion: "reduce", colorScheme: "light", locale: "en-US", timezoneId: "UTC" };
    const take = async (page: Page, name: string, fullPage = false) => {
      await settle(page);
      await page.screenshot({ path: path.join(imagesDir, `${name}.png`), fullPage, animations: "disabled", caret: "hide" });
      console.log(`  docs/images/${name}.png`);
    };

    // A fresh install's first visit: the owner account is made here, as a new owner makes it.
    const first = await browser.newContext({ ...base, viewport: { width: 1280, height: 720 } });
    const setup = await first.newPage();
    await setup.goto("/");
    await setup.waitForURL(/\/setup$/);
    await setup.getByRole("heading", { name: "Create the owner account" }).waitFor();
    if (!wanted || wanted.has("setup")) await take(setup, "setup");
    await setup.getByLabel("Email").fill(OWNER.email);
    await setup.getByLabel("Password").fill(OWNER.password);
    await setup.getByRole("button", { name: "Create owner account" }).click();
    await setup.waitForURL(/\/forms$/, { timeout: 60_000 });
    const session = await first.storageState();
    await first.close();

    console.log("seeding the demo forms and their responses through the API");
    const demo = await seed(server, database.url);

    for (const shot of shots) {
      if (wanted && !wanted.has(shot.name)) continue;
      console.log(`${shot.name}: ${shot.about}`);
      const context = await browser.newContext({
        ...base,
        viewport: shot.viewport,
        storageState: shot.signedIn ? session : undefined,
        ...(shot.phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
      });
      const page = await context.newPage();
      await page.goto(shot.path(demo));
      await shot.prepare(page, demo);
      await take(page, shot.name, shot.fullPage);
      await context.close();
    }
    if (args["keep-server"]) {
      console.log(`server still running at ${server.baseUrl} (${OWNER.email} / ${OWNER.password}); Ctrl+C ends it`);
      await new Promise(() => {});
    }
  } finally {
    await browser?.close();
    await server.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
