import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { consumeLoginAttempt } from "./login-limit";
import { verifyCredentials } from "./users";

/** next-auth with email + password and JWT sessions (no session table). */
export const authOptions: NextAuthOptions = {
  secret: process.env.AUTH_SECRET,
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, req) {
        if (!credentials?.email || !credentials.password) return null;
        // Counted before the (slow) password check, so guesses cost the guesser.
        // A thrown error's message reaches the sign-in page as ?error=….
        await consumeLoginAttempt(credentials.email, toHeaders(req.headers));
        return verifyCredentials(credentials.email, credentials.password);
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) token.sub = user.id;
      return token;
    },
    session({ session, token }) {
      if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
      return session;
    },
  },
};

/** The signed-in user's id from the next-auth session cookie, or null. */
export async function sessionUserId(req: NextRequest): Promise<string | null> {
  const token = await getToken({ req, secret: process.env.AUTH_SECRET });
  return typeof token?.sub === "string" ? token.sub : null;
}

/** next-auth hands authorize() the request headers as a plain object. */
function toHeaders(raw: Record<string, unknown> | undefined): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw ?? {})) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  }
  return headers;
}
