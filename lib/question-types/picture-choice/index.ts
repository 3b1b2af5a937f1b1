import { z } from "zod";
import { nonBlankText } from "@/lib/schema/constraints";
import { base } from "../define";
import { FILE_ID_PATTERN } from "../file-checks";
import { choiceOptions, choiceSummarySchema, firstValue, pickRows, plainCell, postedList, PRESENCE_OPERATORS, textRow } from "../kinds";
import type { QuestionTypeSpec } from "../spec";
import { answer } from "./answer";


const pictureOption = z.strictObject({
  label: nonBlankText("An option needs a label").max(200).describe("What the answer stores; also the image's alt text"),
  // Optional: the builder's new question has labelled tiles before their images are uploaded (a tile without one shows its label).
  image: z.string().regex(FILE_ID_PATTERN, "Not an asset id").optional().describe("An asset id from POST /api/forms/:id/assets; served at /api/assets/:id"),
});

export const definition = z
  .strictObject({
    ...base,
    type: z.literal("picture-choice"),
    pictures: z.array(pictureOption).min(1, "Add at least one picture").max(50),
    multiple: z.boolean().optional().describe("Several pictures may be picked; the answer is then a list of labels"),
    maxSelections: z.int().min(1).optional(),
  })
  .refine((q) => new Set(q.pictures.map((o) => o.label)).size === q.pictures.length, { message: "Picture labels must be unique", path: ["pictures"] });

const labels = (q: { pictures: { label: string }[] }) => ({ options: q.pictures.map((o) => o.label) });

export const spec = {
  definition,
  answer,
  rows: (q, value) => (q.multiple ? pickRows(q, value) : textRow(q, value)),
  statKind: "choice",
  summary: {
    schema: choiceSummarySchema,
    needs: () => ["values", "answered"],
    shape: (q, agg) => ({ responses: agg.answered, summary: { count: agg.answered, ...choiceOptions(labels(q), agg) } }),
  },
  csvCell: plainCell,
  fromFormPost: (q, data) => (q.multiple ? (data.getAll(q.key).length ? postedList(data, q.key) : undefined) : firstValue(data, q.key)),
  operators: PRESENCE_OPERATORS,
  assets: (q) => q.pictures.flatMap((o, i) => (o.image ? [{ path: `pictures.${i}.image`, id: o.image }] : [])),
  // A tile without its image shows its label (the builder offers the upload again).
  withoutAssets: (q) => ({ ...q, pictures: q.pictures.map(({ image: _image, ...o }) => o) }),
} satisfies QuestionTypeSpec<z.output<typeof definition>, typeof choiceSummarySchema>;
