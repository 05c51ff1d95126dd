<?php
/**
 * Writes the configuration of the loopback WordPress (run by up.sh with php-cli):
 *
 *   RUN_DIR/wp-config-local.php   database, keys, paths and constants (mode 600)
 *   RUN_DIR/salts.php             authentication keys, generated once and kept
 *   RUN_DIR/purge.php             the purge webhook's URL and secret, from the environment
 *   RUN_DIR/etc/config-<host>.php what Debian's wp-config.php looks up in /etc/wordpress;
 *                                 up.sh installs them there (root owns /etc)
 *
 * Environment: RUN_DIR, WP_PORT, DB_PORT, DB_PASSWORD, WORDPRESS_PURGE_URL, PURGE_SECRET.
 * Values are written with var_export(), so paths and secrets cannot break the PHP.
 */

$env = static function ( string $name, ?string $default = null ): string {
	$value = getenv( $name );
	if ( false === $value || '' === $value ) {
		if ( null === $default ) {
			fwrite( STDERR, "write-config.php: {$name} is not set\n" );
			exit( 2 );
		}
		return $default;
	}
	return $value;
};

$run         = rtrim( $env( 'RUN_DIR' ), '/' );
$wp_port     = (int) $env( 'WP_PORT' );
$db_port     = (int) $env( 'DB_PORT' );
$db_password = $env( 'DB_PASSWORD' );
$purge_url   = $env( 'WORDPRESS_PURGE_URL', '' );
$secret      = $env( 'PURGE_SECRET', '' );
$repo        = dirname( __DIR__, 2 );

$write = static function ( string $file, string $text, int $mode ) {
	if ( is_file( $file ) && file_get_contents( $file ) === $text ) {
		return false;
	}
	$tmp = $file . '.tmp';
	file_put_contents( $tmp, $text );
	chmod( $tmp, $mode );
	rename( $tmp, $file );
	return true;
};
$php = static fn( $value ): string => var_export( $value, true );

@mkdir( $run . '/etc', 0755, true );

$salts_file = $run . '/salts.php';
if ( ! is_file( $salts_file ) ) {
	$lines = array( "<?php\n// Authentication keys of the loopback WordPress, generated once by write-config.php.\n" );
	foreach ( array( 'AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT' ) as $key ) {
		$lines[] = sprintf( "define( %s, %s );\n", $php( $key ), $php( bin2hex( random_bytes( 32 ) ) ) );
	}
	$write( $salts_file, implode( '', $lines ), 0600 );
}

$purge = "<?php\n// Purge webhook of the loopback WordPress, from WORDPRESS_PURGE_URL and PURGE_SECRET at the last `npm run wordpress:up`.\n";
if ( '' !== $purge_url ) {
	$purge .= sprintf( "define( 'LAWFIRM_PURGE_URL', %s );\n", $php( $purge_url ) );
}
if ( '' !== $secret ) {
	$purge .= sprintf( "define( 'LAWFIRM_PURGE_SECRET', %s );\n", $php( $secret ) );
}
$write( $run . '/purge.php', $purge, 0600 );

$content = $run . '/wp-content';
$logs    = $run . '/logs';
$config  = <<<PHP
<?php
// Loopback WordPress of {$repo}, written by wordpress/scripts/up.sh (rewritten on every run).
// Included from /etc/wordpress/config-<host>.php, which sets LAWFIRM_WP_HOST first.

define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'wordpress' );
define( 'DB_PASSWORD', {$php( $db_password )} );
define( 'DB_HOST', {$php( '127.0.0.1:' . $db_port )} );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
\$table_prefix = 'wp_';

require __DIR__ . '/salts.php';

define( 'WP_HOME', 'http://' . LAWFIRM_WP_HOST . {$php( ':' . $wp_port )} );
define( 'WP_SITEURL', WP_HOME );
define( 'WP_CONTENT_DIR', {$php( $content )} );
define( 'WP_CONTENT_URL', WP_HOME . '/wp-content' );

// Application passwords over plain http need the 'local' environment.
define( 'WP_ENVIRONMENT_TYPE', 'local' );
define( 'DISABLE_WP_CRON', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'WP_ACCESSIBLE_HOSTS', '127.0.0.1,localhost' );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );
define( 'WP_ALLOW_MULTISITE', false );
define( 'DISALLOW_FILE_EDIT', true );
define( 'FS_METHOD', 'direct' );

define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', {$php( $logs . '/wp-debug.log' )} );
define( 'LAWFIRM_MAIL_LOG', {$php( $logs . '/mail.log' )} );

require __DIR__ . '/purge.php';

PHP;
$write( $run . '/wp-config-local.php', $config, 0600 );

foreach ( array( '127.0.0.1', 'localhost' ) as $host ) {
	$text = "<?php\n// Loopback WordPress of {$repo}: written by its wordpress/scripts/up.sh.\n"
		. sprintf( "define( 'LAWFIRM_WP_HOST', %s );\n", $php( $host ) )
		. sprintf( "require %s;\n", $php( $run . '/wp-config-local.php' ) );
	$write( $run . '/etc/config-' . $host . '.php', $text, 0644 );
}
