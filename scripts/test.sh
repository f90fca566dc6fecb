#!/usr/bin/env bash
# `npm test`: the whole suite in three stages, each under a time limit. The first stage that fails ends the run, and
# under CI a suite stops at its first failing test. The limits end a hang; they are not speed checks (a slow day can
# take half again as long as an ordinary one, docs/decisions.md "How the suites share two cores").
set -uo pipefail
cd "$(dirname "$0")/.."

BAIL=()
if [ -n "${CI:-}" ]; then BAIL=(--bail=1); fi

declare -a DONE=()

table() {
  printf '\n%-24s %8s %8s\n' stage seconds limit
  for row in "${DONE[@]}"; do printf '%-24s %8s %8s\n' $row; done
}

# stage NAME LIMIT_SECONDS COMMAND...
stage() {
  local name=$1 limit=$2 started=$SECONDS code=0
  shift 2
  echo "test: $name (at most $limit s)"
  timeout --kill-after=15 "$limit" "$@" || code=$?
  DONE+=("$name $((SECONDS - started)) $limit")
  if [ "$code" -ne 0 ]; then
    table
    if [ "$code" -eq 124 ]; then echo "test: $name went past its $limit s limit"; else echo "test: $name failed"; fi
    exit "$code"
  fi
}

# The checks and both builds side by side: the type checks, the linter, the electron scanner and the builds each keep
# about one core busy, and two cores finish them together sooner than one after another. The unit tests come after, on
# their own: their screens wait a second for what they look for, which a machine this busy can miss.
stage checks-and-builds 480 npx concurrently --group --kill-others-on-fail \
  --names types-node,types-web,lint,electron-security,build-web,build-desktop \
  "tsc -p tsconfig.node.json --noEmit" \
  "tsc -p tsconfig.web.json --noEmit" \
  "npm run lint" \
  "tsx scripts/electronegativity.ts" \
  "vite build --config vite.web.config.ts --logLevel warn && vite build --config vite.web.config.ts --ssr --logLevel warn" \
  "electron-vite build --logLevel warn"
stage unit 300 npx vitest run --project unit --maxWorkers=2 "${BAIL[@]}"
stage integration 780 npx vitest run --project integration --maxWorkers=2 "${BAIL[@]}"
stage end-to-end 1500 npx vitest run --project e2e --maxWorkers=2 "${BAIL[@]}"
table
