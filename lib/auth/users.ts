import type { Credentials } from "./credentials-schema";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { personalWorkspaceCreate } from "@/lib/workspaces/workspaces";
import { newCredentialsSchema } from "./password-policy";
import { hashPassword, unmatchableHash, verifyPassword } from "./passwords";

export { credentialsSchema, type Credentials } from "./credentials-schema";

export async function createUser(input: Credentials) {
  const { email, password } = newCredentialsSchema.parse(input);
  const existing = await db.user.findUnique({ where: { email } });
  if (existing) throw new AppError("conflict", `A user with email ${email} already exists`);
  const id = newId();
  return db.user.create({ data: { id, email, passwordHash: await hashPassword(password), memberships: personalWorkspaceCreate(id) }, select: { id: true, email: true } });
}

export async function findUserByEmail(email: string) {
  return db.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true, email: true } });
}

/** The user for these credentials, or null; same work whether or not the email exists. */
export async function verifyCredentials(email: string, password: string) {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  const ok = await verifyPassword(password, user?.passwordHash ?? unmatchableHash());
  return user && ok ? { id: user.id, email: user.email } : null;
}

/**
 * Sets a new password and ends every session of the user (all devices): a
 * password is changed because it may be known to someone else, whose
 * sessions must not outlive it. One transaction, so neither half happens alone.
 */
export async function setPassword(email: string, password: string) {
  const input = newCredentialsSchema.parse({ email, password });
  const user = await findUserByEmail(input.email);
  if (!user) throw notFound("User");
  // Hashing is slow (scrypt): before the transaction, not inside it.
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    const { count } = await tx.session.deleteMany({ where: { userId: user.id } });
    return { ...user, sessionsEnded: count };
  });
}

export const countUsers = () => db.user.count();
