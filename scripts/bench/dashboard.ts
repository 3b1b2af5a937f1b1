/**
 * The dashboard at a million: the owner signs in (next-auth's credentials
 * flow over HTTP, as the login form posts it) and the bench times the
 * server-side render of the pages that show the big form — its responses
 * table, its analytics, and the forms list it appears in — each to the end
 * of the streamed HTML.
 */
import type { Seeded } from "./seed";
import { BENCH_PASSWORD } from "./data";
import { timeGet } from "./measure";

export interface DashboardTiming {
  label: string;
  ms: number;
}

/** The owner's email: in the state, or (states seeded before it was kept) the bench database's only user. */
async function ownerEmail(seeded: Seeded): Promise<string> {
  if (seeded.email) return seeded.email;
  const { db } = await import("@/lib/db/client");
  const users = await db.user.findMany({ select: { email: true }, take: 2 });
  if (users.length !== 1) throw new Error(`expected the bench database to have one user, found ${users.length}`);
  return users[0].email;
}

export async function benchDashboard(baseUrl: string, seeded: Seeded): Promise<DashboardTiming[]> {
  const { sessionCookie } = await import("../../tests/helpers/session");
  const cookie = await sessionCookie(await ownerEmail(seeded), BENCH_PASSWORD, baseUrl);
  const form = `/forms/${seeded.main.id}`;
  const pages: [string, string][] = [
    ["responses table", `${form}/responses`],
    ["analytics", `${form}/analytics`],
    ["forms list", "/forms"],
  ];
  const timings: DashboardTiming[] = [];
  for (const [label, path] of pages) {
    const t = await timeGet(`${baseUrl}${path}`, { cookie });
    timings.push({ label, ms: t.ms });
  }
  return timings;
}
