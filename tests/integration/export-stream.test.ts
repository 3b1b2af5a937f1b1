/**
 * The CSV export streams from ONE database snapshot on a connection of its
 * own (lib/db/row-cursor.ts), pulled as the client reads: while a client holds
 * an export half-read, submissions and deletes go on, and the file is still
 * exactly the responses of the moment it started — a response deleted
 * meanwhile is in it, one submitted meanwhile is not, none is repeated.
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { baseUrl, createOwner, publishedForm } from "../helpers/api";
import { dayString, submit, utcDay } from "../helpers/responses";

// Far more than the socket and stream buffers hold, so the server must wait for the client.
const ROWS = 20_000;
const PADDING = "x".repeat(300);

describe("CSV export stream", () => {
  it("reads one snapshot while the client is slow, without holding up writes", async () => {
    const owner = await createOwner();
    const form = await publishedForm(owner, { questions: [{ key: "n", type: "number", title: "N" }, { key: "t", type: "long-text", title: "T" }] });
    const first = await submit(form.slug, { n: -1 });
    const { versionId } = await db.response.findUniqueOrThrow({ where: { id: first }, select: { versionId: true } });
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const at = utcDay(-3, i * 1000);
      return { id: newId(), formId: form.id, versionId, personKey: `p${i}`, finished: true, submittedAt: at, submittedDay: dayString(at), answers: JSON.stringify({ n: i, t: PADDING }), metadata: "{}" };
    });
    for (let i = 0; i < rows.length; i += 2000) await db.response.createMany({ data: rows.slice(i, i + 2000) });
    const oldest = rows[0].id; // last in the file (newest first); `first` is the newest

    const res = await fetch(`${baseUrl()}/api/forms/${form.id}/responses/export`, { headers: { authorization: `Bearer ${owner.readKey}` } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (text.split("\n").length < 100) {
      const { done, value } = await reader.read();
      expect(done).toBe(false);
      text += decoder.decode(value, { stream: true });
    }

    // The client pauses here; writes must go through meanwhile.
    const added = await submit(form.slug, { n: 999_999 });
    expect((await owner.api.delete(`/api/forms/${form.id}/responses/${oldest}`)).status).toBe(204);

    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const ids = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(",")[0]);
    expect(ids).toHaveLength(ROWS + 1);
    expect(new Set(ids).size).toBe(ROWS + 1);
    expect(ids[ids.length - 1]).toBe(oldest);
    expect(ids).not.toContain(added);
    // A new export sees the writes.
    const after = await owner.readApi.get(`/api/forms/${form.id}/responses/export`);
    expect(after.text).toContain(added);
    expect(after.text).not.toContain(oldest);
  }, 120_000);
});
