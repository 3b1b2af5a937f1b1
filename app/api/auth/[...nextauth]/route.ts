import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/session";
import { allowOnly } from "@/lib/http/allow";
import { BODY_LIMITS } from "@/lib/http/body";
import { withCappedBody } from "@/lib/http/route";

const handler = NextAuth(authOptions);
export const GET = handler;
// next-auth reads the body itself (req.json()/req.text()): it gets the capped bytes only.
export const POST = withCappedBody(handler, BODY_LIMITS.auth);

export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET, POST });
