<?php
/**
 * Unit checks of the purge webhook's request with plain php-cli (no WordPress): what send_purge()
 * hands to WordPress's HTTP API, the headers and the signature the gateway verifies.
 *   php wordpress/test/php/webhook-test.php
 * Exits 1 when a check fails, printing every failed check.
 */

define( 'ABSPATH', '/nonexistent/' );
define( 'LAWFIRM_COMPANION_VERSION', '0.0.0-test' );

// The few WordPress functions webhook.php calls while loading and sending, recording what they get.
$GLOBALS['posted'] = array();
function add_action( ...$args ): bool {
	return true;
}
function remove_action( ...$args ): bool {
	return true;
}
function wp_json_encode( $data, int $flags = 0 ) {
	return json_encode( $data, $flags );
}
function wp_remote_post( string $url, array $args ): array {
	$GLOBALS['posted'][] = array(
		'url'  => $url,
		'args' => $args,
	);
	return array();
}
function is_wp_error( $thing ): bool {
	return false;
}

require dirname( __DIR__, 2 ) . '/plugin/lawfirm-companion/includes/webhook.php';

use function LawFirm\Companion\send_purge;

require __DIR__ . '/check.php';

$secret = 'a-shared-secret-of-some-length';
$event  = array(
	'type'   => 'post',
	'id'     => 7,
	'slug'   => 'bail-in-ghaziabad',
	'action' => 'publish',
);
$before = time();
check( 'sent', send_purge( $event, 'http://127.0.0.1:4000/purge', $secret ), true );
$after = time();

check( 'one request', count( $GLOBALS['posted'] ), 1 );
$args    = $GLOBALS['posted'][0]['args'] ?? array();
$headers = $args['headers'] ?? array();
$body    = $args['body'] ?? '';
$stamp   = $headers['X-Purge-Timestamp'] ?? null;

check( 'url', $GLOBALS['posted'][0]['url'] ?? null, 'http://127.0.0.1:4000/purge' );
check( 'body', $body, '{"type":"post","id":7,"slug":"bail-in-ghaziabad","action":"publish"}' );
check( 'content type', $headers['Content-Type'] ?? null, 'application/json' );
check( 'timestamp is Unix seconds', is_string( $stamp ) && 1 === preg_match( '/^[0-9]{10}$/', $stamp ), true );
check( 'timestamp is the time of sending', is_string( $stamp ) && (int) $stamp >= $before && (int) $stamp <= $after, true );
check(
	'signature covers "{timestamp}.{body}"',
	$headers['X-Purge-Signature'] ?? null,
	'sha256=' . hash_hmac( 'sha256', $stamp . '.' . $body, $secret )
);
check(
	'signature is not of the body alone',
	( $headers['X-Purge-Signature'] ?? null ) === 'sha256=' . hash_hmac( 'sha256', $body, $secret ),
	false
);
check( 'sent without waiting', $args['blocking'] ?? null, false );
check( 'no redirects', $args['redirection'] ?? null, 0 );

finish();
