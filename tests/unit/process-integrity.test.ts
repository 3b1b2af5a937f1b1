import { afterEach, describe, expect, it } from "vitest";
import { parseQuery } from "@/lib/http/query";
import { processProblems } from "@/lib/process-integrity";

const protos = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype } as Record<string, any>;

describe("processProblems", () => {
  afterEach(() => {
    for (const proto of Object.values(protos)) delete proto.polluted;
  });

  it("finds nothing in an intact process", () => {
    expect(processProblems()).toEqual([]);
  });

  for (const name of Object.keys(protos)) {
    it(`names a property added to ${name}.prototype`, () => {
      protos[name].polluted = "1";
      expect(processProblems()).toContain(`${name}.prototype has an unexpected property "polluted"`);
    });
  }

  it("notices a built-in method replaced by a value", () => {
    const original = Object.getOwnPropertyDescriptor(String.prototype, "big")!;
    let problems: string[];
    Object.defineProperty(String.prototype, "big", { value: "1", configurable: true, writable: true });
    try {
      problems = processProblems();
    } finally {
      Object.defineProperty(String.prototype, "big", original);
    }
    expect(problems).toContain("String.prototype.big changed (value:function → value:string)");
    expect(processProblems()).toEqual([]);
  });
});

describe("parseQuery", () => {
  it("builds prototype-less objects from bracketed names", () => {
    const query = parseQuery(new URLSearchParams("metadata[ref]=x&metadata[src]=y&tag=a&tag=b"));
    expect(query).toEqual({ metadata: { ref: "x", src: "y" }, tag: ["a", "b"] });
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(Object.getPrototypeOf(query.metadata)).toBeNull();
  });

  it("treats names Object.prototype has as ordinary keys", () => {
    expect(parseQuery(new URLSearchParams("toString=1&valueOf[x]=2"))).toEqual({ toString: "1", valueOf: { x: "2" } });
  });

  for (const raw of ["__proto__[p]=1", "constructor[prototype][p]=1", "metadata[__proto__]=1", "prototype=1", "a.constructor=1"]) {
    it(`refuses ${raw} with invalid_query and pollutes nothing`, () => {
      expect(() => parseQuery(new URLSearchParams(raw))).toThrow(expect.objectContaining({ code: "invalid_query" }));
      expect(({} as Record<string, unknown>).p).toBeUndefined();
      expect(processProblems()).toEqual([]);
    });
  }
});
