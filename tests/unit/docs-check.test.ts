/**
 * The documentation's fast checks (scripts/docs/check.ts, run first by npm test): relative links
 * and anchors must resolve, and no page or source file may name an issue number. Each rule is
 * tried on a small tree of its own, then the repository itself must pass.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { anchors, checkDocs, issueNumberProblems, linkProblems, slug } from "@/scripts/docs/check";

const tree = fs.mkdtempSync(path.join(os.tmpdir(), "formloom-docs-check-"));
afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));

function write(file: string, text: string): string {
  const full = path.join(tree, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  return full;
}

describe("anchors", () => {
  it("are GitHub's: lowercase, punctuation dropped, spaces to dashes, repeats numbered", () => {
    expect(slug("Authentication and scopes")).toBe("authentication-and-scopes");
    expect(slug("Webhooks: verify a signature (Node.js)")).toBe("webhooks-verify-a-signature-nodejs");
    expect(slug("`PUT /api/forms/:id`")).toBe("put-apiformsid");
    expect([...anchors("# A\n## B\n## B\n```\n# not a heading\n```\n<a id=\"custom\"></a>\n")]).toEqual(["a", "b", "b-1", "custom"]);
  });
});

describe("links", () => {
  const target = write("docs/target.md", "# Target\n\n## Verify a webhook\n");
  write("images/shot.png", "png");

  it("pass when the file and the heading exist", () => {
    const page = write("docs/good.md", "[t](target.md) [v](target.md#verify-a-webhook) [self](#here) ![s](../images/shot.png) [web](https://example.com/x.md)\n\n## Here\n`[code](missing.md)`\n```\n[block](missing.md)\n```\n");
    expect(linkProblems(page, tree)).toEqual([]);
    expect(fs.existsSync(target)).toBe(true);
  });

  it("fail on a missing file, a missing anchor and a missing image, naming the line", () => {
    const page = write("docs/bad.md", "intro\n[gone](nowhere.md)\n[anchor](target.md#no-such-heading)\n<img src=\"../images/missing.png\" alt=\"\">\n[self](#absent)\n");
    const problems = linkProblems(page, tree);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^docs\/bad\.md:2: the link nowhere\.md names docs\/nowhere\.md, which does not exist$/);
    expect(problems[1]).toMatch(/^docs\/bad\.md:3: .*#no-such-heading, which is no heading of docs\/target\.md$/);
    expect(problems[2]).toMatch(/^docs\/bad\.md:4: .*images\/missing\.png/);
    expect(problems[3]).toMatch(/^docs\/bad\.md:5: .*#absent/);
  });
});

describe("issue numbers", () => {
  it("are refused in any case and spelling, naming the file and line", () => {
    const number = (words: string) => words.replace("N", String(12));
    const file = write("lib/sample.ts", ["// fine: an issue tracker", number("// see Issue N"), number("/* issue #N part 3 */"), number("// issues N and 13")].join("\n"));
    expect(issueNumberProblems([file], tree)).toEqual([
      expect.stringMatching(/^lib\/sample\.ts:2: /),
      expect.stringMatching(/^lib\/sample\.ts:3: /),
      expect.stringMatching(/^lib\/sample\.ts:4: /),
    ]);
  });
});

describe("the repository", () => {
  it("has no broken link or anchor in its docs and no issue number in docs or source", () => {
    expect(checkDocs()).toEqual([]);
  });
});
