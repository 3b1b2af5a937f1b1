#!/usr/bin/env bash
# The one command that runs every test: npm test.
# Builds the app once, then runs the integration suite on SQLite (always) and,
# at the same time, on PostgreSQL (when TEST_DATABASE_URL names a server), then
# the browser suite.
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

# Seconds, so first: a broken link or an issue number fails before the 40-minute suites start.
echo "== docs: links and anchors resolve, no issue numbers, configuration page up to date"
npx tsx scripts/docs/check.ts
npx tsx scripts/docs/configuration.ts --check

echo "== schema: prisma/postgres is derived from prisma/schema.prisma"
npx tsx scripts/db.ts check-schemas

echo "== typecheck"
npx tsc --noEmit

echo "== build ($NEXT_DIST_DIR)"
npx tsx scripts/build-respondent.ts > /tmp/formloom-build.log 2>&1 || { cat /tmp/formloom-build.log; exit 1; }
npx next build >> /tmp/formloom-build.log 2>&1 || { cat /tmp/formloom-build.log; exit 1; }

# The PostgreSQL suite runs beside the SQLite one: each has its own database and server, and a
# suite spends much of its time waiting (servers starting, retries coming due), so the two together
# take little more than the longer alone. Its output is printed when both are done, and it keeps no
# results cache (--cache=false), so the two runs never write the same file.
pg_pid=""
if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  pg_log="$(mktemp -t formloom-pg-suite.XXXXXX)"
  TEST_DB=postgresql npx vitest run --cache=false "$@" > "$pg_log" 2>&1 &
  pg_pid=$!
  trap 'kill "$pg_pid" 2> /dev/null || true' EXIT
  echo "== integration tests on SQLite (the PostgreSQL suite runs beside it; its output follows)"
else
  echo "== integration tests on SQLite (PostgreSQL suite skipped: TEST_DATABASE_URL is not set)"
fi
sqlite_status=0
TEST_DB=sqlite npx vitest run "$@" || sqlite_status=$?

if [[ -n "$pg_pid" ]]; then
  pg_status=0
  wait "$pg_pid" || pg_status=$?
  trap - EXIT
  echo "== integration tests on PostgreSQL"
  cat "$pg_log"
  rm -f "$pg_log"
  [[ $pg_status -eq 0 ]] || { echo "The PostgreSQL suite failed (exit $pg_status)" >&2; exit "$pg_status"; }
fi
[[ $sqlite_status -eq 0 ]] || { echo "The SQLite suite failed (exit $sqlite_status)" >&2; exit "$sqlite_status"; }

echo "== browser tests (Playwright, Chromium)"
npx playwright test
