/**
 * Names that reach a prototype when used as an object key. A key that comes
 * from a request or from an owner's form (query brackets, JSON bodies, question
 * keys, form posts) may never be one of these: `?__proto__[p]=1` once wrote
 * `p` onto Object.prototype for the whole process. Browser-safe.
 */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

export const isPrototypeKey = (key: string) => PROTOTYPE_KEYS.has(key);

/**
 * Also refused as a question key: every name a plain object inherits
 * (`toString`, `valueOf`, `hasOwnProperty`, …). Answers are read as
 * `answers[key]`, and an unanswered "toString" question would read
 * Object.prototype's function (the CSV export wrote its source into a cell).
 */
const INHERITED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

export const isReservedObjectKey = (key: string) => isPrototypeKey(key) || INHERITED.has(key);
