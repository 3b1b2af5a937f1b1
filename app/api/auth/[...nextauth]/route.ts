import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/session";
import { allowOnly } from "@/lib/http/allow";

const handler = NextAuth(authOptions);
export { handler as GET, handler as POST };

export const { OPTIONS, PUT, PATCH, DELETE } = allowOnly({ GET: handler, POST: handler });
