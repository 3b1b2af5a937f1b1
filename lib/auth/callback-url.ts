/**
 * Where to go after signing in. Only our own origin: an open redirect would
 * let a crafted link send an owner elsewhere right after sign-in.
 *
 * Prefix checks on the raw text are not enough: browsers drop tabs and
 * newlines and read `\` as `/`, so `/\t/evil.example` passed a
 * `startsWith("/") && !startsWith("//")` test and landed on evil.example.
 * The value is therefore parsed exactly as a browser would (WHATWG URL,
 * against our origin) and only a same-origin result is kept, as a path.
 * The answer is pure ASCII (the URL serializer percent-encodes the rest), so
 * it is also safe in a Location header.
 */
const FALLBACK = "/forms";

/** Stands for "our origin" when the caller does not know it: then only relative values can match it. */
const PLACEHOLDER_ORIGIN = "http://formloom.invalid";

export function safeCallbackUrl(value: string | null | undefined, origin: string = PLACEHOLDER_ORIGIN): string {
  if (!value) return FALLBACK;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return FALLBACK;
  }
  if (url.origin !== base.origin) return FALLBACK;
  const target = url.pathname + url.search + url.hash;
  // Dot segments can leave a path that begins with "//" ("/.//evil" → "//evil"),
  // which a browser reads as another host.
  if (!target.startsWith("/") || target.startsWith("//")) return FALLBACK;
  return target;
}
