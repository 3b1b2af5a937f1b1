#!/usr/bin/env bash
# The one command that runs every test: npm test.
# Builds the app once, then runs the integration suite on SQLite (always) and
# on PostgreSQL (when TEST_DATABASE_URL names a server), then the browser suite.
set -euo pipefail
cd "$(dirname "$0")/.."

export NEXT_TELEMETRY_DISABLED=1
export NEXT_DIST_DIR="${NEXT_DIST_DIR:-.next-test}"

# A fresh clone has no node_modules, and a pull may change the lockfile: install exactly what
# package-lock.json pins first (npm writes node_modules/.package-lock.json on every install).
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "== install (npm ci): node_modules is missing or older than package-lock.json"
  npm ci --no-audit --no-fund
fi

echo "== schema: prisma/postgres is derived from prisma/schema.prisma"
npx tsx scripts/db.ts check-schemas

echo "== typecheck"
npx tsc --noEmit

echo "== build ($NEXT_DIST_DIR)"
npx tsx scripts/build-respondent.ts > /tmp/formloom-build.log 2>&1 || { cat /tmp/formloom-build.log; exit 1; }
npx next build >> /tmp/formloom-build.log 2>&1 || { cat /tmp/formloom-build.log; exit 1; }

echo "== integration tests on SQLite"
TEST_DB=sqlite npx vitest run "$@"

if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  echo "== integration tests on PostgreSQL"
  TEST_DB=postgresql npx vitest run "$@"
else
  echo "== PostgreSQL suite skipped: TEST_DATABASE_URL is not set"
fi

echo "== browser tests (Playwright, Chromium)"
npx playwright test
