/**
 * Creating dashboard accounts from the browser: the first owner of a fresh
 * install (/setup) and, when the operator sets ALLOW_SIGNUP=true, anyone
 * after that (/signup).
 *
 * "Exactly one first owner" is decided by the database, not by a
 * read-then-insert in the app: the count and the insert run in one
 * SERIALIZABLE transaction. On PostgreSQL two concurrent setups both read
 * "no users", and serializable snapshot isolation aborts one of them at
 * commit (a write-skew conflict, P2034); on SQLite write transactions are
 * serialized outright. The loser re-checks and finds sign-up closed.
 */
import { db, type Db } from "@/lib/db/client";
import { isUniqueViolation, isWriteConflict } from "@/lib/db/errors";
import { AppError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { switchOn } from "@/lib/settings";
import { personalWorkspaceCreate } from "@/lib/workspaces/workspaces";
import { hashPassword } from "./passwords";
import { newCredentialsSchema } from "./password-policy";
import { countUsers, type Credentials } from "./users";

export const signupAllowed = (env: NodeJS.ProcessEnv = process.env) => switchOn("ALLOW_SIGNUP", env);

/** True while the install has no user: the first visit offers to create the owner. */
export const setupNeeded = async () => (await countUsers()) === 0;

/**
 * Creates an account if registration is open: always for the first user,
 * afterwards only with ALLOW_SIGNUP=true. Returns the new user (id, email).
 */
export async function registerAccount(input: Credentials, hash: (password: string) => Promise<string> = hashPassword) {
  const { email, password } = newCredentialsSchema.parse(input);
  // Refused before hashing: scrypt takes 128 MiB and a good part of a second,
  // which nobody may spend at will on a closed install. (insertAccount checks
  // again inside its transaction, where the race is decided.)
  if (!signupAllowed() && !(await setupNeeded())) throw closed();
  // Hashing is slow: do it before the transaction, not inside it.
  return insertAccount(email, await hash(password));
}

/** The race-safe part of registerAccount (takes the client so tests can aim it at an empty database). */
export async function insertAccount(email: string, passwordHash: string, client: Db = db) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await client.$transaction(
        async (tx) => {
          if (!signupAllowed() && (await tx.user.count()) > 0) throw closed();
          // With the personal workspace every user has (lib/workspaces/workspaces.ts).
          const id = newId();
          return tx.user.create({ data: { id, email, passwordHash, memberships: personalWorkspaceCreate(id) }, select: { id: true, email: true } });
        },
        { isolationLevel: "Serializable" },
      );
    } catch (error) {
      if (isUniqueViolation(error, "email")) throw new AppError("conflict", "An account with this email already exists", [{ path: "email", message: "Already registered; sign in instead" }]);
      // Lost a race with another registration (a serialization failure, or a
      // unique index another insert took first): try again, which now sees the
      // winner. Still losing after that is a conflict to retry, never a 500.
      const lostRace = isWriteConflict(error) || isUniqueViolation(error);
      if (lostRace && attempt < 5) continue;
      if (lostRace) throw new AppError("conflict", "Another account was being created at the same time; try again");
      throw error;
    }
  }
}

const closed = () => new AppError("forbidden", "Sign-up is closed: this Formloom already has an owner. Sign in instead.");
