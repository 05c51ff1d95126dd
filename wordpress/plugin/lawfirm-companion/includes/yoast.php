<?php
/**
 * seo_meta on a site with Yoast SEO: the field is read from Yoast's own post meta (what editors
 * fill in Yoast's box) instead of the plugin's copy, in the same shape, so the website's gateway
 * reads one source whichever plugin the firm uses. Yoast owns that data: REST writes of seo_meta
 * are refused on such a site (edit in Yoast's box), and the plugin's own SEO box is not shown.
 *
 * Yoast's titles and descriptions may hold variables ("%%title%% %%sep%% %%sitename%%"). The
 * common ones are replaced (title, sitename, sitedesc, sep, excerpt, excerpt_only, page); a
 * value still holding any other variable (%%primary_category%%, %%cf_...%%, ...) is left empty,
 * so the gateway falls back to yoast_head_json and then to its defaults rather than showing
 * "%%ct_desc_x%%" to visitors.
 *
 * seo_meta_from_yoast() and yoast_replace_vars() need nothing of WordPress; they run under php-cli
 * in wordpress/test/php/yoast-test.php.
 *
 * @package LawFirmCompanion
 */

namespace LawFirm\Companion;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** seo_meta sub-field => Yoast's post meta key. */
const YOAST_SEO_META = array(
	'yoast_seo_title'               => '_yoast_wpseo_title',
	'yoast_seo_meta_description'    => '_yoast_wpseo_metadesc',
	'yoast_seo_og_title'            => '_yoast_wpseo_opengraph-title',
	'yoast_seo_og_description'      => '_yoast_wpseo_opengraph-description',
	'yoast_seo_twitter_title'       => '_yoast_wpseo_twitter-title',
	'yoast_seo_twitter_description' => '_yoast_wpseo_twitter-description',
	'yoast_seo_canonical'           => '_yoast_wpseo_canonical',
	'yoast_seo_og_image'            => '_yoast_wpseo_opengraph-image',
	'yoast_seo_twitter_image'       => '_yoast_wpseo_twitter-image',
);
/** Yoast's per-post robots choice: "1" noindex, "2" index, "0" or absent: the post type's default. */
const YOAST_NOINDEX_META = '_yoast_wpseo_meta-robots-noindex';
/** The extra seo_meta sub-field a Yoast site has: true when search engines are told not to index. */
const YOAST_NOINDEX_FIELD = 'yoast_seo_noindex';

/** Yoast SEO is loaded (it defines WPSEO_VERSION first thing; the class is a second sign). */
function yoast_active(): bool {
	return defined( 'WPSEO_VERSION' ) || class_exists( 'WPSEO_Options', false );
}

/** The character Yoast's separator setting ("sc-dash", ...) stands for; Yoast's default is the dash. */
function yoast_separator( $setting ): string {
	$map = array(
		'sc-dash'   => '-',
		'sc-ndash'  => '–',
		'sc-mdash'  => '—',
		'sc-colon'  => ':',
		'sc-middot' => '·',
		'sc-bull'   => '•',
		'sc-star'   => '*',
		'sc-smstar' => '⋆',
		'sc-pipe'   => '|',
		'sc-tilde'  => '~',
		'sc-laquo'  => '«',
		'sc-raquo'  => '»',
		'sc-lt'     => '<',
		'sc-gt'     => '>',
	);
	return is_string( $setting ) && isset( $map[ $setting ] ) ? $map[ $setting ] : '-';
}

/**
 * Yoast's variables replaced by $vars (name => plain text, names lower-case). Returns '' when a
 * variable without a value is left, so the gateway's fallbacks apply instead.
 */
function yoast_replace_vars( string $text, array $vars ): string {
	if ( false === strpos( $text, '%%' ) ) {
		return $text;
	}
	$unknown = false;
	$out     = preg_replace_callback(
		'/%%([A-Za-z0-9_]+)%%/',
		static function ( array $m ) use ( $vars, &$unknown ): string {
			$name = strtolower( $m[1] );
			if ( array_key_exists( $name, $vars ) ) {
				return (string) $vars[ $name ];
			}
			$unknown = true;
			return '';
		},
		$text
	);
	if ( $unknown || null === $out ) {
		return '';
	}
	// "%%title%% %%page%% %%sep%% %%sitename%%" with an empty %%page%% leaves a double space.
	return trim( (string) preg_replace( '/\s+/u', ' ', $out ) );
}

