/**
 * Every catalog of the page's own words, by language. Server and dashboard
 * only: the respondent page's browser bundle never imports this module — the
 * server passes the chosen language's messages, parsed, with the page
 * (lib/i18n/page-messages.ts), so the bundle ships one language and no parser.
 */
import { ar } from "./messages/ar";
import { de } from "./messages/de";
import { en, type Messages } from "./messages/en";
import { es } from "./messages/es";
import { fr } from "./messages/fr";
import { he } from "./messages/he";
import { it } from "./messages/it";
import { ja } from "./messages/ja";
import { nl } from "./messages/nl";
import { pl } from "./messages/pl";
import { pt } from "./messages/pt";
import { tr } from "./messages/tr";
import { zhCN } from "./messages/zh-CN";
import type { PageLanguage } from "./languages";
import { createTranslator, type Translate } from "./translator";

export const catalogs: Record<PageLanguage, Messages> = { en, de, fr, es, it, pt, nl, pl, tr, ja, "zh-CN": zhCN, ar, he };

const translators = new Map<PageLanguage, Translate>();

/** A translator over a whole catalog (messages parsed on first use, then kept). */
export function translatorFor(language: PageLanguage): Translate {
  let t = translators.get(language);
  if (!t) {
    t = createTranslator(language, catalogs[language]);
    translators.set(language, t);
  }
  return t;
}
