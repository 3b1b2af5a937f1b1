import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { safeCallbackUrl } from "./callback-url";
import { beginLoginAttempt } from "./login-limit";
import { endSession, liveSessionUserId, SESSION_MAX_AGE_S, startSession } from "./sessions";
import { verifyCredentials } from "./users";
import { log } from "@/lib/observability/log";

const SESSION_ENDED = "Session ended";

/**
 * next-auth with email + password. The cookie is a JWT, but it is only good
 * while its Session row exists (lib/auth/sessions.ts): sign-out and password
 * changes end sessions on the server.
 */
export const authOptions: NextAuthOptions = {
  secret: process.env.AUTH_SECRET,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, req) {
        if (!credentials?.email || !credentials.password) return null;
        // Counted before the (slow) password check, so parallel guesses cannot pass a
        // limit; a success gives its count back. A thrown error's message reaches the
        // sign-in page as ?error=….
        const attempt = await beginLoginAttempt(credentials.email, toHeaders(req.headers));
        const user = await verifyCredentials(credentials.email, credentials.password);
        if (user) await attempt.succeeded();
        return user;
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) return { ...token, sub: user.id, sid: await startSession(user.id) };
      // Reading the session (pages via getServerSession, /api/auth/session):
      // next-auth answers "no session" and clears the cookie when this throws.
      if (!(await liveSessionUserId(token))) throw new Error(SESSION_ENDED);
      return token;
    },
    session({ session, token }) {
      if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
      return session;
    },
    // The same same-origin rule as the sign-in page, for next-auth's own redirects.
    redirect({ url, baseUrl }) {
      return new URL(baseUrl).origin + safeCallbackUrl(url, baseUrl);
    },
  },
  logger: {
    error(code, metadata) {
      // A cookie kept after sign-out is routine, not a server error worth a stack trace.
      if (code === "JWT_SESSION_ERROR" && (metadata as { message?: unknown } | undefined)?.message === SESSION_ENDED) return;
      // The code and message only: next-auth's metadata can hold the request's details.
      const message = metadata instanceof Error ? metadata.message : String((metadata as { message?: unknown } | undefined)?.message ?? "");
      log.error({ code, message }, "next-auth error");
    },
  },
  events: {
    async signOut({ token }) {
      await endSession(token?.sid);
    },
  },
};

/** The signed-in user's id from the next-auth session cookie, or null (also when the session was ended). */
export async function sessionUserId(req: NextRequest): Promise<string | null> {
  return liveSessionUserId(await getToken({ req, secret: process.env.AUTH_SECRET }));
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
