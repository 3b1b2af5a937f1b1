import type { FormSchemaInput } from "@/lib/schema/form-schema";

export interface Template {
  id: string;
  title: string;
  description: string;
  schema: Omit<FormSchemaInput, "title" | "version">;
}

export const templates: Template[] = [
  {
    id: "customer-satisfaction",
    title: "Customer satisfaction",
    description: "Measure how happy customers are with your service and why.",
    schema: {
      mode: "immersive",
      description: "Two minutes to tell us how we are doing.",
      questions: [
        { key: "satisfaction", type: "rating", title: "How satisfied are you with our service?", required: true, scaleMin: 1, scaleMax: 5 },
        { key: "best", type: "long-text", title: "What did we do well?", placeholder: "Tell us in your own words" },
        { key: "improve", type: "long-text", title: "What could we do better?" },
        { key: "source", type: "hidden" },
      ],
    },
  },
];

export const listTemplates = () => templates.map(({ id, title, description }) => ({ id, title, description }));
export const findTemplate = (id: string) => templates.find((t) => t.id === id) ?? null;
