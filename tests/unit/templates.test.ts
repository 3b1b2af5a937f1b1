import { describe, expect, it } from "vitest";
import { formSchemaSchema, questionTypes } from "@/lib/schema/form-schema";
import { findTemplate, listTemplates, templates } from "@/lib/templates/templates";
import { translatorFor } from "@/lib/i18n/catalogs";

describe("templates", () => {
  it("has the five common starting points, and more, with unique ids", () => {
    const ids = templates.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ["customer-satisfaction", "nps", "event-registration", "job-application", "product-feedback"]) {
      expect(findTemplate(id)).not.toBeNull();
    }
    expect(findTemplate("nope")).toBeNull();
  });

  it.each(templates.map((t) => [t.id, t] as const))("%s is a valid form schema with a hidden source", (_id, template) => {
    const parsed = formSchemaSchema.parse({ ...template.schema, title: template.title });
    expect(parsed.questions.length).toBeGreaterThanOrEqual(4);
    expect(parsed.questions).toContainEqual({ key: "source", type: "hidden" });
    expect(template.title.length).toBeGreaterThan(0);
    expect(template.description.length).toBeGreaterThan(20);
  });

  it("together use every question type", () => {
    const used = new Set(templates.flatMap((t) => t.schema.questions.map((q) => q.type)));
    expect([...questionTypes].filter((t) => !used.has(t))).toEqual([]);
  });

  it("lists id, title, description, mode and the count of visible questions", () => {
    const nps = listTemplates().find((t) => t.id === "nps")!;
    const full = findTemplate("nps")!;
    expect(nps).toEqual({
      id: "nps",
      title: full.title,
      description: full.description,
      mode: "immersive",
      questionCount: full.schema.questions.length - 1,
    });
  });

  it.each(templates.map((t) => [t.id, t] as const))("%s's thank-you message does not repeat the thank-you screen's title", (_id, template) => {
    // The screen shows the page's title above the form's message.
    const title = translatorFor("en")("thanksTitle").replace(/[!.]$/, "").toLowerCase();
    expect(template.schema.thankYouMessage?.toLowerCase() ?? "").not.toContain(title);
  });
});
