/**
 * safeCallbackUrl against values an attacker would try: each must either be
 * a path on our origin that a browser resolves to our origin, or the default.
 */
import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { authOptions } from "@/lib/auth/session";

const ORIGIN = "https://forms.example.org";

const hostile = [
  "//evil.example", "///evil.example", "/\\evil.example", "\\\\evil.example", "\\/evil.example", "/\\/evil.example",
  "/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "\t//evil.example", " //evil.example",
  "/.//evil.example", "/..//evil.example", "/a/..//evil.example", "/./\\evil.example",
  "javascript:alert(1)", "JaVaScRiPt:alert(1)", "java\tscript:alert(1)", " javascript:alert(1)", "data:text/html,<script>alert(1)</script>",
  "https://evil.example", "http:evil.example", "https:\\\\evil.example",
  "https://forms.example.org.evil.example/", "https://forms.example.org@evil.example/", "http://forms.example.org/", // another scheme is another origin
];

describe("safeCallbackUrl", () => {
  it.each(hostile)("refuses %j", (value) => {
    expect(safeCallbackUrl(value, ORIGIN)).toBe("/forms");
  });

  it("without a known origin, keeps relative values only", () => {
    for (const value of ["https://evil.example", "//evil.example", "/\t/evil.example", "javascript:alert(1)"]) {
      expect(safeCallbackUrl(value)).toBe("/forms");
    }
    expect(safeCallbackUrl("/keys?x=1")).toBe("/keys?x=1");
  });

  it("never returns something a browser would resolve to another origin", () => {
    const prefixes = ["", "/", "//", "\\", "/\\", "/./", "/../", "%2F", "\t", "/\t"];
    const middles = ["", "/", "\\", "\t", "\n", ".", "..", "%2F", "%5C", "%09", "@"];
    for (const a of prefixes) for (const b of middles) for (const c of middles) {
      const value = `${a}${b}${c}evil.example/x`;
      const result = safeCallbackUrl(value, ORIGIN);
      expect(new URL(result, ORIGIN).origin, JSON.stringify(value)).toBe(ORIGIN);
      expect(result.startsWith("/") && !result.startsWith("//") && !result.startsWith("/\\"), JSON.stringify(value)).toBe(true);
    }
  });

  it.each([
    ["/forms/abc/responses?page=2#r1", "/forms/abc/responses?page=2#r1"],
    ["/keys", "/keys"],
    ["keys", "/keys"],
    [`${ORIGIN}/keys?x=1`, "/keys?x=1"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"], // an encoded slash stays a path segment
    ["/forms/ü?q=é#ß", "/forms/%C3%BC?q=%C3%A9#%C3%9F"], // non-Latin-1 comes back percent-encoded (safe in Location)
    ["/keys\r\nSet-Cookie: a=b", "/keysSet-Cookie:%20a=b"],
    // Odd, but they stay on our origin: harmless paths.
    ["https:/keys", "/keys"], // same scheme: a relative reference
    ["//evil.example@forms.example.org/keys", "/keys"], // "evil.example" is only a user name here
    ["/\u0000/evil.example", "/%00/evil.example"],
    ["\u3002//evil.example", "/%E3%80%82//evil.example"], // an ideographic full stop is not a slash
    ["/\u2215\u2215evil.example", "/%E2%88%95%E2%88%95evil.example"], // nor is the division slash
    ["", "/forms"],
    [null, "/forms"],
    [undefined, "/forms"],
  ])("keeps our own %j as %j", (value, expected) => {
    expect(safeCallbackUrl(value, ORIGIN)).toBe(expected);
  });

  it("answers only ASCII without control characters, whatever comes in", () => {
    for (let code = 0; code < 0x3000; code += 7) {
      const result = safeCallbackUrl(`/a${String.fromCharCode(code)}b?c${String.fromCharCode(code)}#${String.fromCharCode(code)}`, ORIGIN);
      expect(result).toMatch(/^\/[\x21-\x7e]*$/);
    }
    expect(safeCallbackUrl("/\ud800", ORIGIN)).toMatch(/^\/[\x21-\x7e]*$/); // a lone surrogate
  });

  it("is what next-auth's own redirect callback uses", async () => {
    const redirect = authOptions.callbacks!.redirect!;
    expect(await redirect({ url: "/\t/evil.example", baseUrl: ORIGIN })).toBe(`${ORIGIN}/forms`);
    expect(await redirect({ url: "https://evil.example/x", baseUrl: ORIGIN })).toBe(`${ORIGIN}/forms`);
    expect(await redirect({ url: `${ORIGIN}/keys`, baseUrl: ORIGIN })).toBe(`${ORIGIN}/keys`);
    expect(await redirect({ url: "/forms/x?y=1", baseUrl: ORIGIN })).toBe(`${ORIGIN}/forms/x?y=1`);
  });
});
