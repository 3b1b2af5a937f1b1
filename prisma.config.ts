import path from "node:path";
import { defineConfig } from "prisma/config";

// See scripts/no-schema-engine.sh: `prisma generate` works with the stand-in,
// migrations go through scripts/db.ts (WebAssembly schema engine).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("scripts/no-schema-engine.sh");

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
