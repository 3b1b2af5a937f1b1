// A fixed locale, so that server and browser render the same digits.
const oneDecimal = new Intl.NumberFormat("en", { maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat("en", { maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat("en");

export const formatCount = (n: number) => whole.format(n);
export const formatAverage = (n: number | null) => (n === null ? "—" : oneDecimal.format(n));
export const formatNumber = (n: number | null) => (n === null ? "—" : twoDecimals.format(n));
/** Share of a total as a whole percentage ("0%" when the total is 0). */
export const percentOf = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 100) : 0);
export const formatRate = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;

/** "Nov 23" from "2026-11-23", in UTC like the trend's days. */
export function shortDay(iso: string) {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString("en", { month: "short", day: "numeric", timeZone: "UTC" });
}
