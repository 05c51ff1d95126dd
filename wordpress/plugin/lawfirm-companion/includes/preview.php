<?php
/**
 * Previews on the website: WordPress's preview links for posts, pages and practice areas point at
 * {LAWFIRM_SITE_URL}/preview/{type}/{id}?token={token}, where the token says who asked to preview
 * what, until when, signed with LAWFIRM_PREVIEW_SECRET (the site's PREVIEW_SECRET). The site
 * checks the token, then reads the draft and its latest autosave with its own application password.
 *
 * Token: "{type}.{id}.{user}.{exp}.{signature}", the signature being HMAC-SHA256 of
 * "v1:{type}:{id}:{user}:{exp}" with the secret, base64url without padding; exp in Unix seconds.
 *
 * Both settings come from wp-config.php constants, else from environment variables of the same
 * names. Without them, or with an unusable one, WordPress's previews stay exactly as they are.
 *
 * @package LawFirmCompanion
 */

namespace LawFirm\Companion;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** Post types previewed on the site, and the type the site's preview address names. */
const PREVIEW_TYPES = array(
	'post'          => 'post',
	'page'          => 'page',
	'practice_area' => 'practice_area',
);

/** How long a preview link stays valid, in seconds. */
const PREVIEW_TTL = 600;

/** The secret's minimum length, in characters. */
const PREVIEW_SECRET_MIN_LENGTH = 32;

add_filter( 'preview_post_link', __NAMESPACE__ . '\\filter_preview_link', 10, 2 );
foreach ( array_keys( PREVIEW_TYPES ) as $lawfirm_preview_type ) {
	add_filter( 'rest_prepare_' . $lawfirm_preview_type, __NAMESPACE__ . '\\rest_preview_link', 10, 3 );
}
unset( $lawfirm_preview_type );

/** A setting from its wp-config.php constant, else from the environment variable of that name. */
function preview_setting( string $name ): string {
	if ( defined( $name ) ) {
		return (string) constant( $name );
	}
	$env = getenv( $name );
	return is_string( $env ) ? $env : '';
}

/**
 * The site's origin and the secret, or what keeps previews on the site off.
 *
 * @return array{site_url: string, secret: string, problems: string[]} Previews go to the site when
 *         `problems` is empty.
 */
function preview_config(): array {
	$site_url = preview_setting( 'LAWFIRM_SITE_URL' );
	$secret   = preview_setting( 'LAWFIRM_PREVIEW_SECRET' );
	$problems = array();

	$site_url = rtrim( trim( $site_url ), '/' );
	if ( '' === $site_url ) {
		$problems[] = __( 'LAWFIRM_SITE_URL is not set', 'lawfirm-companion' );
	} elseif ( ! is_site_origin( $site_url ) ) {
		$problems[] = __( 'LAWFIRM_SITE_URL is not an address such as https://www.example.in (scheme and host, no path)', 'lawfirm-companion' );
	}
	if ( '' === $secret ) {
		$problems[] = __( 'LAWFIRM_PREVIEW_SECRET is not set', 'lawfirm-companion' );
	} elseif ( strlen( $secret ) < PREVIEW_SECRET_MIN_LENGTH ) {
		$problems[] = sprintf(
			/* translators: %d: the minimum length */
			__( 'LAWFIRM_PREVIEW_SECRET is shorter than %d characters', 'lawfirm-companion' ),
			PREVIEW_SECRET_MIN_LENGTH
		);
	}

	return array(
		'site_url' => array() === $problems ? $site_url : '',
		'secret'   => array() === $problems ? $secret : '',
		'problems' => $problems,
	);
}

/** True for "http(s)://host[:port]": an origin, without path, query, fragment or credentials. */
function is_site_origin( string $url ): bool {
	return 1 === preg_match( '#^https?://[^/?\#@\s:]+(:[0-9]{1,5})?$#i', $url );
}

/** The signed token of a preview of one post by one user, valid until $exp (Unix seconds). */
function preview_token( string $type, int $id, int $user, int $exp, string $secret ): string {
	$payload   = sprintf( 'v1:%s:%d:%d:%d', $type, $id, $user, $exp );
	$raw       = hash_hmac( 'sha256', $payload, $secret, true );
	$signature = rtrim( strtr( base64_encode( $raw ), '+/', '-_' ), '=' );
	return sprintf( '%s.%d.%d.%d.%s', $type, $id, $user, $exp, $signature );
}

/**
 * The site's preview address of a post for the current user, or null when WordPress's own
 * preview stays: previews on the site off, a post type the site does not preview, or a user who
 * may not edit the post.
 */
function site_preview_url( \WP_Post $post ): ?string {
	$type = PREVIEW_TYPES[ $post->post_type ] ?? null;
	if ( null === $type || ! current_user_can( 'edit_post', $post->ID ) ) {
		return null;
	}
	$config = preview_config();
	if ( array() !== $config['problems'] ) {
		return null;
	}
	$user  = get_current_user_id();
	$token = preview_token( $type, (int) $post->ID, $user, time() + PREVIEW_TTL, $config['secret'] );
	return sprintf( '%s/preview/%s/%d?token=%s', $config['site_url'], $type, $post->ID, rawurlencode( $token ) );
}

/**
 * The preview_post_link filter: the posts list's Preview action, the classic editor's Preview
 * button, and the `preview_link` of the autosaves the block editor reads for a published post.
 *
 * @param mixed $link
 * @param mixed $post
 * @return mixed
 */
function filter_preview_link( $link, $post ) {
	$post = get_post( $post );
	if ( ! $post instanceof \WP_Post ) {
		return $link;
	}
	return site_preview_url( $post ) ?? $link;
}

/**
 * The block editor previews a draft (and any post without an autosave) at the post's `link` from
 * REST plus `preview=true`; for posts not yet published, it gets the site's preview address in the
 * editing context. Published posts keep their permalink ("View post").
 *
 * @param \WP_REST_Response $response
 * @param \WP_Post          $post
 * @param \WP_REST_Request  $request
 * @return \WP_REST_Response
 */
function rest_preview_link( $response, $post, $request ) {
	if ( 'edit' !== $request['context'] || 'publish' === $post->post_status ) {
		return $response;
	}
	$data = $response->get_data();
	if ( ! is_array( $data ) || ! array_key_exists( 'link', $data ) ) {
		return $response;
	}
	$url = site_preview_url( $post );
	if ( null !== $url ) {
		$data['link'] = $url;
		$response->set_data( $data );
	}
	return $response;
}
