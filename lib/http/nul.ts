/**
 * U+0000 in request text. PostgreSQL's text type cannot hold it (the insert
 * or even a lookup by id fails: a 500), SQLite stores it. Refused at the door
 * on both, so a request means the same on either database and never reaches
 * a query with it.
 */
export const NUL_MESSAGE = "Text cannot contain the NUL character (U+0000)";

interface Step {
  value: unknown;
  key: string;
  parent: Step | null;
}

const pathOf = (step: Step | null): string => {
  const keys: string[] = [];
  for (let s = step; s?.parent; s = s.parent) keys.unshift(s.key.replace(/\u0000/g, "\\0"));
  return keys.join(".");
};

/**
 * The dotted path of the first string or key holding U+0000, or null.
 * Iterative: a body may nest as deep as JSON.parse allows, far past the call stack.
 */
export function nulPath(input: unknown): string | null {
  const stack: Step[] = [{ value: input, key: "", parent: null }];
  while (stack.length) {
    const step = stack.pop()!;
    if (typeof step.value === "string") {
      if (step.value.includes("\u0000")) return pathOf(step);
    } else if (step.value && typeof step.value === "object") {
      for (const [key, value] of Object.entries(step.value)) {
        const child = { value, key, parent: step };
        if (key.includes("\u0000")) return pathOf(child);
        stack.push(child);
      }
    }
  }
  return null;
}
