import type { z } from "zod";
import type { ErrorCode } from "@/lib/http/errors";
import type { Role } from "@/lib/workspaces/roles";

/** One operation of the API as the OpenAPI document describes it. */
export interface Endpoint {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI template: `/api/forms/{id}` for app/api/forms/[id]/route.ts. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** As declared in the route: read = any key or a session; write = write key or session; public = none. */
  auth: "read" | "write" | "session" | "public";
  /**
   * As declared in the route: the least workspace role it needs (null: the
   * caller's own account, no workspace); omitted for public endpoints.
   */
  role?: Role | null;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A multipart/form-data body with one binary part named `file` (uploads); the text describes its limits. */
  fileUpload?: string;
  /** Request headers the endpoint reads (beyond Authorization). */
  headers?: { name: string; description: string }[];
  success: {
    status: number;
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
