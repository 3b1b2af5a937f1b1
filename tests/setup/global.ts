/**
 * vitest global setup: one fresh database and one production server per run.
 * TEST_DB=postgresql runs the same suite on PostgreSQL (TEST_DATABASE_URL).
 */
import type { TestProject } from "vitest/node";
import { createTestDatabase } from "./database";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const kind = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";
  const database = await createTestDatabase(kind, "suite");
  const server = await startServer(database.url);
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", database.url);
  return async () => {
    await server.stop();
    await database.drop();
  };
}
