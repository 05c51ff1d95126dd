# Shared settings of the loopback WordPress scripts (sourced by up.sh, down.sh, smoke.sh).
# Everything the scripts create lives under $RUN_DIR, except Debian's per-host config files
# in /etc/wordpress, which Debian's wp-config.php insists on.

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WP_DIR="$REPO_ROOT/wordpress"
RUN_DIR="${LAWFIRM_WP_RUN_DIR:-$REPO_ROOT/.run/wordpress}"
WP_ROOT="${WORDPRESS_ROOT:-/usr/share/wordpress}"
WP_PORT="${WORDPRESS_PORT:-8080}"
DB_PORT="${WORDPRESS_DB_PORT:-3307}"
WP_HOST=127.0.0.1
WP_URL="http://$WP_HOST:$WP_PORT"

DB_DIR="$RUN_DIR/db"
MYSQL_RUN="$RUN_DIR/mysqld"
MYSQL_PID="$MYSQL_RUN/mysqld.pid"
PHP_PID="$RUN_DIR/php-server.pid"
LOG_DIR="$RUN_DIR/logs"
CONTENT_DIR_WP="$RUN_DIR/wp-content"
CREDENTIALS="$RUN_DIR/credentials.env"
SECRETS="$RUN_DIR/secrets.env"
PURGE_CONFIG="$RUN_DIR/purge.php"

# A unix socket path may not exceed ~107 bytes; deep checkouts fall back to /tmp.
MYSQL_SOCK="$MYSQL_RUN/mysqld.sock"
if [ "${#MYSQL_SOCK}" -gt 100 ]; then
  MYSQL_SOCK="/tmp/lawfirm-wp-$(printf '%s' "$RUN_DIR" | sha1sum | cut -c1-12).sock"
fi

log() { printf '[wordpress] %s\n' "$*"; }
die() {
  printf '[wordpress] error: %s\n' "$*" >&2
  exit 1
}

# Milliseconds since the epoch, for the phase timings.
now_ms() { date +%s%3N; }

# Root runs commands directly; anyone else through sudo (CI runners without root have it).
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# True when a process with this pid is alive.
pid_alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }

pid_from() { [ -s "$1" ] && tr -dc '0-9' <"$1" || true; }

# True when something accepts TCP connections on 127.0.0.1:$1.
port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# GET a URL; prints the body, fails on a non-2xx status. curl when present, else PHP.
http_get() {
  if command -v curl >/dev/null 2>&1; then
    curl -fsS --max-time 10 "$1"
  else
    php -r '$b = @file_get_contents($argv[1], false, stream_context_create(["http" => ["timeout" => 10]]));
      if ($b === false) { exit(1); } echo $b;' "$1"
  fi
}
