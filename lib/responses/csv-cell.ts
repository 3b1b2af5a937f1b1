// OWASP CSV injection: a cell starting with one of these is read as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes `'` to text a spreadsheet would run as a formula. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
