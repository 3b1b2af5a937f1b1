import { describe, expect, it } from "vitest";
import { localizeSchema } from "@/lib/i18n/localize";

const schema = {
  title: "Feedback",
  language: "en" as const,
  questions: [{ key: "name", type: "short-text", title: "Your name" }],
  theme: { labels: { submit: "Send it", next: "Onwards" } },
  translations: { de: { title: "Rückmeldung", buttons: { next: "Weiter geht's" } } },
};

describe("the theme's button words in another language", () => {
  it("are the translation's where it has them, and the owner's own words where it does not", () => {
    const { schema: de } = localizeSchema(schema, "de");
    expect(de.theme.labels).toEqual({ submit: "Send it", next: "Weiter geht's" });
  });

  it("are the owner's words in a language without a translation, and in the form's own language", () => {
    expect(localizeSchema(schema, "fr").schema.theme.labels).toEqual({ submit: "Send it", next: "Onwards" });
    expect(localizeSchema(schema, "en").schema.theme.labels).toEqual({ submit: "Send it", next: "Onwards" });
  });
});
