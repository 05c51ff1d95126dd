#!/usr/bin/env bash
# npm run wordpress:up — a real WordPress (Debian's packages) with MariaDB on loopback, the
# companion plugin as a must-use plugin, seeded from content/. State lives in .run/wordpress/;
# a second run reuses it and only starts what is not running.
#
# Environment: WORDPRESS_PORT (8080), WORDPRESS_DB_PORT (3307), WORDPRESS_PURGE_URL and
# PURGE_SECRET (the gateway's purge endpoint and its shared secret; unset = no webhook),
# WORDPRESS_RESEED=1 (seed even when content/ is unchanged).
set -euo pipefail
# shellcheck source=wordpress/scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
export PATH="$PATH:/usr/sbin:/sbin"

T_START=$(now_ms)
T_PHASE=$T_START
TIMINGS=()
phase_done() {
  local t
  t=$(now_ms)
  TIMINGS+=("$1 $(((t - T_PHASE)))ms")
  T_PHASE=$t
}

# --- 1. packages ------------------------------------------------------------------------------
missing=()
for bin in php mariadbd mariadb-install-db mariadb mariadb-admin; do
  command -v "$bin" >/dev/null 2>&1 || missing+=("$bin")
done
[ -f "$WP_ROOT/wp-load.php" ] || missing+=("wordpress")
if command -v php >/dev/null 2>&1; then
  php -r 'foreach (["mysqli", "gd", "dom", "mbstring"] as $e) { if (!extension_loaded($e)) { echo "php-$e "; } }' |
    grep -q . && missing+=("php extensions")
fi
if [ "${#missing[@]}" -gt 0 ]; then
  log "installing packages (missing: ${missing[*]})"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update
  # Without the exclusions apt pulls in Apache and mod-php (87 packages instead of ~41).
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    php-fpm nginx-light php-cli php-mysql php-gd php-xml php-mbstring mariadb-server wordpress \
    apache2- libapache2-mod-php8.2- libapache2-mod-php-
fi
phase_done packages

# --- 2. folders -------------------------------------------------------------------------------
mkdir -p "$RUN_DIR" "$LOG_DIR" "$MYSQL_RUN" "$DB_DIR" \
  "$CONTENT_DIR_WP"/{mu-plugins,plugins,themes,uploads,upgrade}
chmod 700 "$RUN_DIR"
ln -sfn "$WP_DIR/plugin/lawfirm-companion" "$CONTENT_DIR_WP/mu-plugins/lawfirm-companion"
ln -sfn "$WP_DIR/plugin/lawfirm-companion-loader.php" "$CONTENT_DIR_WP/mu-plugins/lawfirm-companion-loader.php"
ln -sfn "$WP_DIR/local/lawfirm-local.php" "$CONTENT_DIR_WP/mu-plugins/lawfirm-local.php"
ln -sfn "$WP_DIR/theme/lawfirm-headless" "$CONTENT_DIR_WP/themes/lawfirm-headless"

if [ ! -s "$SECRETS" ]; then
  rand() { head -c 32 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c "$1"; }
  umask 077
  printf 'DB_PASSWORD=%s\nADMIN_PASSWORD=%s\n' "$(rand 24)" "$(rand 20)" >"$SECRETS"
  umask 022
fi
# shellcheck disable=SC1090
source "$SECRETS"

# MariaDB refuses to run as root unless told to; as root it runs as `mysql`, which must be able
# to reach the data folder (a checkout under a private home directory is not reachable).
MYSQLD_USER_OPT=()
if [ "$(id -u)" -eq 0 ]; then
  chmod 711 "$RUN_DIR"
  if id mysql >/dev/null 2>&1 && runuser -u mysql -- test -x "$RUN_DIR" 2>/dev/null; then
    chown -R mysql:mysql "$DB_DIR" "$MYSQL_RUN"
    MYSQLD_USER_OPT=(--user=mysql)
  else
    log "the mysql user cannot reach $RUN_DIR: running MariaDB as root"
    MYSQLD_USER_OPT=(--user=root)
  fi
fi
phase_done folders

# --- 3. MariaDB -------------------------------------------------------------------------------
mysql_root() { mariadb --no-defaults --socket="$MYSQL_SOCK" -uroot "$@"; }

