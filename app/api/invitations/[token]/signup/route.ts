import { hashPassword } from "@/lib/auth/passwords";
import { allowOnly } from "@/lib/http/allow";
import { clientIp } from "@/lib/http/client-ip";
import { route } from "@/lib/http/route";
import { signUpWithInvitation } from "@/lib/workspaces/invitations";
import { invitationSignupSchema, invitationTokenParams } from "@/lib/workspaces/schemas";

// Creates the invited email's account and joins (open sign-up not needed: the link is the permission).
export const POST = route({
  auth: "public",
  params: invitationTokenParams,
  body: invitationSignupSchema,
  status: 201,
  handler: ({ req, params, body }) => signUpWithInvitation(params.token, body.password, hashPassword, clientIp(req.headers)),
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
