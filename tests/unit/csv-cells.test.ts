import { describe, expect, it } from "vitest";
import { answerCell, neutraliseCell } from "@/lib/responses/export";

describe("neutraliseCell (CSV formula injection)", () => {
  it.each([
    "=1+1", "+SUM(A1)", "-2+3", "@mention", "\tTabbed", "\rReturn", "\t", "-",
    // The first non-whitespace character decides: spreadsheets skip what comes before.
    " =1+1", "\n=1+1", "\t=1+1", "\r\n@x", "   +1", "\u00a0-1", "\u3000=1", "\ufeff=1",
    // Full-width triggers some spreadsheets read as their ASCII twins.
    "＝1+1", "＋1", "－1", "＠SUM(A1)", " ＝1",
  ])("prefixes ' to %j", (text) => {
    expect(neutraliseCell(text)).toBe(`'${text}`);
  });

  it.each(["", "plain", " leading space", "\nnewline first", "a=b", "1-2", "e-mail@example.com", "(=)", "'=already quoted"])("leaves %j alone", (text) => {
    expect(neutraliseCell(text)).toBe(text);
  });
});

describe("answerCell", () => {
  it("writes numbers as numbers, negative ones too (no formula in a number)", () => {
    expect(answerCell(-5)).toBe("-5");
    expect(answerCell(-0.25)).toBe("-0.25");
    expect(answerCell(0)).toBe("0");
  });

  it("neutralises text that looks like a negative number (it is text, not a number)", () => {
    expect(answerCell("-5")).toBe("'-5");
  });

  it("neutralises joined choices and leaves booleans and empties plain", () => {
    expect(answerCell([" =x", "b"])).toBe("' =x; b");
    expect(answerCell(true)).toBe("yes");
    expect(answerCell(null)).toBe("");
    expect(answerCell(undefined)).toBe("");
  });
});
