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
  // Every test file submits from 127.0.0.1: the per-IP submission limit would
  // make them trip over each other. public-rate-limit.test.ts starts its own
  // server with a limit.
  const server = await startServer(database.url, { SUBMISSION_RATE_LIMIT: "0" });
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", database.url);
  return async () => {
    await server.stop();
    await database.drop();
  };
}
