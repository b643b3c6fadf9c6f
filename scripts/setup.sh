#!/usr/bin/env bash
# Prepares this machine for Tarjama: Debian packages, npm dependencies, the web build.
# Usage: scripts/setup.sh [--test]   (--test adds what the test suite needs: Chromium, LibreOffice, PostgreSQL)
# Idempotent and quick when nothing changed. Not root or not Debian: prints the exact install command and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/node-env.sh
. scripts/node-env.sh

RUNTIME_PACKAGES=(ffmpeg pocketsphinx pocketsphinx-en-us apertium apertium-eng-spa apertium-fr-es apertium-es-pt apertium-spa-ita espeak-ng flite rubberband-cli yt-dlp fonts-noto-core fonts-noto-cjk)
TEST_PACKAGES=(chromium libreoffice-writer fonts-dejavu-core postgresql)

want=("${RUNTIME_PACKAGES[@]}")
[[ "${1:-}" == "--test" ]] && want+=("${TEST_PACKAGES[@]}")

log() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

# 1. Debian packages
missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
  if [[ $(id -u) -ne 0 || ! -x /usr/bin/apt-get || ! -f /etc/debian_version ]]; then
    echo "Tarjama needs these Debian packages: ${missing[*]}" >&2
    echo "Install them with:" >&2
    echo "  sudo sh -c '$cmd'" >&2
    exit 1
  fi
  # In the background, beside npm ci and the web build, which need none of them (on a fresh machine the two
  # installs took 28 s and 31 s one after the other); waited for at the end, its output shown only when it fails.
  log "installing Debian packages: ${missing[*]}"
  apt_log=$(mktemp)
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}") \
    >"$apt_log" 2>&1 &
  apt_pid=$!
  # Whatever ends this script (a failed npm ci included) waits for dpkg first: never a half-configured package.
  trap 'wait "$apt_pid" 2>/dev/null || true; rm -f "$apt_log"' EXIT
fi

# 2. npm dependencies, when missing or stale against the lockfile (or installed under another Node.js).
# `npm ci`: exactly the committed lockfile (it lists every platform's optional binaries), which it never rewrites.
lock_hash=$( (cat package.json package-lock.json; node -v) | sha256sum | cut -c1-16)
if [[ ! -f node_modules/.tarjama-lock-hash || "$(cat node_modules/.tarjama-lock-hash)" != "$lock_hash" ]]; then
  log "installing npm dependencies (npm ci, Node.js $(node -v))"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$lock_hash" > node_modules/.tarjama-lock-hash
fi

# 3. The web app build, when any of its sources is newer than the last build.
bash scripts/build-web.sh

# 4. The Debian packages of step 1, when they were being installed.
if [[ -n "${apt_pid:-}" ]]; then
  if ! wait "$apt_pid"; then
    cat "$apt_log" >&2
    echo "Installing the Debian packages failed (above): ${missing[*]}" >&2
    exit 1
  fi
  log "Debian packages installed"
fi
