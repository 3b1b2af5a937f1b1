/**
 * `npm run docs:check` (also the first step of `npm test`): the documentation's fast checks.
 *
 * - Every relative link and image in README.md, the other top-level Markdown files and docs/
 *   names a file that exists, and every `#anchor` a heading (or an `id`) of the page it points to,
 *   with GitHub's rules for the anchors of headings.
 * - No issue numbers in the docs or the source: docs are for users and history is for git, so a
 *   page or a comment says how a thing works, never which ticket made it.
 *
 * Prints one line per problem and exits 1 when there is any.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(import.meta.dirname, "../..");

/** The Markdown whose links are checked: the top-level pages and everything under docs/. */
export function markdownFiles(base = root): string[] {
  const top = fs.readdirSync(base).filter((name) => name.endsWith(".md")).map((name) => path.join(base, name));
  return [...top, ...walk(path.join(base, "docs"), (name) => name.endsWith(".md"))].sort();
}

/** Where an issue number may not appear: the docs, the source, the tests, the scripts and CI. */
const SOURCE_ROOTS = ["app", "components", "lib", "prisma", "scripts", "tests", "public", ".ci", "docs"];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|cjs|js|json|sh|sql|prisma|md|css|html|toml|yml|yaml|example)$|^run$/;
const SKIPPED_DIRS = new Set(["node_modules", "generated", ".git", "test-results", "artifacts"]);

function walk(dir: string, keep: (name: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) || entry.name.startsWith(".next") ? [] : walk(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

export function sourceFiles(base = root): string[] {
  const top = fs.readdirSync(base).filter((name) => fs.statSync(path.join(base, name)).isFile() && SOURCE_FILE.test(name) && name !== "package-lock.json");
  return [...top.map((name) => path.join(base, name)), ...SOURCE_ROOTS.flatMap((dir) => walk(path.join(base, dir), (name) => SOURCE_FILE.test(name)))];
}

/** An issue number in any case, with or without "#" (built from parts so that this file does not match itself). */
export const ISSUE_NUMBER = new RegExp(["\\bissues?", "[\\s#-]*\\d+"].join(""), "i");

/** Markdown without its fenced code blocks and inline code (links there are examples, not links). */
function prose(markdown: string): string[] {
  const lines = markdown.split("\n");
  let fence: string | null = null;
  return lines.map((line) => {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return "";
    }
    if (fence !== null) return "";
    return line.replace(/(`+)[\s\S]*?\1/g, "");
  });
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to dashes. */
export function slug(heading: string): string {
  return heading
    .replace(/<[^>]+>/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors a page offers: its headings (repeats get -1, -2, … as on GitHub) and explicit ids. */
export function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  const lines = markdown.split("\n");
  let fence: string | null = null;
  for (const line of lines) {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = slug(heading.replace(/`/g, ""));
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      found.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(id[1]);
  }
  return found;
}

/** The link targets of a page, with their line numbers: Markdown links, images, references and HTML src/href. */
export function links(markdown: string): { target: string; line: number }[] {
  const found: { target: string; line: number }[] = [];
  prose(markdown).forEach((text, index) => {
    const line = index + 1;
    for (const match of text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push({ target: match[1], line });
    for (const match of text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/g)) found.push({ target: match[1], line });
    for (const match of text.matchAll(/<(?:img|a|source)\b[^>]*?\s(?:src|href|srcset)="([^"]+)"/g)) found.push({ target: match[1], line });
  });
  return found;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** Problems with one page's relative links, as "file:line: message". */
export function linkProblems(file: string, base = root): string[] {
  const markdown = fs.readFileSync(file, "utf8");
  const where = (line: number) => `${path.relative(base, file)}:${line}`;
  const problems: string[] = [];
  for (const { target, line } of links(markdown)) {
    if (isExternal(target)) continue;
    const [rawPath, anchor] = target.split("#", 2) as [string, string | undefined];
    const decoded = decodeURI(rawPath);
    const resolved = decoded === "" ? file : decoded.startsWith("/") ? path.join(base, decoded) : path.resolve(path.dirname(file), decoded);
    if (!fs.existsSync(resolved)) {
      problems.push(`${where(line)}: the link ${target} names ${path.relative(base, resolved)}, which does not exist`);
      continue;
    }
    if (anchor === undefined || !resolved.endsWith(".md")) continue;
    if (!anchors(fs.readFileSync(resolved, "utf8")).has(anchor)) {
      problems.push(`${where(line)}: the link ${target} names #${anchor}, which is no heading of ${path.relative(base, resolved)}`);
    }
  }
  return problems;
}

/** Lines that name an issue number, as "file:line: text". */
export function issueNumberProblems(files: string[], base = root): string[] {
  const problems: string[] = [];
  for (const file of files) {
    fs.readFileSync(file, "utf8").split("\n").forEach((text, index) => {
      const match = ISSUE_NUMBER.exec(text);
      if (match) problems.push(`${path.relative(base, file)}:${index + 1}: names "${match[0]}" (say how it works; history is for git)`);
    });
  }
  return problems;
}

export function checkDocs(base = root): string[] {
  return [...markdownFiles(base).flatMap((file) => linkProblems(file, base)), ...issueNumberProblems(sourceFiles(base), base)];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkDocs();
  for (const problem of problems) console.error(problem);
  if (problems.length) {
    console.error(`docs: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log(`docs: ${markdownFiles().length} pages, their links and anchors resolve; no issue numbers in docs or source`);
}
