#!/usr/bin/env bash
# Builds the installable plugin zip (Plugins > Add New > Upload Plugin):
#   wordpress/dist/lawfirm-companion-<version>.zip, with lawfirm-companion/ at its root.
# Uses `zip` when present, else Python's zipfile, else PHP's PharData.
set -euo pipefail
# shellcheck source=wordpress/scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

src="$WP_DIR/plugin"
version=$(sed -n "s/^ \* Version: *\([0-9][0-9.]*\)$/\1/p" "$src/lawfirm-companion/lawfirm-companion.php")
[ -n "$version" ] || die "no Version in the plugin header"
out_dir="$WP_DIR/dist"
out="$out_dir/lawfirm-companion-$version.zip"
mkdir -p "$out_dir"
rm -f "$out"

# Only what a WordPress needs: PHP, the field definitions, the readme.
mapfile -t files < <(cd "$src" && find lawfirm-companion -type f \( -name '*.php' -o -name '*.json' -o -name 'readme.txt' \) | LC_ALL=C sort)
[ "${#files[@]}" -gt 0 ] || die "no plugin files under $src"

if command -v zip >/dev/null 2>&1; then
  (cd "$src" && zip -q -X "$out" "${files[@]}")
elif command -v python3 >/dev/null 2>&1; then
  (cd "$src" && python3 -c 'import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    [z.write(f) for f in sys.argv[2:]]' "$out" "${files[@]}")
else
  (cd "$src" && php -r '$z = new PharData($argv[1]); foreach (array_slice($argv, 2) as $f) { $z->addFile($f, $f); }' "$out" "${files[@]}")
fi
log "built $out (${#files[@]} files)"
