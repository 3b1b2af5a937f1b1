import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { EXPORT_PAGE_ROWS } from "@/lib/responses/export";
import { createOwner, publishedForm, request, type Owner } from "../helpers/api";
import { backdate, dayString, submit, utcDay } from "../helpers/responses";

const schema = {
  questions: [
    { key: "intro", type: "statement", title: "Welcome" },
    { key: "comment", type: "long-text", title: "Comment" },
    { key: "score", type: "number", title: "Score" },
    { key: "tags", type: "multiple-choice", title: "Tags", options: ["red", "green, or blue", "say \"hi\""] },
    { key: "ok", type: "yes-no", title: "OK?" },
    { key: "ref", type: "hidden" },
    { key: "when", type: "date", title: "When" },
  ],
};

/** RFC 4180 parser (quoted fields, doubled quotes, CRLF or LF), enough to read the export back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(field), (field = "");
    else if (c === "\n" || (c === "\r" && text[i + 1] === "\n")) {
      if (c === "\r") i++;
      row.push(field), rows.push(row), (row = []), (field = "");
    } else field += c;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows;
}

let owner: Owner;
let form: { id: string; slug: string };
const ids: string[] = [];

const exportCsv = async (query = "") => {
  const res = await owner.readApi.get(`/api/forms/${form.id}/responses/export${query}`);
  return { ...res, rows: res.status === 200 ? parseCsv(res.text.replace(/^\uFEFF/, "")) : [] };
};

beforeAll(async () => {
  owner = await createOwner();
  form = await publishedForm(owner, schema);
  const seeds = [
    { comment: "plain text", score: 3, tags: ["red", "green, or blue"], ok: true, ref: "=cmd|' /C calc'!A0", when: "2026-01-02" },
    { comment: 'comma, "quotes"\nand a newline', score: -4, ok: false, ref: "newsletter" },
    { comment: "=1+1", tags: ['say "hi"'], ref: "+plus" },
    { comment: "+SUM(A1)", score: 0 },
    { comment: "-2+3" },
    { comment: "@mention" },
    // Text answers are trimmed on submission; hidden values are kept as sent.
    { comment: "tab", ref: "\tTabbed" },
    { comment: "return", ref: "\rReturn" },
  ];
  for (const [i, answers] of seeds.entries()) {
    ids.push(await submit(form.slug, answers));
    await backdate(ids[i], utcDay(i - seeds.length, 3600_000));
  }
});

describe("GET /api/forms/:id/responses/export", () => {
  it("streams CSV with a download name, a BOM and the header in form order", async () => {
    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${form.slug}-responses-${dayString(new Date())}.csv"`);
    // fetch's text() drops a BOM: read the bytes.
    const raw = await fetch(`${process.env.TEST_BASE_URL}/api/forms/${form.id}/responses/export`, { headers: { authorization: `Bearer ${owner.readKey}` } });
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8").startsWith("id,submittedAt,comment,score,tags,ok,when\n")).toBe(true);
    expect(res.rows[0]).toEqual(["id", "submittedAt", "comment", "score", "tags", "ok", "when"]);
    expect(res.rows).toHaveLength(1 + ids.length);
  });

  it("writes one row per response, newest first, choices joined with \"; \"", async () => {
    const { rows } = await exportCsv();
    expect(rows.slice(1).map((r) => r[0])).toEqual([...ids].reverse());
    const first = rows[rows.length - 1];
    expect(first).toEqual([ids[0], utcDay(-8, 3600_000).toISOString(), "plain text", "3", "red; green, or blue", "yes", "2026-01-02"]);
    const second = rows[rows.length - 2];
    expect(second).toEqual([ids[1], utcDay(-7, 3600_000).toISOString(), 'comma, "quotes"\nand a newline', "-4", "", "no", ""]);
    expect(rows[rows.length - 3][4]).toBe('say "hi"');
  });

  it("quotes commas, quotes and newlines (RFC 4180)", async () => {
    const { text } = await exportCsv();
    expect(text).toContain(`,"comma, ""quotes""\nand a newline",-4,,no,\n`);
    expect(text).toContain(`,"red; green, or blue",`);
    expect(text).toContain(`,"say ""hi""",`);
  });

  it.each([
    ["=1+1", "'=1+1"],
    ["+SUM(A1)", "'+SUM(A1)"],
    ["-2+3", "'-2+3"],
    ["@mention", "'@mention"],
    ["\tTabbed", "'\tTabbed"],
    ["\rReturn", "'\rReturn"],
  ])("neutralises a text cell starting with %j", async (answer, cell) => {
    const { rows } = await exportCsv("?includeMetadata=1");
    const cells = rows.slice(1).flatMap((r) => [r[2], r[7]]);
    expect(cells).toContain(cell);
    expect(cells).not.toContain(answer);
  });

  it("keeps numbers numeric (a negative number is not a formula)", async () => {
    const { rows } = await exportCsv();
    expect(rows.find((r) => r[0] === ids[1])![3]).toBe("-4");
  });

  it("neutralises cells whose first non-whitespace character is a trigger, full-width ones too, and keeps -5 a number", async () => {
    const tricky = await publishedForm(owner, {
      questions: [
        { key: "n", type: "number", title: "N" },
        { key: "ref", type: "hidden" },
      ],
    });
    // Hidden values are stored as sent (text answers are trimmed), so leading whitespace survives to the export.
    const refs = [" =1+1", "\n=1+1", "\t=1+1", "\r\n@x", "＝1+1", "＋1", "－1", "＠SUM(A1)", "\u3000=1", " plain"];
    for (const ref of refs) await submit(tricky.slug, { n: -5, ref });
    const res = await owner.readApi.get(`/api/forms/${tricky.id}/responses/export?includeMetadata=1`);
    const rows = parseCsv(res.text.replace(/^\uFEFF/, "")).slice(1);
    const expected = refs.map((ref) => (ref === " plain" ? ref : `'${ref}`));
    expect(rows.map((r) => r[3]).sort()).toEqual(expected.sort());
    expect(rows.every((r) => r[2] === "-5")).toBe(true);
    // Unquoted in the file: a spreadsheet reads it as the number -5.
    expect(res.text).toContain(",-5,");
  });

  it("adds neutralised metadata.<key> columns only with includeMetadata=1", async () => {
    const without = await exportCsv("?includeMetadata=0");
    expect(without.rows[0]).not.toContain("metadata.ref");
    const { rows } = await exportCsv("?includeMetadata=1");
    expect(rows[0]).toEqual(["id", "submittedAt", "comment", "score", "tags", "ok", "when", "metadata.ref"]);
    const refOf = (id: string) => rows.find((r) => r[0] === id)![7];
    expect(refOf(ids[0])).toBe("'=cmd|' /C calc'!A0");
    expect(refOf(ids[1])).toBe("newsletter");
    expect(refOf(ids[2])).toBe("'+plus");
    expect(refOf(ids[3])).toBe("");
  });

  it("applies the list's filters: from/to, search, metadata", async () => {
    const days = await exportCsv(`?from=${dayString(utcDay(-7))}&to=${dayString(utcDay(-6))}`);
    expect(days.rows.slice(1).map((r) => r[0])).toEqual([ids[2], ids[1]]);
    const search = await exportCsv("?search=QUOTES");
    expect(search.rows.slice(1).map((r) => r[0])).toEqual([ids[1]]);
    const meta = await exportCsv("?metadata[ref]=newsletter&includeMetadata=1");
    expect(meta.rows.slice(1).map((r) => r[0])).toEqual([ids[1]]);
    const none = await exportCsv("?search=no-such-text");
    expect(none.rows).toEqual([["id", "submittedAt", "comment", "score", "tags", "ok", "when"]]);
  });

  it("streams several keyset pages without losing or repeating a row", async () => {
    const big = await publishedForm(owner, { questions: [{ key: "n", type: "number", title: "N" }] });
    const first = await submit(big.slug, { n: -1 });
    const { versionId } = await db.response.findUniqueOrThrow({ where: { id: first }, select: { versionId: true } });
    // Two pages and then some, inserted directly (HTTP would take minutes); runs of
    // equal timestamps straddle the page ends, so the cursor's id tie-break is exercised.
    const rows = Array.from({ length: 2 * EXPORT_PAGE_ROWS + 100 }, (_, i) => {
      const at = utcDay(-2, Math.floor(i / 7) * 1000);
      return { id: newId(), formId: big.id, versionId, personKey: `p${i}`, finished: true, submittedAt: at, submittedDay: dayString(at), answers: JSON.stringify({ n: i }), metadata: "{}" };
    });
    await db.response.createMany({ data: rows });
    const res = await owner.api.get(`/api/forms/${big.id}/responses/export`);
    const exported = parseCsv(res.text.replace(/^\uFEFF/, "")).slice(1);
    expect(exported).toHaveLength(rows.length + 1);
    expect(new Set(exported.map((r) => r[0])).size).toBe(rows.length + 1);
    const expected = [...rows].sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime() || (a.id < b.id ? 1 : -1));
    expect(exported.slice(1).map((r) => r[0])).toEqual(expected.map((r) => r.id));
    expect(exported[0]).toEqual([first, expect.any(String), "-1"]);
  });

  it.each([["?includeMetadata=yes"], ["?format=xlsx"], ["?limit=5"], ["?metadata[nope]=1"], [`?from=${dayString(utcDay(0))}&to=${dayString(utcDay(-1))}`]])(
    "answers %s with 400 invalid_query",
    async (query) => {
      const res = await exportCsv(query);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_query");
    },
  );

  it("answers 404 for another owner's form and 401 without a key", async () => {
    const other = await createOwner();
    const res = await other.api.get(`/api/forms/${form.id}/responses/export`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect((await request("GET", `/api/forms/${form.id}/responses/export`)).status).toBe(401);
  });
});
