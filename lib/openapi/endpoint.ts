import type { z } from "zod";
import type { ErrorCode } from "@/lib/http/errors";
import type { RouteDeclaration } from "@/lib/http/route";

/**
 * What only the OpenAPI document says about an operation: the `doc` of its
 * route() in app/api/**\/route.ts. Auth, role, schemas and success status come
 * from the rest of that declaration, which is what the route enforces.
 */
export interface OperationDoc {
  /** The document's section; the sections appear in the order of their first operation (lib/openapi/routes.ts). */
  tag: "Forms" | "Templates" | "API keys" | "Operations" | "Responses" | "Analytics" | "Respondents" | "Notifications" | "Webhooks" | "Workspaces";
  summary: string;
  description?: string;
  /** A multipart/form-data body with one binary part named `file` (uploads); the text describes its limits. */
  fileUpload?: string;
  /** Request headers the endpoint reads (beyond Authorization). */
  headers?: { name: string; description: string }[];
  success: {
    description: string;
    /** JSON body; omitted for 204 and non-JSON answers. */
    schema?: z.ZodType;
    /** A non-JSON body, e.g. CSV (several: the body is one of these types). */
    mediaType?: string | readonly string[];
    /** Response headers worth knowing (Set-Cookie, Content-Disposition…). */
    headers?: Record<string, string>;
  };
  /** Answers besides the success and the error shape (health's 503 with its own body). */
  otherAnswers?: { status: number; description: string; schema: z.ZodType }[];
  /** Failures beyond those implied by auth, params, query and body. */
  errors?: ErrorCode[];
}

export const OPERATION_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** One operation of the API as the OpenAPI document describes it: a route's declaration at its method and path. */
export interface Endpoint extends RouteDeclaration {
  method: (typeof OPERATION_METHODS)[number];
  /** OpenAPI template: `/api/forms/{id}` for app/api/forms/[id]/route.ts. */
  path: string;
}
