/** The files suite on the local disk (STORAGE_URL=file:<folder>). */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { filesSuite } from "./files-suite";

const folder = mkdtempSync(path.join(tmpdir(), "formloom-files-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

filesSuite("disk", () => ({
  env: { STORAGE_URL: `file:${folder}` },
  keys: async () => (readdirSync(folder, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(folder, path.join(d.parentPath, d.name))),
  read: async (key) => {
    try {
      return readFileSync(path.join(folder, key));
    } catch {
      return null;
    }
  },
}));
