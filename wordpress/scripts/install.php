<?php
/**
 * Installs the loopback WordPress without HTTP (the web installer deadlocks a one-worker
 * `php -S`), then brings it to the state the project expects, on every run:
 *  - pretty permalinks /%postname%/, the headless theme, Asia/Kolkata, comments closed;
 *  - the `editor-bot` administrator with the password from secrets.env;
 *  - an application password for editor-bot, reused while it still verifies, written with the
 *    site URL to credentials.env (WORDPRESS_URL, WORDPRESS_USER, WORDPRESS_APP_PASSWORD).
 *
 * Environment: LAWFIRM_WP_URL, LAWFIRM_WP_ROOT, LAWFIRM_CREDENTIALS, LAWFIRM_ADMIN_PASSWORD,
 * WORDPRESS_TITLE (optional).
 */

$lawfirm_url  = getenv( 'LAWFIRM_WP_URL' ) ?: 'http://127.0.0.1:8080';
$lawfirm_root = getenv( 'LAWFIRM_WP_ROOT' ) ?: '/usr/share/wordpress';
$lawfirm_cred = getenv( 'LAWFIRM_CREDENTIALS' ) ?: dirname( __DIR__, 2 ) . '/.run/wordpress/credentials.env';
$lawfirm_pass = (string) getenv( 'LAWFIRM_ADMIN_PASSWORD' );
if ( strlen( $lawfirm_pass ) < 12 ) {
	fwrite( STDERR, "install.php: LAWFIRM_ADMIN_PASSWORD must be set (12+ characters)\n" );
	exit( 2 );
}

$lawfirm_parts = parse_url( $lawfirm_url );
// Debian's wp-config.php picks /etc/wordpress/config-<host>.php from the Host header.
$_SERVER['HTTP_HOST']       = $lawfirm_parts['host'] . ( isset( $lawfirm_parts['port'] ) ? ':' . $lawfirm_parts['port'] : '' );
$_SERVER['SERVER_NAME']     = $lawfirm_parts['host'];
$_SERVER['SERVER_PORT']     = (string) ( $lawfirm_parts['port'] ?? 80 );
$_SERVER['REQUEST_URI']     = '/';
$_SERVER['REQUEST_METHOD']  = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';

// Without this, an uninstalled WordPress answers every load with a redirect to its installer.
define( 'WP_INSTALLING', true );
require $lawfirm_root . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/user.php';

const LAWFIRM_USER     = 'editor-bot';
const LAWFIRM_APP_NAME = 'lawfirm-local';

$lawfirm_started = microtime( true );
$lawfirm_fresh   = false;

if ( ! is_blog_installed() ) {
	// wp_install() probes the site over HTTP to pick a permalink structure; the structure is set
	// below anyway, so skip the round trip.
	add_filter( 'pre_http_request', static fn() => new WP_Error( 'http_request_not_executed', 'offline install' ) );
	$result = wp_install(
		getenv( 'WORDPRESS_TITLE' ) ?: 'Law firm content',
		LAWFIRM_USER,
		'editor-bot@example.com',
		false,
		'',
		$lawfirm_pass
	);
	if ( empty( $result['user_id'] ) ) {
		fwrite( STDERR, "install.php: wp_install() did not create the administrator\n" );
		exit( 1 );
	}
	$lawfirm_fresh = true;
	// The sample post, page, privacy draft and comment would be counted as content.
	foreach ( get_posts(
		array(
			'post_type'   => array( 'post', 'page' ),
			'post_status' => 'any',
			'numberposts' => -1,
		)
	) as $sample ) {
		wp_delete_post( $sample->ID, true );
	}
	update_option( 'wp_page_for_privacy_policy', 0 );
	remove_all_filters( 'pre_http_request' );
}

global $wp_rewrite;
if ( '/%postname%/' !== get_option( 'permalink_structure' ) ) {
	$wp_rewrite->set_permalink_structure( '/%postname%/' );
}
flush_rewrite_rules( false );

foreach ( array(
	'timezone_string'        => 'Asia/Kolkata',
	'date_format'            => 'F j, Y',
	'start_of_week'          => '1',
	'default_comment_status' => 'closed',
	'default_ping_status'    => 'closed',
	'users_can_register'     => '0',
	'blog_public'            => '0',
	'uploads_use_yearmonth_folders' => '1',
) as $lawfirm_option => $lawfirm_value ) {
	if ( (string) get_option( $lawfirm_option ) !== $lawfirm_value ) {
		update_option( $lawfirm_option, $lawfirm_value );
	}
}

