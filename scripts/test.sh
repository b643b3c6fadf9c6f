#!/usr/bin/env bash
# `npm test`: the same set-up as `npm start` plus what the tests need, then type checks, unit tests (web),
# server integration tests (PGlite and PostgreSQL), and the browser tests (Playwright in Debian Chromium).
# Exits non-zero when anything fails; the last line counts passed and failed tests.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/node-env.sh
bash scripts/setup.sh --test || { echo "0 passed, 1 failed"; exit 1; }

results=.test-results
rm -rf "$results" && mkdir -p "$results"
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# PostgreSQL for the server tests: start it when it is installed but not running.
if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  step "starting PostgreSQL"
  for v in $(ls /etc/postgresql 2>/dev/null); do pg_ctlcluster --skip-systemctl-redirect "$v" main start || true; done
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
if [[ -z "${TEST_POSTGRES_URL:-}" ]] && ! psql -h 127.0.0.1 -U postgres -d postgres -Atqc 'select 1' >/dev/null 2>&1; then
  # A fresh Debian install asks for a password on TCP: give the postgres role one, through the local socket.
  su postgres -c "psql -qc \"ALTER USER postgres PASSWORD 'postgres'\"" >/dev/null 2>&1 && export TEST_POSTGRES_URL='postgres://postgres:postgres@127.0.0.1:5432/postgres'
fi

# Five checks: two type checks, lint, format and the import rules, in two lanes at once (ESLint with type
# information takes about as long as the other four together, and each runs on one thread). Each check's output is
# printed whole afterwards.
declare -A check_title=([typecheck-web]="type check: web" [typecheck-server]="type check: server"
  [lint]="lint (ESLint)" [format]="format (Prettier)" [depcruise]="import rules (dependency-cruiser)")
check() { # check NAME COMMAND...: output into $results/NAME.log, and $results/NAME.failed when it fails
  local name=$1
  shift
  "$@" >"$results/$name.log" 2>&1 && echo "ok" >>"$results/$name.log" || touch "$results/$name.failed"
}
check lint npx eslint --max-warnings 0 . &
lint_pid=$!
check typecheck-web npx tsc -p tsconfig.json --noEmit
check typecheck-server npx tsc -p server/tsconfig.json --noEmit
check format npm run --silent format:check
check depcruise npm run --silent deps:check
wait "$lint_pid"
checks_failed=0
for name in typecheck-web typecheck-server lint format depcruise; do
  step "${check_title[$name]}"
  cat "$results/$name.log"
  [[ -f "$results/$name.failed" ]] && checks_failed=$((checks_failed + 1))
done
echo "$checks_failed 5" > "$results/checks-failed"

step "unit and server tests (Vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json"
vitest_rc=$?

step "browser tests (Playwright, Debian Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json
playwright_rc=$?

node scripts/test-summary.mjs "$results" "$vitest_rc" "$playwright_rc"
