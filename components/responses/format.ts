/**
 * Times read in UTC, labelled as such: the date filters and the daily trend
 * are UTC days too, and a fixed zone renders the same on the server and in
 * the browser (no hydration mismatch).
 */
export function formatSubmittedAt(iso: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)}`;
}