if [ ! -d "$DB_DIR/mysql" ]; then
  log "initialising MariaDB data in $DB_DIR"
  find "$DB_DIR" -mindepth 1 -delete
  mariadb-install-db --no-defaults "${MYSQLD_USER_OPT[@]}" --datadir="$DB_DIR" \
    --auth-root-authentication-method=socket --auth-root-socket-user="$(id -un)" \
    --skip-test-db >"$LOG_DIR/mariadb-install.log" 2>&1 ||
    die "mariadb-install-db failed, see $LOG_DIR/mariadb-install.log"
fi

mysql_pid=$(pid_from "$MYSQL_PID")
if pid_alive "$mysql_pid" && [ "$(cat "/proc/$mysql_pid/comm" 2>/dev/null)" = mariadbd ]; then
  [ -f "$RUN_DIR/db.port" ] && [ "$(cat "$RUN_DIR/db.port")" != "$DB_PORT" ] &&
    die "MariaDB already runs on port $(cat "$RUN_DIR/db.port"); run npm run wordpress:down first"
  log "MariaDB already running (pid $mysql_pid)"
else
  port_busy "$DB_PORT" && die "port $DB_PORT is taken by another program (set WORDPRESS_DB_PORT)"
  rm -f "$MYSQL_PID" "$MYSQL_SOCK"
  # Durability traded for speed: this database is rebuilt from content/ at will.
  setsid mariadbd --no-defaults "${MYSQLD_USER_OPT[@]}" --datadir="$DB_DIR" \
    --socket="$MYSQL_SOCK" --pid-file="$MYSQL_PID" --port="$DB_PORT" --bind-address=127.0.0.1 \
    --skip-name-resolve --log-error="$LOG_DIR/mariadb.err" \
    --innodb-buffer-pool-size=64M --innodb-flush-log-at-trx-commit=2 --skip-log-bin \
    </dev/null >/dev/null 2>&1 &
  started_pid=$!
  echo "$DB_PORT" >"$RUN_DIR/db.port"
  for _ in $(seq 1 150); do
    mariadb-admin --no-defaults --socket="$MYSQL_SOCK" -uroot ping >/dev/null 2>&1 && break
    pid_alive "$started_pid" || {
      tail -n 20 "$LOG_DIR/mariadb.err" >&2 || true
      die "MariaDB exited during start-up"
    }
    sleep 0.1
  done
  mariadb-admin --no-defaults --socket="$MYSQL_SOCK" -uroot ping >/dev/null 2>&1 ||
    die "MariaDB did not answer within 15 s, see $LOG_DIR/mariadb.err"
  [ -s "$MYSQL_PID" ] || echo "$started_pid" >"$MYSQL_PID"
  log "MariaDB started on 127.0.0.1:$DB_PORT (pid $(pid_from "$MYSQL_PID"))"
fi

