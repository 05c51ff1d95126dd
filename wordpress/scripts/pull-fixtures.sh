#!/usr/bin/env bash
# Regenerates the recorded content snapshot (content/: what the embedded source and the tests' fake
# WordPress serve) from a real WordPress, so the fake cannot drift from reality.
#
#   bash wordpress/scripts/pull-fixtures.sh              pull, compare with content/, replace content/
#   bash wordpress/scripts/pull-fixtures.sh --check      pull, compare with content/, leave it alone
#                                                        (exit 1 when the content differs)
#   bash wordpress/scripts/pull-fixtures.sh --out DIR    pull into DIR instead of a temporary folder
#   bash wordpress/scripts/pull-fixtures.sh --force      replace content/ even when the pulled snapshot
#                                                        lacks fields content/ has
#
# The WordPress is WORDPRESS_URL, else the loopback one of `npm run wordpress:up`. The pull itself is
# `npm run content:pull` (gateway/src/tools/content-pull.ts) into a folder of its own; content/ is only
# replaced once the pull has passed content/check.mjs and the comparison has been printed.
set -euo pipefail
# shellcheck source=wordpress/scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

check=0
force=0
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --check) check=1 ;;
    --force) force=1 ;;
    --out)
      [ $# -ge 2 ] || die "--out needs a folder"
      out="$2"
      shift
      ;;
    *) die "unknown option $1 (use --check, --out DIR, --force)" ;;
  esac
  shift
done

if [ -z "${WORDPRESS_URL:-}" ]; then
  [ -s "$CREDENTIALS" ] || die "set WORDPRESS_URL, or run npm run wordpress:up first"
  WORDPRESS_URL=$(sed -n 's/^WORDPRESS_URL=//p' "$CREDENTIALS")
fi
http_get "$WORDPRESS_URL/wp-json/wp/v2/posts?per_page=1&_fields=id" >/dev/null 2>&1 ||
  die "WordPress does not answer at $WORDPRESS_URL"

if [ -n "$out" ]; then
  mkdir -p "$out"
  [ -z "$(ls -A "$out")" ] || die "$out is not empty"
  dest=$(cd "$out" && pwd)
else
  dest=$(mktemp -d "${TMPDIR:-/tmp}/content-pull.XXXXXX")
  trap 'rm -rf "$dest"' EXIT
fi

log "pulling $WORDPRESS_URL into $dest"
(cd "$REPO_ROOT" && WORDPRESS_URL="$WORDPRESS_URL" CONTENT_DIR="$dest" npm run --silent content:pull) ||
  die "content:pull failed (exit $?)"
node "$REPO_ROOT/content/check.mjs" "$dest" || die "the pulled snapshot fails content/check.mjs"

status=0
(cd "$REPO_ROOT" && npx --no-install tsx wordpress/contract/snapshot-report.ts content "$dest") || status=$?
case "$status" in
  0 | 2) ;;
  *) [ "$check" = 0 ] || die "the pulled snapshot differs from content/" ;;
esac

if [ "$check" = 1 ]; then
  log "check done: content/ left as it is"
  exit 0
fi
if [ -n "$out" ]; then
  log "snapshot written to $dest; content/ left as it is"
  exit 0
fi
if [ "$status" = 2 ] && [ "$force" = 0 ]; then
  die "the pulled snapshot lacks fields content/ has (listed above); rerun with --force to replace content/ anyway"
fi

for part in wp uploads manifest.json; do
  rm -rf "$REPO_ROOT/content/$part.previous"
  [ ! -e "$REPO_ROOT/content/$part" ] || mv "$REPO_ROOT/content/$part" "$REPO_ROOT/content/$part.previous"
  cp -R "$dest/$part" "$REPO_ROOT/content/$part"
  rm -rf "$REPO_ROOT/content/$part.previous"
done
log "content/ replaced from $WORDPRESS_URL (review with git diff --stat content/)"
