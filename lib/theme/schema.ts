/**
 * The form's `theme` (its brand on the public page): validated here for the
 * API, the builder and the OpenAPI document alike. Browser-safe. Asset ids
 * are checked to belong to the form when the draft is saved (lib/forms/forms.ts
 * saveDraft), as only the server knows a form's assets.
 */
import { z } from "zod";
import { nonBlankText } from "@/lib/schema/constraints";
import { FILE_ID_PATTERN } from "@/lib/question-types/file-checks";
import { HEX_COLOR } from "./contrast";
import { buttonLabelKeys, colorRoles, RADIUS_MAX, themeFonts, type ButtonLabelKey, type ColorRole } from "./style";

export const BUTTON_LABEL_MAX = 40;

const color = z
  .string()
  .regex(HEX_COLOR, "Use a colour as #rrggbb (six hex digits), e.g. #3b5bdb")
  // Stored lowercase, so the page and the builder's colour inputs agree on one spelling.
  .toLowerCase()
  .meta({ example: "#3b5bdb" });

const colorDescriptions: Record<ColorRole, string> = {
  background: "The page's background",
  text: "Titles, questions and answers",
  accent: "Buttons, selected answers, focus rings, the progress bar",
  buttonText: "The words on buttons (on the accent colour)",
};

const labelDescriptions: Record<ButtonLabelKey, string> = {
  start: 'Immersive mode: the welcome screen\'s button (default "Start")',
  next: 'Immersive mode: the button that moves on (default "OK")',
  submit: 'Both modes: the button that sends the response (default "Submit")',
};

const assetId = (what: string) =>
  z.string().regex(FILE_ID_PATTERN, "Not an asset id: upload the image with POST /api/forms/:id/assets first").describe(`${what}: an asset id of this form (POST /api/forms/:id/assets), served at /api/assets/:id`);

export const themeSchema = z
  .strictObject({
    colors: z
      .strictObject(Object.fromEntries(colorRoles.map((r) => [r, color.optional().describe(colorDescriptions[r])])) as Record<ColorRole, z.ZodOptional<typeof color>>)
      .optional()
      .describe("Missing colours are the default theme's; the builder warns when a pair fails WCAG AA contrast"),
    radius: z.int().min(0).max(RADIUS_MAX).optional().describe("Corner radius of fields, choices and buttons, in CSS pixels (default 8)"),
    font: z.enum(themeFonts).optional().describe("A system font stack (nothing is downloaded): sans (default), serif, rounded or mono"),
    logo: assetId("The logo, shown above the form").optional(),
    logoAlt: z.string().trim().max(200).optional().describe("The logo's text alternative (e.g. the organisation's name); empty = decorative"),
    cover: assetId("The cover image, a banner at the top of the form").optional(),
    labels: z
      .strictObject(Object.fromEntries(buttonLabelKeys.map((k) => [k, nonBlankText("A button needs words").max(BUTTON_LABEL_MAX).optional().describe(labelDescriptions[k])])) as Record<ButtonLabelKey, z.ZodOptional<z.ZodString>>)
      .optional()
      .describe("The words on the page's buttons; missing ones are the page's own"),
  })
  .meta({ id: "Theme" })
  .describe("The form's brand on the public page (both modes). Every part is optional; missing parts are the default theme's.");

export type ThemeInput = z.input<typeof themeSchema>;
