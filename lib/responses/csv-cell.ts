// OWASP CSV injection: a cell starting with one of these is read as a
// formula. Spreadsheets also skip leading whitespace (" =1+1", "\n=1+1")
// and some (LibreOffice, Excel with an East Asian IME) read the full-width
// ＝ ＋ － ＠ as their ASCII twins, so those count too. A leading tab or CR
// is neutralised whatever follows (OWASP's list). \s covers Unicode spaces
// (NBSP, U+3000 ideographic space) and \uFEFF.
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** Prefixes `'` to text a spreadsheet would run as a formula. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
