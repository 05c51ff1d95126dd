<?php
/**
 * Router for `php -S 127.0.0.1:PORT -t /usr/share/wordpress router.php`.
 *
 * Debian's WordPress keeps wp-content outside the document root (here .run/wordpress/wp-content),
 * so the built-in server cannot find uploads by itself; and paths with a dot (REST routes such
 * as /wp-json/wp/v2/media?slug=a.b) would be taken for missing static files. This router serves
 * wp-content files itself, lets real files of the document root through, and sends everything
 * else to WordPress' index.php. Each request is appended to logs/access.log as one line
 * (`IP [time] "METHOD URI PROTOCOL" STATUS DURATIONms`), which the tests count.
 */

$lawfirm_run     = getenv( 'LAWFIRM_WP_RUN_DIR' ) ?: dirname( __DIR__, 2 ) . '/.run/wordpress';
$lawfirm_docroot = rtrim( $_SERVER['DOCUMENT_ROOT'], '/' );
$lawfirm_started = microtime( true );

function lawfirm_log_request( int $status ): void {
	global $lawfirm_run, $lawfirm_started;
	$line = sprintf(
		"%s [%s] \"%s %s %s\" %d %.1fms\n",
		$_SERVER['REMOTE_ADDR'] ?? '-',
		gmdate( 'Y-m-d\TH:i:s\Z' ),
		$_SERVER['REQUEST_METHOD'] ?? '-',
		str_replace( array( '"', "\n", "\r" ), array( '%22', '', '' ), $_SERVER['REQUEST_URI'] ?? '/' ),
		$_SERVER['SERVER_PROTOCOL'] ?? 'HTTP/1.1',
		$status,
		( microtime( true ) - $lawfirm_started ) * 1000
	);
	file_put_contents( $lawfirm_run . '/logs/access.log', $line, FILE_APPEND | LOCK_EX );
}

function lawfirm_send_file( string $file ): void {
	$types = array(
		'jpg'   => 'image/jpeg',
		'jpeg'  => 'image/jpeg',
		'png'   => 'image/png',
		'gif'   => 'image/gif',
		'webp'  => 'image/webp',
		'avif'  => 'image/avif',
		'svg'   => 'image/svg+xml',
		'ico'   => 'image/x-icon',
		'pdf'   => 'application/pdf',
		'css'   => 'text/css; charset=utf-8',
		'js'    => 'text/javascript; charset=utf-8',
		'json'  => 'application/json',
		'txt'   => 'text/plain; charset=utf-8',
		'woff'  => 'font/woff',
		'woff2' => 'font/woff2',
	);
	$ext   = strtolower( pathinfo( $file, PATHINFO_EXTENSION ) );
	$mtime = filemtime( $file );
	$etag  = sprintf( '"%x-%x"', $mtime, filesize( $file ) );
	header( 'Content-Type: ' . ( $types[ $ext ] ?? 'application/octet-stream' ) );
	header( 'Cache-Control: public, max-age=86400' );
	header( 'Last-Modified: ' . gmdate( 'D, d M Y H:i:s', $mtime ) . ' GMT' );
	header( 'ETag: ' . $etag );
	header( 'X-Content-Type-Options: nosniff' );
	if ( ( $_SERVER['HTTP_IF_NONE_MATCH'] ?? '' ) === $etag ) {
		http_response_code( 304 );
		lawfirm_log_request( 304 );
		return;
	}
	header( 'Content-Length: ' . filesize( $file ) );
	lawfirm_log_request( 200 );
	if ( 'HEAD' !== ( $_SERVER['REQUEST_METHOD'] ?? 'GET' ) ) {
		readfile( $file );
	}
}

$lawfirm_path = rawurldecode( (string) parse_url( $_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH ) );

if ( str_contains( $lawfirm_path, "\0" ) || preg_match( '#(^|/)\.\.(/|$)#', $lawfirm_path ) ) {
	http_response_code( 400 );
	lawfirm_log_request( 400 );
	return true;
}

// wp-content: the project's folder first (uploads, the plugin, the theme), then Debian's copy.
if ( str_starts_with( $lawfirm_path, '/wp-content/' ) ) {
	$lawfirm_relative = substr( $lawfirm_path, strlen( '/wp-content/' ) );
	foreach ( array( $lawfirm_run . '/wp-content', $lawfirm_docroot . '/wp-content' ) as $lawfirm_base ) {
		$lawfirm_file = $lawfirm_base . '/' . $lawfirm_relative;
		if ( is_file( $lawfirm_file ) ) {
			if ( preg_match( '/\.(php\d?|phtml|phar)$/i', $lawfirm_file ) ) {
				http_response_code( 403 );
				lawfirm_log_request( 403 );
				return true;
			}
			lawfirm_send_file( $lawfirm_file );
			return true;
		}
	}
	http_response_code( 404 );
	header( 'Content-Type: text/plain; charset=utf-8' );
	lawfirm_log_request( 404 );
	echo "Not found\n";
	return true;
}

$lawfirm_target = $lawfirm_docroot . $lawfirm_path;
if ( '/' !== $lawfirm_path && is_dir( $lawfirm_target ) && ! str_ends_with( $lawfirm_path, '/' ) ) {
	$lawfirm_query = (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_QUERY );
	header( 'Location: ' . $lawfirm_path . '/' . ( '' !== $lawfirm_query ? '?' . $lawfirm_query : '' ), true, 301 );
	lawfirm_log_request( 301 );
	return true;
}
if ( '/' !== $lawfirm_path && ( is_file( $lawfirm_target ) || is_file( rtrim( $lawfirm_target, '/' ) . '/index.php' ) ) ) {
	// A real file (wp-admin/*.php, wp-login.php, core assets): the built-in server runs or sends it.
	register_shutdown_function( static fn() => lawfirm_log_request( (int) ( http_response_code() ?: 200 ) ) );
	return false;
}

// Everything else is a WordPress URL: pretty permalinks and /wp-json/ routes.
register_shutdown_function( static fn() => lawfirm_log_request( (int) ( http_response_code() ?: 200 ) ) );
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $lawfirm_docroot . '/index.php';
chdir( $lawfirm_docroot );
require $lawfirm_docroot . '/index.php';
