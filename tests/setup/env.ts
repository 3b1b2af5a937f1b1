// Runs in each test worker before any test file: point lib/db at the suite's database,
// and check every answer of the app under test against its OpenAPI document.
import { inject } from "vitest";
import { checkedFetch } from "../helpers/contract";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.TEST_BASE_URL = inject("baseUrl");
globalThis.fetch = checkedFetch;
