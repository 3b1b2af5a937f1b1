// Runs in each test worker before any test file: point lib/db at the suite's database.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.TEST_BASE_URL = inject("baseUrl");