$lawfirm_theme = wp_get_theme( 'lawfirm-headless' );
if ( $lawfirm_theme->exists() && get_stylesheet() !== 'lawfirm-headless' ) {
	switch_theme( 'lawfirm-headless' );
}

$lawfirm_user = get_user_by( 'login', LAWFIRM_USER );
if ( ! $lawfirm_user ) {
	$lawfirm_id = wp_insert_user(
		array(
			'user_login'   => LAWFIRM_USER,
			'user_pass'    => $lawfirm_pass,
			'user_email'   => 'editor-bot@example.com',
			'display_name' => 'Editor Bot',
			'role'         => 'administrator',
		)
	);
	if ( is_wp_error( $lawfirm_id ) ) {
		fwrite( STDERR, 'install.php: ' . $lawfirm_id->get_error_message() . "\n" );
		exit( 1 );
	}
	$lawfirm_user = get_user_by( 'id', $lawfirm_id );
}
if ( ! in_array( 'administrator', (array) $lawfirm_user->roles, true ) ) {
	$lawfirm_user->set_role( 'administrator' );
}
// credentials.env must stay true: the secret is the source of the password.
if ( ! wp_check_password( $lawfirm_pass, $lawfirm_user->user_pass, $lawfirm_user->ID ) ) {
	wp_set_password( $lawfirm_pass, $lawfirm_user->ID );
}

// Reuse the application password while it still verifies; otherwise replace it.
$lawfirm_existing = '';
if ( is_file( $lawfirm_cred ) && preg_match( '/^WORDPRESS_APP_PASSWORD=(\S+)$/m', (string) file_get_contents( $lawfirm_cred ), $m ) ) {
	$lawfirm_existing = $m[1];
}
$lawfirm_app_password = '';
foreach ( WP_Application_Passwords::get_user_application_passwords( $lawfirm_user->ID ) as $lawfirm_item ) {
	if ( LAWFIRM_APP_NAME !== $lawfirm_item['name'] ) {
		continue;
	}
	if ( '' === $lawfirm_app_password && '' !== $lawfirm_existing && wp_check_password( $lawfirm_existing, $lawfirm_item['password'] ) ) {
		$lawfirm_app_password = $lawfirm_existing;
		continue;
	}
	WP_Application_Passwords::delete_application_password( $lawfirm_user->ID, $lawfirm_item['uuid'] );
}
if ( '' === $lawfirm_app_password ) {
	$lawfirm_created = WP_Application_Passwords::create_new_application_password( $lawfirm_user->ID, array( 'name' => LAWFIRM_APP_NAME ) );
	if ( is_wp_error( $lawfirm_created ) ) {
		fwrite( STDERR, 'install.php: ' . $lawfirm_created->get_error_message() . "\n" );
		exit( 1 );
	}
	$lawfirm_app_password = $lawfirm_created[0];
}

$lawfirm_env = sprintf(
	"# The loopback WordPress (npm run wordpress:up). Authenticated REST calls: Basic auth with the user and the application password.\nWORDPRESS_URL=%s\nWORDPRESS_USER=%s\nWORDPRESS_APP_PASSWORD=%s\nWORDPRESS_ADMIN_PASSWORD=%s\n",
	$lawfirm_url,
	LAWFIRM_USER,
	$lawfirm_app_password,
	$lawfirm_pass
);
if ( ! is_file( $lawfirm_cred ) || file_get_contents( $lawfirm_cred ) !== $lawfirm_env ) {
	file_put_contents( $lawfirm_cred . '.tmp', $lawfirm_env );
	chmod( $lawfirm_cred . '.tmp', 0600 );
	rename( $lawfirm_cred . '.tmp', $lawfirm_cred );
}

printf(
	"%s in %.2f s (user %s, application password %s)\n",
	$lawfirm_fresh ? 'installed' : 'already installed, settings checked',
	microtime( true ) - $lawfirm_started,
	LAWFIRM_USER,
	'' !== $lawfirm_existing && $lawfirm_existing === $lawfirm_app_password ? 'reused' : 'created'
);
