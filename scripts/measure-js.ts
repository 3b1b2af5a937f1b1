/**
 * `npm run measure:js` (after `npm run build`; honours NEXT_DIST_DIR): the
 * JavaScript a browser downloads to show /s/<slug>, gzip-compressed.
 *
 * Method: start the production build on a scratch SQLite database, publish a
 * form with every question type in each mode, fetch the real page HTML and
 * take every `<script src>` it loads — the same list the browser fetches —
 * then gzip each file (zlib level 6, what `next start` itself sends; level 9
 * shown too). The page loads nothing later (the bundle has no dynamic
 * imports); the service worker (public/s/sw.js) is fetched once, off the
 * page's critical path, and is listed apart. "Own" is our code (renderer,
 * question types, answer validation, zod) without the view library: the
 * bundle built again with preact left out (scripts/build-respondent.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { apiClient, createOwnerKey, everyTypeForm, publishForm } from "../tests/e2e/respondent/fixtures";
import { createTestDatabase } from "../tests/setup/database";
import { startServer } from "../tests/setup/server";

const BUDGET_KB = 40;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function fetchBytes(url: string) {
  return Buffer.from(await (await fetch(url)).arrayBuffer());
}

async function main() {
  const manifestFile = path.resolve(".respondent/manifest.json");
  if (!fs.existsSync(manifestFile)) throw new Error('No respondent bundle: run "npm run build" first');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as { js: string; ownGzip: number };

  const db = await createTestDatabase("sqlite", "measure-js");
  const server = await startServer(db.url, { SUBMISSION_RATE_LIMIT: "0" });
  try {
    const api = apiClient(server.baseUrl, createOwnerKey(db.url));
    for (const mode of ["classic", "immersive"] as const) {
      const { slug } = await publishForm(api, everyTypeForm(mode));
      const res = await fetch(`${server.baseUrl}/s/${slug}`);
      if (res.status !== 200) throw new Error(`/s/${slug} answered ${res.status}`);
      const html = await res.text();
      let total = 0;
      let total9 = 0;
      let inline = 0;
      console.log(`\n/s/${slug} (${mode}, every question type) — JavaScript loaded by the page:`);
      for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
        const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
        if (!src) {
          if (!/type="application\/json"/.test(attrs)) inline += Buffer.byteLength(body);
          continue;
        }
        const file = await fetchBytes(new URL(src, server.baseUrl).href);
        const gzip = gzipSync(file).length;
        total += gzip;
        total9 += gzipSync(file, { level: 9 }).length;
        console.log(`  ${kb(gzip).padStart(9)} gzip  ${kb(file.length).padStart(9)} raw  ${src}`);
      }
      console.log(`  own (renderer, question types, validation with zod; no preact): ${kb(manifest.ownGzip)} gzip`);
      console.log(`  TOTAL: ${kb(total)} gzip (level 9: ${kb(total9)}); budget ${BUDGET_KB} KB; inline executable script: ${inline} B`);
      const sw = await fetchBytes(`${server.baseUrl}/s/sw.js`);
      console.log(`  not counted: service worker /s/sw.js ${kb(gzipSync(sw).length)} gzip (fetched once by the browser, not by the page)`);
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
