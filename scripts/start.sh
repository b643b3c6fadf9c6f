#!/usr/bin/env bash
# `npm start`: set up what is missing, apply migrations (at start-up) and serve the PWA and the API with the
# media worker on http://127.0.0.1:${PORT:-8080}.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node-env.sh
bash scripts/setup.sh
exec node --import tsx server/src/main.ts
