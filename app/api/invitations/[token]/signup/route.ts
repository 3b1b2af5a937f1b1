import { z } from "zod";
import { hashPassword } from "@/lib/auth/passwords";
import { allowOnly } from "@/lib/http/allow";
import { clientIp } from "@/lib/http/client-ip";
import { route } from "@/lib/http/route";
import { signUpWithInvitation } from "@/lib/workspaces/invitations";
import { invitationSignupSchema, invitationTokenParams, workspaceSchema } from "@/lib/workspaces/schemas";

// Creates the invited email's account and joins (open sign-up not needed: the link is the permission).
export const POST = route({
  auth: "public",
  params: invitationTokenParams,
  body: invitationSignupSchema,
  status: 201,
  handler: ({ req, params, body }) => signUpWithInvitation(params.token, body.password, hashPassword, clientIp(req.headers)),
  doc: {
    tag: "Workspaces",
    summary: "Create an account through an invitation",
    description:
      "Creates the invited email's account (with its personal workspace) and joins, even when open sign-up is off; then sign in as usual. " +
      "An invalid link: 404; an email that already has an account: 409 `conflict` (sign in and accept instead).",
    success: {
      description: "The account and the workspace joined",
      schema: z.strictObject({ user: z.strictObject({ id: z.string(), email: z.string() }), workspace: workspaceSchema }),
    },
    errors: ["conflict", "not_found"],
  },
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
