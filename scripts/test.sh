#!/usr/bin/env bash
# The one command that runs every test: npm test.
# Builds the app once, then runs the integration suite on SQLite (always) and,
# at the same time, on PostgreSQL (when TEST_DATABASE_URL names a server), then
# the browser suite.
set -euo pipefail
cd "$(dirname "$0")/.."

export NEXT_TELEMETRY_DISABLED=1
export NEXT_DIST_DIR="${NEXT_DIST_DIR:-.next-test}"

# The timing table printed at the end of every run, passed or failed (scripts/test-timings.ts):
# each phase's wall time from `phase`, each test file's from the suites' reporters.
export TEST_TIMINGS_DIR="${TEST_TIMINGS_DIR:-$(mktemp -d -t formloom-timings.XXXXXX)}"
run_started=$EPOCHREALTIME
pg_pid=""
finish() {
  local status=$?
  [[ -z "$pg_pid" ]] || kill "$pg_pid" 2> /dev/null || true
  printf 'total\t%.1f\t%s\n' "$(elapsed "$run_started")" "$status" >> "$TEST_TIMINGS_DIR/phases.tsv"
  [[ ! -d node_modules/tsx ]] || npx tsx scripts/test-timings.ts "$TEST_TIMINGS_DIR" || true
  exit "$status"
}
trap finish EXIT
elapsed() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
# phase <name> <command...>: runs the command and records its wall time (and exit status).
phase() {
  local name=$1 started=$EPOCHREALTIME status=0
  shift
  "$@" || status=$?
  printf '%s\t%s\t%s\n' "$name" "$(elapsed "$started")" "$status" >> "$TEST_TIMINGS_DIR/phases.tsv"
  return "$status"
}

# A fresh clone has no node_modules, and a pull may change the lockfile: install exactly what
# package-lock.json pins first (npm writes node_modules/.package-lock.json on every install).
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  echo "== install (npm ci): node_modules is missing or older than package-lock.json"
  phase "install (npm ci)" npm ci --no-audit --no-fund
fi

# Seconds, so first: a broken link or an issue number fails before the 40-minute suites start.
echo "== docs: links and anchors resolve, no issue numbers, configuration page up to date"
phase "docs: links, anchors, issue numbers" npx tsx scripts/docs/check.ts
phase "docs: configuration page" npx tsx scripts/docs/configuration.ts --check

echo "== schema: prisma/postgres is derived from prisma/schema.prisma"
phase "schema check" npx tsx scripts/db.ts check-schemas

echo "== typecheck"
phase "typecheck" npx tsc --noEmit

echo "== build ($NEXT_DIST_DIR)"
phase "build: respondent bundle" npx tsx scripts/build-respondent.ts > /tmp/formloom-build.log 2>&1 || { cat /tmp/formloom-build.log; exit 1; }
phase "build: next build" npx next build >> /tmp/formloom-build.log 2>&1 || { cat /tmp/formloom-build.log; exit 1; }
# A warning in the build reads as a failure to a newcomer: keep the build quiet.
if grep -qiE "build encountered [0-9]+ warning|had an error" /tmp/formloom-build.log; then
  cat /tmp/formloom-build.log
  echo "The build printed warnings (above): fix them rather than let them become noise." >&2
  exit 1
fi

# The PostgreSQL suite runs beside the SQLite one: each has its own database and server, and a
# suite spends much of its time waiting (servers starting, retries coming due), so the two together
# take little more than the longer alone. Its output is printed when both are done, and it keeps no
# results cache (--cache=false), so the two runs never write the same file.
if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  pg_log="$(mktemp -t formloom-pg-suite.XXXXXX)"
  TEST_DB=postgresql phase "unit + integration on PostgreSQL" npx vitest run --cache=false "$@" > "$pg_log" 2>&1 &
  pg_pid=$!
  echo "== integration tests on SQLite (the PostgreSQL suite runs beside it; its output follows)"
else
  echo "== integration tests on SQLite (PostgreSQL suite skipped: TEST_DATABASE_URL is not set)"
fi
sqlite_status=0
TEST_DB=sqlite phase "unit + integration on SQLite" npx vitest run "$@" || sqlite_status=$?

if [[ -n "$pg_pid" ]]; then
  pg_status=0
  wait "$pg_pid" || pg_status=$?
  pg_pid=""
  echo "== integration tests on PostgreSQL"
  cat "$pg_log"
  rm -f "$pg_log"
  [[ $pg_status -eq 0 ]] || { echo "The PostgreSQL suite failed (exit $pg_status)" >&2; exit "$pg_status"; }
fi
[[ $sqlite_status -eq 0 ]] || { echo "The SQLite suite failed (exit $sqlite_status)" >&2; exit "$sqlite_status"; }

echo "== browser tests (Playwright, Chromium)"
phase "browser suite (Playwright)" npx playwright test
