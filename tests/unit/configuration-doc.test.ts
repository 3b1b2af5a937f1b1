/**
 * docs/configuration.md is generated from the settings' declarations (lib/settings.ts and
 * lib/settings-docs.ts, `npm run docs:configuration`): the page must be exactly what they render,
 * and every environment variable the product's code reads must be declared there, so that the page
 * lists every setting.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configurationPage, renderConfiguration } from "@/scripts/docs/configuration";
import { settingSpecs } from "@/lib/settings";

const root = path.resolve(import.meta.dirname, "../..");

/** Where the product's code lives (not the tests, the bench or the measuring scripts). */
const PRODUCT_CODE = ["app", "lib", "components", "scripts/serve.mjs", "scripts/direct-routes.mjs", "scripts/admin.ts", "scripts/db.ts", "instrumentation.ts", "proxy.ts", "next.config.mjs"];

/** Variables the platform sets or reads for itself, not settings of ours. */
const PLATFORM = new Set(["NODE_ENV", "NEXT_RUNTIME", "NEXT_TELEMETRY_DISABLED", "NEXTAUTH_SECRET"]);

function sourceFiles(entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.statSync(full).isDirectory()) return [full];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((item) => {
    if (item.name === "generated" || item.name === "node_modules") return [];
    const child = path.join(entry, item.name);
    return item.isDirectory() ? sourceFiles(child) : /\.(ts|tsx|mjs|cjs|js)$/.test(item.name) ? [path.join(root, child)] : [];
  });
}

/** Names read as `process.env.X`, `env.X` or `env["X"]`, and the settings read through lib/settings.ts. */
export function variablesRead(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)|\[\s*["']([A-Z][A-Z0-9_]+)["']\s*\])/g)) found.add(match[1] ?? match[2]);
  for (const match of source.matchAll(/\b(?:setting|settingIfSet|listSetting|switchOn|choiceSetting|textSetting)\(\s*["']([A-Z][A-Z0-9_]+)["']/g)) found.add(match[1]);
  return [...found];
}

describe("docs/configuration.md", () => {
  it("is what the settings' declarations render (run npm run docs:configuration after changing them)", () => {
    const page = fs.existsSync(configurationPage) ? fs.readFileSync(configurationPage, "utf8") : "";
    expect(page, "docs/configuration.md differs from lib/settings.ts + lib/settings-docs.ts: run npm run docs:configuration").toBe(renderConfiguration());
  });

  it("lists every declared setting once, with a row of its own", () => {
    const page = renderConfiguration();
    for (const name of Object.keys(settingSpecs)) {
      expect(page.match(new RegExp(`^\\| \`${name}\` \\|`, "gm")), name).toHaveLength(1);
    }
  });

  it("declares every environment variable the product's code reads", () => {
    const declared = new Set(Object.keys(settingSpecs));
    const undeclared = new Map<string, string>();
    for (const file of PRODUCT_CODE.flatMap(sourceFiles)) {
      for (const name of variablesRead(fs.readFileSync(file, "utf8"))) {
        if (!declared.has(name) && !PLATFORM.has(name)) undeclared.set(name, path.relative(root, file));
      }
    }
    expect(Object.fromEntries(undeclared), "declare these in lib/settings.ts and describe them in lib/settings-docs.ts").toEqual({});
  });

  it(".env.example lists every declared setting", () => {
    const example = fs.readFileSync(path.join(root, ".env.example"), "utf8");
    const listed = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
    expect(Object.keys(settingSpecs).filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => !(name in settingSpecs))).toEqual([]);
  });

  it("the scan finds the ways code reads a variable", () => {
    const sample = 'process.env.PORT; env.SMTP_URL?.trim(); env["CLAMAV_HOST"]; setting("WEBHOOK_TIMEOUT_MS"); switchOn(\'OUTBOX_THREAD\', env)';
    expect(variablesRead(sample).sort()).toEqual(["CLAMAV_HOST", "OUTBOX_THREAD", "PORT", "SMTP_URL", "WEBHOOK_TIMEOUT_MS"]);
  });
});
