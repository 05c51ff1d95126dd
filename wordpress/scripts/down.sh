#!/usr/bin/env bash
# npm run wordpress:down — stops the PHP server and MariaDB that up.sh started, by their pid
# files. Data stays in .run/wordpress/ for a fast next `up`; `--purge` also deletes it (and this
# checkout's /etc/wordpress config files), so the next `up` starts from nothing.
set -euo pipefail
# shellcheck source=wordpress/scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

purge=0
[ "${1:-}" = "--purge" ] && purge=1

# Waits up to $2 tenths of a second for pid $1 to exit.
wait_gone() {
  for _ in $(seq 1 "$2"); do
    pid_alive "$1" || return 0
    sleep 0.1
  done
  return 1
}

php_pid=$(pid_from "$PHP_PID")
if pid_alive "$php_pid" && tr '\0' ' ' <"/proc/$php_pid/cmdline" 2>/dev/null | grep -q -- "-S 127.0.0.1:"; then
  # up.sh started it with setsid: the server leads its own process group, workers included.
  kill -TERM -- "-$php_pid" 2>/dev/null || kill -TERM "$php_pid"
  wait_gone "$php_pid" 50 || kill -KILL -- "-$php_pid" 2>/dev/null || true
  log "PHP server stopped (pid $php_pid)"
else
  log "PHP server not running"
fi
rm -f "$PHP_PID"

mysql_pid=$(pid_from "$MYSQL_PID")
if pid_alive "$mysql_pid" && [ "$(cat "/proc/$mysql_pid/comm" 2>/dev/null)" = mariadbd ]; then
  kill -TERM "$mysql_pid"
  wait_gone "$mysql_pid" 300 || die "MariaDB (pid $mysql_pid) did not stop within 30 s"
  log "MariaDB stopped (pid $mysql_pid)"
else
  log "MariaDB not running"
fi
rm -f "$MYSQL_PID"

if [ "$purge" = 1 ]; then
  for host in 127.0.0.1 localhost; do
    target="/etc/wordpress/config-$host.php"
    if [ -f "$target" ] && grep -qF "$RUN_DIR/wp-config-local.php" "$target"; then
      as_root rm -f "$target"
    fi
  done
  rm -rf "$RUN_DIR"
  [ "${#MYSQL_SOCK}" -gt 0 ] && rm -f "$MYSQL_SOCK"
  log "removed $RUN_DIR"
fi
