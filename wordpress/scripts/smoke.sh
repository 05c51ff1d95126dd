#!/usr/bin/env bash
# Smoke checks of the loopback WordPress started by `npm run wordpress:up`:
#   1. the plugin's PHP parses, its sanitisers pass their unit checks (plain php-cli), and the
#      installable zip holds the plugin;
#   2. smoke.mjs: REST endpoints and counts against content/, the plugin's fields, writes with the
#      application password (a draft; 400 on a bad page_structure), the signed purge webhook on a
#      loopback listener, a failing gateway not blocking saves, private enquiries.
set -euo pipefail
# shellcheck source=wordpress/scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ -s "$CREDENTIALS" ] || die "no $CREDENTIALS: run npm run wordpress:up first"
http_get "$WP_URL/wp-json/wp/v2/posts?per_page=1&_fields=id" >/dev/null ||
  die "WordPress does not answer at $WP_URL: run npm run wordpress:up first"

log "php -l on the plugin, theme and scripts"
while IFS= read -r -d '' file; do
  php -l "$file" >/dev/null || die "syntax error in $file"
done < <(find "$WP_DIR" -name '*.php' -print0)

log "sanitiser unit checks"
php "$WP_DIR/test/php/fields-test.php"

log "enquiry notification and Yoast mapping unit checks"
WORDPRESS_ROOT="$WP_ROOT" php "$WP_DIR/test/php/notify-test.php"
php "$WP_DIR/test/php/yoast-test.php"

log "purge webhook unit checks"
php "$WP_DIR/test/php/webhook-test.php"

log "preview link unit checks"
php "$WP_DIR/test/php/preview-test.php"

log "installable zip"
bash "$WP_DIR/scripts/build-zip.sh"
php -r '
  $zip = glob($argv[1] . "/lawfirm-companion-*.zip")[0] ?? "";
  $names = [];
  foreach (new RecursiveIteratorIterator(new PharData($zip)) as $file) {
    $names[] = substr($file->getPathname(), strlen("phar://" . $zip . "/"));
  }
  foreach (["lawfirm-companion/lawfirm-companion.php", "lawfirm-companion/fields.json", "lawfirm-companion/includes/webhook.php"] as $need) {
    if (!in_array($need, $names, true)) { fwrite(STDERR, "zip lacks $need\n"); exit(1); }
  }
  echo count($names), " files under lawfirm-companion/ in ", basename($zip), "\n";
' "$WP_DIR/dist"

log "HTTP checks against $WP_URL"
node "$WP_DIR/scripts/smoke.mjs"