/**
 * The seo_meta value of a post from Yoast's meta: null when Yoast holds nothing for the post (the
 * gateway then reads yoast_head_json and its defaults), else every sub-field, sanitised like the
 * plugin's own values, plus yoast_seo_noindex.
 *
 * @param array<string, mixed> $meta            Yoast's meta key => stored value.
 * @param array<string, string> $vars           Values of Yoast's variables (see yoast_replace_vars()).
 * @param bool                  $noindex_default The post type's robots default in Yoast's settings.
 */
function seo_meta_from_yoast( array $meta, array $vars, bool $noindex_default ): ?array {
	$input = array();
	$any   = false;
	foreach ( YOAST_SEO_META as $field => $key ) {
		$value = $meta[ $key ] ?? '';
		$value = is_scalar( $value ) && ! is_bool( $value ) ? trim( (string) $value ) : '';
		if ( '' === $value ) {
			continue;
		}
		$any = true;
		// Variables are a feature of Yoast's text fields; URLs are taken as they are.
		$input[ $field ] = 'url' === kind_of( field_def( 'seo_meta' )['properties'][ $field ] )
			? $value
			: yoast_replace_vars( $value, $vars );
	}
	$robots = $meta[ YOAST_NOINDEX_META ] ?? '';
	$robots = is_scalar( $robots ) ? (string) $robots : '';
	if ( '1' === $robots || '2' === $robots ) {
		$any = true;
	}
	if ( ! $any ) {
		return null;
	}
	$out                        = normalize( 'seo_meta', $input );
	$out[ YOAST_NOINDEX_FIELD ] = '1' === $robots || ( '2' !== $robots && $noindex_default );
	return $out;
}

/** seo_meta read from Yoast for a post (see seo_meta_from_yoast()). */
function read_yoast_seo( int $post_id ): ?array {
	$post = get_post( $post_id );
	if ( ! $post instanceof \WP_Post ) {
		return null;
	}
	$meta = array();
	foreach ( array_merge( array_values( YOAST_SEO_META ), array( YOAST_NOINDEX_META ) ) as $key ) {
		$meta[ $key ] = get_post_meta( $post_id, $key, true );
	}
	$titles  = get_option( 'wpseo_titles' );
	$titles  = is_array( $titles ) ? $titles : array();
	$excerpt = plain_line( $post->post_excerpt );
	$vars    = array(
		'title'        => plain_line( $post->post_title ),
		'sitename'     => plain_line( (string) get_option( 'blogname', '' ) ),
		'sitedesc'     => plain_line( (string) get_option( 'blogdescription', '' ) ),
		'sep'          => yoast_separator( $titles['separator'] ?? null ),
		// Yoast's %%excerpt%% falls back to the start of the body, as its own replacement does.
		'excerpt'      => '' !== $excerpt ? $excerpt : plain_line( wp_html_excerpt( strip_shortcodes( $post->post_content ), 155 ) ),
		'excerpt_only' => $excerpt,
		'page'         => '',
	);
	return seo_meta_from_yoast( $meta, $vars, ! empty( $titles[ 'noindex-' . $post->post_type ] ) );
}

/** The REST schema of seo_meta on a Yoast site: the plugin's, plus the read-only robots flag. */
function yoast_rest_schema(): array {
	$schema = rest_schema( 'seo_meta' );
	$schema['description']                        .= ' ' . __( 'Read from Yoast SEO on this site; edit it in Yoast\'s box.', 'lawfirm-companion' );
	$schema['properties'][ YOAST_NOINDEX_FIELD ] = array(
		'description' => __( 'True when Yoast tells search engines not to index the post.', 'lawfirm-companion' ),
		'type'        => 'boolean',
		'readonly'    => true,
	);
	return $schema;
}