mysql_root <<SQL
CREATE DATABASE IF NOT EXISTS \`wordpress\` DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;
CREATE USER IF NOT EXISTS 'wordpress'@'127.0.0.1' IDENTIFIED BY '$DB_PASSWORD';
CREATE USER IF NOT EXISTS 'wordpress'@'localhost' IDENTIFIED BY '$DB_PASSWORD';
ALTER USER 'wordpress'@'127.0.0.1' IDENTIFIED BY '$DB_PASSWORD';
ALTER USER 'wordpress'@'localhost' IDENTIFIED BY '$DB_PASSWORD';
GRANT ALL PRIVILEGES ON \`wordpress\`.* TO 'wordpress'@'127.0.0.1';
GRANT ALL PRIVILEGES ON \`wordpress\`.* TO 'wordpress'@'localhost';
SQL
phase_done mariadb

# --- 4. configuration -------------------------------------------------------------------------
RUN_DIR="$RUN_DIR" WP_PORT="$WP_PORT" DB_PORT="$DB_PORT" DB_PASSWORD="$DB_PASSWORD" \
  WORDPRESS_PURGE_URL="${WORDPRESS_PURGE_URL:-}" PURGE_SECRET="${PURGE_SECRET:-}" \
  php "$WP_DIR/scripts/write-config.php"
for host in 127.0.0.1 localhost; do
  target="/etc/wordpress/config-$host.php"
  if ! cmp -s "$RUN_DIR/etc/config-$host.php" "$target"; then
    if [ -f "$target" ] && ! grep -q "LAWFIRM_WP_HOST" "$target"; then
      as_root cp "$target" "$target.before-lawfirm"
      log "kept the previous $target as $target.before-lawfirm"
    fi
    as_root install -D -m 644 "$RUN_DIR/etc/config-$host.php" "$target"
  fi
done
phase_done config

# --- 5. PHP's built-in server -----------------------------------------------------------------
php_pid=$(pid_from "$PHP_PID")
if pid_alive "$php_pid" && tr '\0' ' ' <"/proc/$php_pid/cmdline" 2>/dev/null | grep -q -- "-S 127.0.0.1:"; then
  [ "$(cat "$RUN_DIR/php-server.port" 2>/dev/null)" = "$WP_PORT" ] ||
    die "WordPress already runs on port $(cat "$RUN_DIR/php-server.port"); run npm run wordpress:down first"
  log "PHP server already running (pid $php_pid)"
else
  port_busy "$WP_PORT" && die "port $WP_PORT is taken by another program (set WORDPRESS_PORT)"
  # Its own session, so the server and its workers outlive this script and stop together.
  PHP_CLI_SERVER_WORKERS=4 LAWFIRM_WP_RUN_DIR="$RUN_DIR" setsid php \
    -d opcache.enable_cli=1 -d opcache.validate_timestamps=1 -d opcache.revalidate_freq=0 \
    -d memory_limit=256M -d upload_max_filesize=64M -d post_max_size=64M \
    -d display_errors=0 -d log_errors=1 -d error_log="$LOG_DIR/php-error.log" \
    -S "$WP_HOST:$WP_PORT" -t "$WP_ROOT" "$WP_DIR/scripts/router.php" \
    </dev/null >>"$LOG_DIR/php-server.log" 2>&1 &
  echo $! >"$PHP_PID"
  echo "$WP_PORT" >"$RUN_DIR/php-server.port"
  log "PHP server started on $WP_URL (pid $(cat "$PHP_PID"))"
fi
phase_done server

# --- 6. install and settings ------------------------------------------------------------------
LAWFIRM_WP_URL="$WP_URL" LAWFIRM_WP_ROOT="$WP_ROOT" LAWFIRM_CREDENTIALS="$CREDENTIALS" \
  LAWFIRM_ADMIN_PASSWORD="$ADMIN_PASSWORD" php "$WP_DIR/scripts/install.php" |
  sed 's/^/[wordpress] /'
phase_done install

# --- 7. seed ----------------------------------------------------------------------------------
content_hash() {
  {
    [ -d "$REPO_ROOT/content" ] && (cd "$REPO_ROOT" && find content -type f -print0 | sort -z | xargs -0 -r sha1sum)
    sha1sum "$WP_DIR/seed/seed.php" "$WP_DIR/plugin/lawfirm-companion/fields.json"
  } | sha1sum | cut -d' ' -f1
}
hash=$(content_hash)
if [ "${WORDPRESS_RESEED:-0}" != 1 ] && [ -f "$RUN_DIR/seed.sha1" ] && [ "$(cat "$RUN_DIR/seed.sha1")" = "$hash" ]; then
  log "seed: content/ unchanged since the last seed, skipped (WORDPRESS_RESEED=1 forces it)"
else
  HTTP_HOST="$WP_HOST:$WP_PORT" WORDPRESS_ROOT="$WP_ROOT" php "$WP_DIR/seed/seed.php" |
    sed 's/^/[wordpress] /'
  echo "$hash" >"$RUN_DIR/seed.sha1"
fi
phase_done seed

# --- 8. ready? --------------------------------------------------------------------------------
for _ in $(seq 1 100); do
  http_get "$WP_URL/wp-json/wp/v2/posts?per_page=1&_fields=id" >/dev/null 2>&1 && break
  sleep 0.1
done
http_get "$WP_URL/wp-json/wp/v2/posts?per_page=1&_fields=id" >/dev/null ||
  die "WordPress does not answer $WP_URL/wp-json/wp/v2/posts; see $LOG_DIR/php-server.log and $LOG_DIR/wp-debug.log"
phase_done ready

log "timings: ${TIMINGS[*]}; total $(($(now_ms) - T_START))ms"
log "WordPress is up: $WP_URL (REST $WP_URL/wp-json/wp/v2/, admin $WP_URL/wp-admin/)"
log "credentials: $CREDENTIALS"
