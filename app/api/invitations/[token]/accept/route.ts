import { allowOnly } from "@/lib/http/allow";
import { clientIp } from "@/lib/http/client-ip";
import { route } from "@/lib/http/route";
import { workspaceEnvelope } from "@/lib/openapi/shared-answers";
import { acceptInvitation } from "@/lib/workspaces/invitations";
import { invitationTokenParams } from "@/lib/workspaces/schemas";

// The invited person's own session only; any other account, or an expired, used or revoked link: 404.
export const POST = route({
  auth: "session",
  role: null,
  params: invitationTokenParams,
  handler: ({ req, principal, params }) => acceptInvitation(principal.userId, params.token, clientIp(req.headers)),
  doc: {
    tag: "Workspaces",
    summary: "Accept an invitation",
    description: "With the invited email's dashboard session. Another account, or an expired, used or revoked link: 404.",
    success: { description: "The workspace joined", schema: workspaceEnvelope },
  },
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
