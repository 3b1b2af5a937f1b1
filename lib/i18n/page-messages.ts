/**
 * What the server hands the respondent page for its language: the catalog
 * parsed into ICU ASTs (plain JSON), so the browser formats without the
 * parser. Server-only (imports every catalog).
 */
import { parse } from "@formatjs/icu-messageformat-parser";
import { catalogs } from "./catalogs";
import type { PageLanguage } from "./languages";
import type { MessageId } from "./messages/en";
import type { MessageSource } from "./translator";

const parsed = new Map<PageLanguage, MessageSource>();

export function parsedMessages(language: PageLanguage): MessageSource {
  let out = parsed.get(language);
  if (!out) {
    const catalog = catalogs[language];
    out = Object.fromEntries(Object.entries(catalog).map(([id, text]) => [id, parse(text)])) as Record<MessageId, ReturnType<typeof parse>>;
    parsed.set(language, out);
  }
  return out;
}
