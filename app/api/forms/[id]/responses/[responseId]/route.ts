import { allowOnly } from "@/lib/http/allow";
import { route } from "@/lib/http/route";
import { deleteResponse } from "@/lib/responses/delete";
import { getResponse, responseParams } from "@/lib/responses/list";

export const GET = route({
  auth: "read",
  role: "viewer",
  workspace: "form",
  params: responseParams,
  handler: ({ principal, params }) => getResponse(principal, params.id, params.responseId),
});

export const DELETE = route({
  auth: "write",
  role: "editor",
  workspace: "form",
  params: responseParams,
  handler: ({ principal, params }) => deleteResponse(principal, params.id, params.responseId),
});

export const { OPTIONS, POST, PUT, PATCH } = allowOnly({ GET, DELETE });
