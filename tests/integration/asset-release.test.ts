/**
 * An asset a save stopped naming is deleted (lib/files/form-assets.ts), and a
 * save may name it again at the same moment. These tests hold one side's
 * transaction open from another connection, as a concurrent request would,
 * and fail if the release deletes an asset a committed draft names, or if a
 * save commits a draft naming an asset the release has taken. Also: a
 * released asset whose object could not be deleted is never named or served,
 * and the sweep finishes it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// This process's object store (the shared test server has its own; these tests only look at this one).
const folder = mkdtempSync(path.join(tmpdir(), "formloom-asset-release-"));
process.env.STORAGE_URL = `file:${folder}`;

import { db, provider } from "@/lib/db/client";
import { sqliteFilePath } from "@/lib/db/url";
import { releaseUnusedAssets } from "@/lib/files/form-assets";
import { RELEASED_ASSET } from "@/lib/files/lifecycle";
import { sweepFiles } from "@/lib/files/sweep";
import { newId } from "@/lib/ids";
import { storage } from "@/lib/storage";
import { objectKey } from "@/lib/storage/keys";
import { createOwner, type Owner } from "../helpers/api";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const databaseUrl = () => process.env.DATABASE_URL!;
const picture = (image?: string) => ({
  title: "Assets",
  questions: [{ key: "pet", type: "picture-choice", title: "Pet", pictures: [{ label: "Cat", ...(image ? { image } : {}) }, { label: "Dog" }] }],
});

let owner: Owner;
beforeAll(async () => {
  owner = await createOwner();
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function newForm(): Promise<string> {
  const created = await owner.api.post("/api/forms", { title: "Assets" });
  expect(created.status).toBe(201);
  return created.body.form.id as string;
}

/** An asset of the form: its row and its object in this process's store. */
async function newAsset(formId: string): Promise<string> {
  const id = newId();
  const storageKey = objectKey("asset", id);
  await storage().put(storageKey, Readable.from([Buffer.from("png bytes")]), "image/png");
  await db.storedFile.create({ data: { id, kind: "asset", formId, storageKey, name: "cat.png", size: 9, contentType: "image/png", createdAt: new Date() } });
  return id;
}

const objectExists = async (id: string) => {
  const stream = await storage().get(objectKey("asset", id));
  stream?.destroy();
  return stream !== null;
};
const kindOf = async (id: string) => (await db.storedFile.findUnique({ where: { id }, select: { kind: true } }))?.kind ?? null;

/** Another connection with an open write transaction on the form's row (the other side of the race), committed on demand. */
async function holdForm(formId: string, statements: (formId: string) => { text: string; values: unknown[] }[]): Promise<() => Promise<void>> {
  if (provider === "postgresql") {
    const holder = new pg.Client({ connectionString: databaseUrl() });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query(`SELECT 1 FROM "Form" WHERE "id" = $1 FOR UPDATE`, [formId]);
    for (const s of statements(formId)) await holder.query(s.text, s.values);
    return async () => {
      await holder.query("COMMIT");
      await holder.end();
    };
  }
  const holder = new Database(sqliteFilePath(databaseUrl()));
  holder.exec("BEGIN IMMEDIATE");
  for (const s of statements(formId)) holder.prepare(s.text.replace(/\$\d+/g, "?")).run(...(s.values as unknown[]));
  return async () => {
    holder.exec("COMMIT");
    holder.close();
  };
}

describe(`asset release (${provider})`, () => {
  it("a save that names an asset while its release is deciding is refused with a 400, and the asset goes", async () => {
    const formId = await newForm();
    const asset = await newAsset(formId);
    // The release has taken the form's row and marked the asset (its transaction not yet committed).
    const commitRelease = await holdForm(formId, () => [{ text: `UPDATE "StoredFile" SET "kind" = $1 WHERE "id" = $2`, values: [RELEASED_ASSET, asset] }]);
    const saving = owner.api.put(`/api/forms/${formId}/version/draft`, picture(asset));
    await sleep(400);
    await commitRelease();
    const saved = await saving;
    expect(saved.status).toBe(400);
    expect(saved.body.error.details).toEqual([expect.objectContaining({ path: "questions.0.pictures.0.image" })]);
    const draft = await owner.api.get(`/api/forms/${formId}/version/draft`);
    expect(JSON.stringify(draft.body)).not.toContain(asset);
  });

  it.runIf(provider === "postgresql")("a release waits for a save naming the asset again, and keeps it", async () => {
    const formId = await newForm();
    const asset = await newAsset(formId);
    const draft = JSON.stringify({ title: "Assets", questions: picture(asset).questions });
    // A save naming the asset has taken the form's row (not yet committed).
    const commitSave = await holdForm(formId, (id) => [{ text: `UPDATE "Form" SET "draft" = $1 WHERE "id" = $2`, values: [draft, id] }]);
    let settled = false;
    const releasing = releaseUnusedAssets(formId, [asset]).finally(() => (settled = true));
    await sleep(400);
    expect(settled).toBe(false);
    await commitSave();
    expect(await releasing).toBe(0);
    expect(await kindOf(asset)).toBe("asset");
    expect(await objectExists(asset)).toBe(true);
  });

  it("a release deletes only what neither the draft nor the live version names", async () => {
    const formId = await newForm();
    const [named, unnamed] = [await newAsset(formId), await newAsset(formId)];
    expect((await owner.api.put(`/api/forms/${formId}/version/draft`, picture(named))).status).toBe(200);
    expect(await releaseUnusedAssets(formId, [named, unnamed])).toBe(1);
    expect(await kindOf(named)).toBe("asset");
    expect(await objectExists(named)).toBe(true);
    expect(await kindOf(unnamed)).toBeNull();
    expect(await objectExists(unnamed)).toBe(false);
  });

  it("a released asset whose object is still stored is never named or served, and the sweep deletes it", async () => {
    const formId = await newForm();
    const asset = await newAsset(formId);
    // As a release leaves it when deleting its object failed.
    await db.storedFile.update({ where: { id: asset }, data: { kind: RELEASED_ASSET } });
    expect((await owner.api.put(`/api/forms/${formId}/version/draft`, picture(asset))).status).toBe(400);
    expect((await owner.api.get(`/api/assets/${asset}`)).status).toBe(404);
    await sweepFiles(Date.now(), true);
    expect(await kindOf(asset)).toBeNull();
    expect(await objectExists(asset)).toBe(false);
  });
});
