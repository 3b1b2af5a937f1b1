import { redirect } from "next/navigation";
import { setupNeeded } from "@/lib/auth/accounts";
import { currentUser } from "@/lib/auth/require-user";

export const dynamic = "force-dynamic";

/** The front door: a fresh install → owner setup; signed in → forms; else → sign in. */
export default async function Home() {
  if (await setupNeeded()) redirect("/setup");
  redirect((await currentUser()) ? "/forms" : "/login");
}
