/**
 * The API's route files, read from app/api: each exported handler as
 * "METHOD /api/path/{param}" with the auth its route() declares. Tests use it
 * to check that every route is documented and covered.
 *
 * Not operations (lib/http/allow.ts): the methods a route file exports only to
 * refuse them (`export const { PUT, … } = allowOnly({ GET })`, 405), and the
 * catch-all app/api/[[...path]] that answers 404 for paths no route file has.
 */
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const UNKNOWN_PATH_FALLBACK = path.join(root, "app/api/[[...path]]/route.ts");

/** "METHOD /api/path/{param}" → declared auth ("read" | "write" | "session" | "public", or "?" when not declared through route()). */
export function routeOperations(): Map<string, string> {
  return scan().auth;
}

function scan() {
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts" && full !== UNKNOWN_PATH_FALLBACK) {
        const source = fs.readFileSync(full, "utf8");
        const refused = /export\s+const\s*\{([^}]*)\}\s*=\s*allowOnly\(/.exec(source)?.[1].split(",").map((m) => m.trim()) ?? [];
        const apiPath = "/" + path.relative(path.join(root, "app"), path.dirname(full)).split(path.sep)
          .filter((segment) => !/^\(.*\)$/.test(segment)) // route groups are not in the URL
          .map((segment) => segment.replace(/^\[(?:\.\.\.)?(.+)\]$/, "{$1}"))
          .join("/");
        for (const method of METHODS) {
          const exported = new RegExp(`export\\s+(const|async\\s+function|function)\\s+${method}\\b|export\\s*\\{[^}]*\\b${method}\\b`).test(source);
          if (!exported || refused.includes(method)) continue;
          const auth = new RegExp(`export\\s+const\\s+${method}\\s*=\\s*route\\(\\{\\s*auth:\\s*"(\\w+)"`).exec(source)?.[1] ?? "?";
          found.set(`${method} ${apiPath}`, auth);
        }
      }
    }
  };
  walk(path.join(root, "app/api"));
  return { auth: found };
}

/**
 * Every path the app serves from a file outside app/api — pages (GET) and
 * route files (their exported methods) — as "METHOD /path/{param}".
 */
export function appOperations(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(root, "app/api")) walk(full);
        continue;
      }
      if (entry.name !== "page.tsx" && entry.name !== "route.ts") continue;
      const urlPath = "/" + path.relative(path.join(root, "app"), path.dirname(full)).split(path.sep)
        .filter((segment) => segment !== "" && !/^\(.*\)$/.test(segment))
        .map((segment) => segment.replace(/^\[(?:\.\.\.)?(.+)\]$/, "{$1}"))
        .join("/");
      if (entry.name === "page.tsx") found.push(`GET ${urlPath}`);
      else {
        const source = fs.readFileSync(full, "utf8");
        for (const method of METHODS) if (new RegExp(`export\\s+(const|async\\s+function|function)\\s+${method}\\b`).test(source)) found.push(`${method} ${urlPath}`);
      }
    }
  };
  walk(path.join(root, "app"));
  return found;
}
