/**
 * `npm run measure:lighthouse` (after `npm run build`; honours NEXT_DIST_DIR):
 * Lighthouse 13 (mobile preset: simulated slow 4G and 4× CPU slowdown) on
 * Debian's Chromium against the production build, median of 3 runs per page:
 * the public form in both modes (every question type) and, beside it, a
 * Next.js App Router page of this app (the sign-in page, on the Next client
 * runtime). A benchmark, not a test: it prints figures and never fails on them.
 *
 * Chromium is started with our own flags: chrome-launcher's defaults disable
 * RenderDocument, which on this headless Chromium delays first paint by 1–2 s
 * (see /work/shared/toolchain.md). On a busy machine total blocking time
 * roughly doubles: read the load average printed with the figures.
 * RUNS=<n> changes the number of runs.
 */
import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { apiClient, createOwnerKey, everyTypeForm, publishForm } from "../tests/e2e/respondent/fixtures";
import { createTestDatabase } from "../tests/setup/database";
import { startServer } from "../tests/setup/server";

const RUNS = Number(process.env.RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-extensions",
  "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
  "--no-default-browser-check", "--mute-audio", "--disable-default-apps", "--password-store=basic",
  "--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider",
];

interface Run {
  perf: number;
  a11y: number;
  tbt: number;
  lcp: number;
  fcp: number;
  cls: number;
  si: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function audit(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS, ignoreDefaultFlags: true });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] }, {
      extends: "lighthouse:default",
      settings: { formFactor: "mobile", screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false } },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      perf: Math.round((lhr.categories.performance.score ?? 0) * 100),
      a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      tbt: num("total-blocking-time"),
      lcp: num("largest-contentful-paint"),
      fcp: num("first-contentful-paint"),
      cls: num("cumulative-layout-shift"),
      si: num("speed-index"),
    };
  } finally {
    chrome.kill();
  }
}

async function measure(label: string, url: string) {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(url));
  const m = (k: keyof Run) => median(runs.map((r) => r[k]));
  console.log(
    `${label.padEnd(34)} perf ${String(m("perf")).padStart(3)} (${runs.map((r) => r.perf).join("/")})  a11y ${String(m("a11y")).padStart(3)}  ` +
      `TBT ${Math.round(m("tbt"))} ms  LCP ${(m("lcp") / 1000).toFixed(2)} s  FCP ${(m("fcp") / 1000).toFixed(2)} s  CLS ${m("cls").toFixed(3)}  SI ${(m("si") / 1000).toFixed(2)} s`,
  );
}

async function main() {
  const db = await createTestDatabase("sqlite", "measure-lighthouse");
  const server = await startServer(db.url, { SUBMISSION_RATE_LIMIT: "0" });
  try {
    const api = apiClient(server.baseUrl, createOwnerKey(db.url));
    console.log(`Lighthouse mobile preset, median of ${RUNS}; load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")} on ${os.cpus().length} CPUs`);
    for (const mode of ["classic", "immersive"] as const) {
      const { slug } = await publishForm(api, everyTypeForm(mode));
      await measure(`/s/<slug> ${mode}`, `${server.baseUrl}/s/${slug}`);
    }
    await measure("Next.js App Router page (/login)", `${server.baseUrl}/login`);
    console.log(`load average after: ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);
  } finally {
    await server.stop();
    await db.drop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
