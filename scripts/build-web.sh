#!/usr/bin/env bash
# Builds the web app (dist/) when any of its sources is newer than the last build; quick when nothing changed.
# Used by scripts/setup.sh (npm start, npm test) and by the browser tests' server, so one build serves both.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/node-env.sh
. scripts/node-env.sh
stamp=dist/.build-stamp
if [[ ! -f "$stamp" ]] || [[ -n "$(find src workers public index.html vite.config.ts lingui.config.ts tsconfig.json package-lock.json -newer "$stamp" -print -quit 2>/dev/null)" ]]; then
  printf '\033[1m[setup]\033[0m %s\n' "building the web app"
  # The PWA plugin (workbox-build) writes the service worker in a temporary folder it leaves: give it one of ours.
  # NODE_ENV=production: under NODE_ENV=test (the browser tests' environment) Vite would make a development build.
  build_tmp=$(mktemp -d)
  build_rc=0
  TMPDIR="$build_tmp" NODE_ENV=production npx vite build --logLevel warn || build_rc=$?
  rm -rf "$build_tmp"
  [[ $build_rc -eq 0 ]] || exit "$build_rc"
  touch "$stamp"
fi
