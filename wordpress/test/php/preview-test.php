<?php
/**
 * Unit checks of previews on the site with plain php-cli (no WordPress): the token's payload and
 * encoding, the settings from the environment and what makes them unusable, and which posts and
 * users get the site's preview address. (wordpress/contract/preview.test.ts recomputes the
 * signature in Node against the real WordPress.)
 *   php wordpress/test/php/preview-test.php
 * Exits 1 when a check fails, printing every failed check.
 */

define( 'ABSPATH', '/nonexistent/' );

// The few WordPress functions preview.php calls, answering as the checks set them.
$GLOBALS['can_edit'] = true;
$GLOBALS['user']     = 7;
function add_filter( ...$args ): bool {
	return true;
}
function __( string $text, string $domain = 'default' ): string {
	return $text;
}
function current_user_can( string $cap, ...$args ): bool {
	return $GLOBALS['can_edit'];
}
function get_current_user_id(): int {
	return $GLOBALS['user'];
}
function get_post( $post ) {
	return $post;
}

// phpcs:ignore Generic.Files.OneObjectStructurePerFile
class WP_Post {
	public $ID;
	public $post_type;
	public $post_status;
	public function __construct( int $id, string $type, string $status = 'draft' ) {
		$this->ID          = $id;
		$this->post_type   = $type;
		$this->post_status = $status;
	}
}

require dirname( __DIR__, 2 ) . '/plugin/lawfirm-companion/includes/preview.php';

use function LawFirm\Companion\filter_preview_link;
use function LawFirm\Companion\preview_config;
use function LawFirm\Companion\preview_token;

require __DIR__ . '/check.php';

// The payload as the site rebuilds it, the signature as base64url without padding.
check(
	'token',
	preview_token( 'practice_area', 42, 7, 1800000000, str_repeat( 'k', 32 ) ),
	'practice_area.42.7.1800000000.' . str_replace(
		array( '+', '/', '=' ),
		array( '-', '_', '' ),
		base64_encode( hash_hmac( 'sha256', 'v1:practice_area:42:7:1800000000', str_repeat( 'k', 32 ), true ) )
	)
);

$secret = str_repeat( 's', 32 );
$env    = static function ( ?string $site, ?string $secret ): void {
	putenv( null === $site ? 'LAWFIRM_SITE_URL' : "LAWFIRM_SITE_URL={$site}" );
	putenv( null === $secret ? 'LAWFIRM_PREVIEW_SECRET' : "LAWFIRM_PREVIEW_SECRET={$secret}" );
};

$env( null, null );
check( 'nothing set', preview_config()['problems'], array( 'LAWFIRM_SITE_URL is not set', 'LAWFIRM_PREVIEW_SECRET is not set' ) );
$env( 'https://www.example.in/', str_repeat( 's', 31 ) );
check( 'short secret', preview_config()['problems'], array( 'LAWFIRM_PREVIEW_SECRET is shorter than 32 characters' ) );
foreach ( array( 'www.example.in', 'https://www.example.in/blog', 'ftp://www.example.in', 'https://user@www.example.in', 'https://www.example.in?x=1' ) as $bad ) {
	$env( $bad, $secret );
	check( "not an origin: {$bad}", count( preview_config()['problems'] ), 1 );
}
foreach ( array( 'https://www.example.in', 'https://www.example.in/', 'http://127.0.0.1:3000' ) as $good ) {
	$env( $good, $secret );
	check( "an origin: {$good}", preview_config()['problems'], array() );
}

$env( 'https://www.example.in/', $secret );
check( 'trailing slash dropped', preview_config()['site_url'], 'https://www.example.in' );
$before = time();
$link   = filter_preview_link( 'http://wp.example/?p=5&preview=true', new WP_Post( 5, 'post' ) );
$after  = time();
check( 'address', 1 === preg_match( '#^https://www\.example\.in/preview/post/5\?token=post\.5\.7\.([0-9]+)\.[A-Za-z0-9_-]{43}$#', $link, $m ), true );
check( 'expires in 10 minutes', isset( $m[1] ) && (int) $m[1] >= $before + 600 && (int) $m[1] <= $after + 600, true );
check(
	'signed with the secret',
	isset( $m[1] ) ? substr( $link, strpos( $link, 'token=' ) + 6 ) : null,
	isset( $m[1] ) ? preview_token( 'post', 5, 7, (int) $m[1], $secret ) : 'no token'
);
foreach ( array( 'page', 'practice_area' ) as $type ) {
	check( "{$type} previewed on the site", strpos( (string) filter_preview_link( 'x', new WP_Post( 9, $type ) ), "https://www.example.in/preview/{$type}/9?token={$type}.9.7." ), 0 );
}
check( 'other post types keep their link', filter_preview_link( 'x', new WP_Post( 9, 'enquiry' ) ), 'x' );
$GLOBALS['can_edit'] = false;
check( 'a user who may not edit keeps the link', filter_preview_link( 'x', new WP_Post( 5, 'post' ) ), 'x' );
$GLOBALS['can_edit'] = true;
$env( 'https://www.example.in', null );
check( 'off without the secret', filter_preview_link( 'x', new WP_Post( 5, 'post' ) ), 'x' );

define( 'LAWFIRM_SITE_URL', 'https://constant.example.in' );
$env( 'https://www.example.in', $secret );
check( 'the constant wins over the environment', preview_config()['site_url'], 'https://constant.example.in' );

finish();
