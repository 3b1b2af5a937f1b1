/**
 * Formatting the page's own words: ICU MessageFormat by intl-messageformat
 * (FormatJS), plural rules from the runtime's Intl.PluralRules. Browser-safe.
 * Messages arrive either as source text (server, dashboard) or already parsed
 * (the respondent page: its bundle aliases the parser away, see
 * scripts/build-respondent.ts).
 */
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import type { MessageId } from "./messages/en";

export type { MessageId } from "./messages/en";
export type MessageValues = Record<string, string | number>;
export type Translate = (id: MessageId, values?: MessageValues) => string;
/** One language's messages, each as text or as its parsed form. */
export type MessageSource = Record<MessageId, string | MessageFormatElement[]>;

export function createTranslator(locale: string, messages: MessageSource): Translate {
  const formats = new Map<MessageId, IntlMessageFormat>();
  return (id, values) => {
    let format = formats.get(id);
    if (!format) {
      format = new IntlMessageFormat(messages[id], locale);
      formats.set(id, format);
    }
    return String(format.format(values));
  };
}

/** For reading an answer schema's shape (logic editing and checks), where no message is ever shown: the id itself. */
export const shapeOnly: Translate = (id) => id;
