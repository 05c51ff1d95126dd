#!/usr/bin/env bash
# npm run test:wordpress — the gateway's contract suite (wordpress/contract/*.test.ts) against the
# loopback WordPress that `npm run wordpress:up` started. The suite writes posts (and deletes them),
# points the purge webhook at gateways it starts, and stops and restarts the PHP server once; it
# leaves WordPress running with the webhook settings it found. Extra arguments go to vitest
# (e.g. a file name). The figures it measures are listed at the end.
set -euo pipefail
# shellcheck source=wordpress/scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ -s "$CREDENTIALS" ] || die "no $CREDENTIALS: run npm run wordpress:up first"
set -a
# shellcheck disable=SC1090
source "$CREDENTIALS"
set +a
http_get "$WORDPRESS_URL/wp-json/wp/v2/posts?per_page=1&_fields=id" >/dev/null 2>&1 ||
  die "WordPress does not answer at $WORDPRESS_URL: run npm run wordpress:up first"

figures=$(mktemp "${TMPDIR:-/tmp}/contract-figures.XXXXXX")
trap 'rm -f "$figures"' EXIT

status=0
(cd "$REPO_ROOT" && CONTRACT_FIGURES="$figures" npx --no-install vitest run \
  --config wordpress/contract/vitest.config.ts "$@") || status=$?

if [ -s "$figures" ]; then
  log "figures"
  node -e '
    const lines = require("node:fs").readFileSync(process.argv[1], "utf8").trim().split("\n");
    for (const line of lines) {
      const { name, value } = JSON.parse(line);
      console.log(`  ${name}: ${value}`);
    }
  ' "$figures"
fi
exit "$status"
