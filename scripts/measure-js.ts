/**
 * `npm run measure:js` (after `next build`; honours NEXT_DIST_DIR): the
 * JavaScript a browser downloads to show /s/<slug>, gzip-compressed.
 *
 * Method (the most honest one we know): start the production build on a
 * scratch SQLite database, publish a form with every question type in each
 * mode, fetch the real page HTML and take every `<script src>` it loads —
 * the same list the browser fetches — then gzip each file (zlib level 6, what
 * `next start` itself sends; level 9 shown too). The page loads no further
 * chunks later (the renderer has no dynamic imports). Not counted, and
 * listed separately: `nomodule` polyfills (only pre-2018 browsers fetch them)
 * and the inline scripts (the React Server Components payload: page data,
 * not code). Each file is attributed from the build's manifests: "framework"
 * (build-manifest rootMainFiles: the Next.js + React runtime every page
 * loads), or the app entries whose client code it carries (the page's
 * client-reference manifest, e.g. app/layout, app/s/[slug]/page).
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { apiClient, createOwnerKey, everyTypeForm, publishForm } from "../tests/e2e/respondent/fixtures";
import { createTestDatabase } from "../tests/setup/database";
import { distDir, startServer } from "../tests/setup/server";

const BUDGET_KB = 80;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Script {
  src: string;
  raw: number;
  gzip: number;
  gzip9: number;
  framework: boolean;
  /** App entries (layouts, pages, error boundaries) whose client code is in it. */
  entries: string[];
}

/** entry → its JS files, from the page's client-reference manifest. */
function entryFiles(dir: string): Map<string, string[]> {
  const file = path.join(dir, "server/app/s/[slug]/page_client-reference-manifest.js");
  const holder = globalThis as { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> };
  new Function(fs.readFileSync(file, "utf8"))();
  const entries = holder.__RSC_MANIFEST?.["/s/[slug]/page"]?.entryJSFiles ?? {};
  return new Map(Object.entries(entries).map(([entry, files]) => [entry.replace(/^\[project\]\//, "").replace(/^node_modules\/next\/dist\/client\/components\//, "next:"), files]));
}

async function scriptsOf(baseUrl: string, pagePath: string, framework: Set<string>, entries: Map<string, string[]>) {
  const res = await fetch(baseUrl + pagePath);
  if (res.status !== 200) throw new Error(`${pagePath} answered ${res.status}`);
  const html = await res.text();
  const tags = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  const scripts: Script[] = [];
  const polyfills: string[] = [];
  let inline = 0;
  for (const [, attrs, body] of tags) {
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (!src) {
      inline += Buffer.byteLength(body);
      continue;
    }
    if (/\bnomodule\b/i.test(attrs)) {
      polyfills.push(src);
      continue;
    }
    const file = Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer());
    const name = src.replace(/^\/_next\//, "");
    scripts.push({
      entries: [...entries].filter(([, files]) => files.includes(name)).map(([entry]) => entry),
      src,
      raw: file.length,
      gzip: gzipSync(file).length,
      gzip9: gzipSync(file, { level: 9 }).length,
      framework: framework.has(name),
    });
  }
  return { scripts, polyfills, inline };
}

async function main() {
  const dir = path.resolve(distDir());
  const manifestFile = path.join(dir, "build-manifest.json");
  if (!fs.existsSync(manifestFile)) throw new Error(`No production build in ${distDir()}: run "next build" first (NEXT_DIST_DIR=${distDir()})`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as { rootMainFiles?: string[] };
  const framework = new Set(manifest.rootMainFiles ?? []);
  const entries = entryFiles(dir);

  const db = await createTestDatabase("sqlite", "measure-js");
  const server = await startServer(db.url, { SUBMISSION_RATE_LIMIT: "0" });
  try {
    const api = apiClient(server.baseUrl, createOwnerKey(db.url));
    for (const mode of ["classic", "immersive"] as const) {
      const { slug } = await publishForm(api, everyTypeForm(mode));
      const { scripts, polyfills, inline } = await scriptsOf(server.baseUrl, `/s/${slug}`, framework, entries);
      const sum = (list: Script[], k: "raw" | "gzip" | "gzip9") => list.reduce((n, s) => n + s[k], 0);
      console.log(`\n/s/${slug} (${mode}, every question type) — JavaScript loaded by the page:`);
      for (const s of scripts) {
        const owner = s.framework ? "framework" : s.entries.join(", ") || "?";
        console.log(`  ${kb(s.gzip).padStart(9)} gzip  ${kb(s.raw).padStart(9)} raw  ${s.src.padEnd(40)} ${owner}`);
      }
      const fw = scripts.filter((s) => s.framework);
      const page = scripts.filter((s) => !s.framework && s.entries.some((e) => e.startsWith("app/s/")) && !s.entries.includes("app/layout"));
      const other = scripts.filter((s) => !s.framework && !page.includes(s));
      console.log(`  framework (Next.js + React runtime, every page):       ${kb(sum(fw, "gzip"))} gzip`);
      console.log(`  app-wide (root layout, error and not-found pages):      ${kb(sum(other, "gzip"))} gzip`);
      console.log(`  respondent page only (renderer + answer validation):   ${kb(sum(page, "gzip"))} gzip`);
      console.log(`  TOTAL: ${kb(sum(scripts, "gzip"))} gzip (level 9: ${kb(sum(scripts, "gzip9"))}), ${kb(sum(scripts, "raw"))} raw, ${scripts.length} files; budget ${BUDGET_KB} KB`);
      console.log(`  not counted: ${polyfills.length} nomodule polyfill file(s); ${kb(inline)} of inline RSC payload/bootstrap`);
    }
  } finally {
    await server.stop();
    await db.drop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
