/**
 * The respondent page's build output (scripts/build-respondent.ts, in
 * .respondent/): the hashed browser files and the Node server renderer.
 * Loaded at run time from the project folder, outside Next's bundler (see
 * components/respondent/ssr.tsx for why).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { FormPageInput, PageAssets } from "@/components/respondent/ssr";

export const BUNDLE_DIR = path.join(process.cwd(), ".respondent");

interface Bundle {
  assets: PageAssets;
  renderFormPage: (input: FormPageInput) => string;
}

let bundle: Bundle | null = null;

export function respondentBundle(): Bundle {
  if (bundle && process.env.NODE_ENV === "production") return bundle;
  const manifestFile = path.join(BUNDLE_DIR, "manifest.json");
  if (!fs.existsSync(manifestFile)) throw new Error('The respondent page is not built: run "npm run build:respondent"');
  const assets = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as PageAssets;
  const load = createRequire(/* turbopackIgnore: true */ path.join(BUNDLE_DIR, "loader.cjs"));
  const file = path.join(BUNDLE_DIR, "ssr.cjs");
  if (process.env.NODE_ENV !== "production") delete load.cache[file];
  const { renderFormPage } = load(/* turbopackIgnore: true */ file) as Pick<Bundle, "renderFormPage">;
  bundle = { assets, renderFormPage };
  return bundle;
}

/** A file of the browser bundle, by its hashed name; null for anything else. */
export function bundleFile(name: string): { body: Buffer; type: string } | null {
  const match = /^[\w-]+\.(js|css)$/.exec(name);
  if (!match) return null;
  try {
    const body = fs.readFileSync(path.join(BUNDLE_DIR, "public", name));
    return { body, type: match[1] === "js" ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8" };
  } catch {
    return null;
  }
}

let embed: { body: Buffer; etag: string } | null = null;

/** The embed script for other sites (components/embed/embed.ts), with an ETag of its bytes. */
export function embedScript(): { body: Buffer; etag: string } {
  if (embed && process.env.NODE_ENV === "production") return embed;
  const body = fs.readFileSync(path.join(BUNDLE_DIR, "embed.js"));
  embed = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 16)}"` };
  return embed;
}
