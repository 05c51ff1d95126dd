<?php
/**
 * The plugin's REST fields: definitions (from fields.json), REST schemas and sanitisers.
 *
 * Nothing here calls WordPress, so the rules can be exercised with plain php-cli
 * (wordpress/test/php/fields-test.php) and are the same on every save path:
 * the REST API, the meta boxes, the seed and anything calling update_post_meta().
 *
 * @package LawFirmCompanion
 */

namespace LawFirm\Companion;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** Parsed fields.json, read once per request. */
function spec(): array {
	static $spec = null;
	if ( null === $spec ) {
		$raw  = file_get_contents( dirname( __DIR__ ) . '/fields.json' );
		$spec = json_decode( (string) $raw, true, 64, JSON_THROW_ON_ERROR );
	}
	return $spec;
}

/** @return string[] The ten icon names a practice area may carry. */
function icons(): array {
	return spec()['icons'];
}

function default_icon(): string {
	return spec()['defaultIcon'];
}

/** @return string[] banner_settings, seo_meta, page_structure. */
function field_names(): array {
	return array_keys( spec()['fields'] );
}

function field_def( string $field ): array {
	$fields = spec()['fields'];
	if ( ! isset( $fields[ $field ] ) ) {
		throw new \InvalidArgumentException( "Unknown field {$field}" );
	}
	return $fields[ $field ];
}

/** @return string[] Fields carried by a post type, in definition order. */
function fields_for_type( string $post_type ): array {
	$out = array();
	foreach ( spec()['fields'] as $name => $def ) {
		if ( in_array( $post_type, $def['objectTypes'], true ) ) {
			$out[] = $name;
		}
	}
	return $out;
}

/** The definition kind of a sub-field: the name of its definition ("text", "url", "items", ...). */
function kind_of( array $prop ): string {
	return $prop['$ref'] ?? 'text';
}

/** Replaces "$ref"s by their definitions: WordPress' schema validator does not follow references. */
function resolve_refs( array $node ): array {
	$defs = spec()['definitions'];
	if ( isset( $node['$ref'] ) ) {
		$ref  = $node['$ref'];
		$rest = $node;
		unset( $rest['$ref'] );
		$node = array_merge( resolve_refs( $defs[ $ref ] ), $rest );
	}
	foreach ( array( 'properties' ) as $key ) {
		if ( isset( $node[ $key ] ) ) {
			foreach ( $node[ $key ] as $name => $child ) {
				$node[ $key ][ $name ] = resolve_refs( $child );
			}
		}
	}
	if ( isset( $node['items'] ) && is_array( $node['items'] ) ) {
		$node['items'] = resolve_refs( $node['items'] );
	}
	return $node;
}

/**
 * The JSON schema WordPress validates writes against and publishes in the endpoint's OPTIONS answer.
 * Sub-fields are optional on write (a partial object updates only what it names); unknown
 * sub-fields are rejected with a 400 rather than silently dropped.
 */
function rest_schema( string $field ): array {
	$def        = field_def( $field );
	$properties = array();
	foreach ( $def['properties'] as $name => $prop ) {
		$resolved = resolve_refs( $prop );
		// Defaults are applied by normalize(); in the REST schema they would only be documentation
		// that WordPress may try to apply to partial writes.
		unset( $resolved['default'] );
		$properties[ $name ] = $resolved;
	}
	return array(
		'description'          => $def['description'],
		'type'                 => 'object',
		'context'              => array( 'view', 'edit', 'embed' ),
		'properties'           => $properties,
		'additionalProperties' => false,
	);
}

/** All sub-fields with their default values. */
function defaults( string $field ): array {
	$out = array();
	foreach ( field_def( $field )['properties'] as $name => $prop ) {
		$out[ $name ] = $prop['default'];
	}
	return $out;
}

/**
 * A complete, clean value of a field: defaults, then the stored value, then the incoming one,
 * each sub-field sanitised by its kind. Unknown keys are dropped.
 *
 * @param mixed      $input Incoming value (array of sub-fields, or anything: non-arrays count as "nothing").
 * @param array|null $base  Stored value the input is merged onto (partial updates).
 */
function normalize( string $field, $input, ?array $base = null ): array {
	$def    = field_def( $field );
	$merged = defaults( $field );
	foreach ( array( $base, $input ) as $layer ) {
		if ( ! is_array( $layer ) ) {
			continue;
		}
		foreach ( $layer as $key => $value ) {
			if ( array_key_exists( $key, $merged ) ) {
				$merged[ $key ] = $value;
			}
		}
	}
	$limits = spec()['limits'];
	foreach ( $def['properties'] as $name => $prop ) {
		$value = $merged[ $name ];
		switch ( kind_of( $prop ) ) {
			case 'color':
				$merged[ $name ] = clean_color( $value );
				break;
			case 'url':
				$merged[ $name ] = clean_url( $value );
				break;
			case 'icon':
				$merged[ $name ] = clean_icon( $value );
				break;
			case 'mediaId':
				$merged[ $name ] = clean_media_id( $value );
				break;
			case 'items':
				$merged[ $name ] = clean_items( $value );
				break;
			case 'opacity':
				$merged[ $name ] = clean_opacity( $value );
				break;
			case 'longText':
				$merged[ $name ] = clean_text( $value, $limits['longText'], true );
				break;
			default:
				$merged[ $name ] = clean_text( $value, $limits['text'], false );
		}
	}
	return $merged;
}

/**
 * Plain text: tags and their script/style bodies removed, invalid UTF-8 and control characters
 * dropped, whitespace tidied, cut to $max characters. A lone "<" (as in "age < 18") survives.
 *
 * @param mixed $value
 */
function clean_text( $value, int $max, bool $multiline ): string {
	if ( ! is_scalar( $value ) || is_bool( $value ) ) {
		return '';
	}
	$s = mb_scrub( (string) $value, 'UTF-8' );
	$s = preg_replace( '#<(script|style)\b[^>]*>.*?</\1\s*>#is', '', $s );
	$s = preg_replace( '#<!--.*?-->#s', '', $s );
	$s = preg_replace( '#</?[a-zA-Z][^>]*>#', '', $s );
	$s = str_replace( array( "\r\n", "\r" ), "\n", $s );
	$s = preg_replace( '/[\x00-\x09\x0B-\x1F\x7F]/u', ' ', $s );
	if ( $multiline ) {
		$s = preg_replace( '/[ \t\x{00A0}]+/u', ' ', $s );
		$s = preg_replace( '/ *\n */', "\n", $s );
		$s = preg_replace( "/\n{3,}/", "\n\n", $s );
	} else {
		$s = preg_replace( '/\s+/u', ' ', $s );
	}
	$s = trim( $s );
	if ( mb_strlen( $s, 'UTF-8' ) > $max ) {
		$s = rtrim( mb_substr( $s, 0, $max, 'UTF-8' ) );
	}
	return $s;
}

/**
 * "#rgb" or "#rrggbb", lower-cased; anything else is "" (unset).
 *
 * @param mixed $value
 */
function clean_color( $value ): string {
	if ( ! is_string( $value ) ) {
		return '';
	}
	$v = strtolower( trim( $value ) );
	return preg_match( '/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/', $v ) ? $v : '';
}

/**
 * An absolute http(s) URL or a site-relative path ("/wp-content/..."); anything else
 * (javascript:, data:, protocol-relative, malformed) is "".
 *
 * @param mixed $value
 */
function clean_url( $value ): string {
	if ( ! is_string( $value ) ) {
		return '';
	}
	$v = trim( preg_replace( '/[\x00-\x1F\x7F]/', '', $value ) );
	if ( '' === $v ) {
		return '';
	}
	// Percent-encode what browsers would encode anyway, so valid links with spaces or
	// non-ASCII characters are kept rather than dropped.
	$v = preg_replace_callback(
		'/[^\x21-\x7E]/',
		static fn( array $m ): string => rawurlencode( $m[0] ),
		$v
	);
	if ( strlen( $v ) > spec()['limits']['url'] || preg_match( '/["\'<>\\\\`]/', $v ) ) {
		return '';
	}
	if ( '/' === $v[0] ) {
		return ( strlen( $v ) > 1 && '/' === $v[1] ) ? '' : $v;
	}
	if ( ! preg_match( '#^https?://#i', $v ) ) {
		return '';
	}
	$v = preg_replace_callback( '#^https?#i', static fn( array $m ): string => strtolower( $m[0] ), $v );
	return false === filter_var( $v, FILTER_VALIDATE_URL ) ? '' : $v;
}

/**
 * An icon name in PascalCase ("file-text" -> "FileText"); one of the ten known icons is given
 * its canonical spelling. Other names are kept (the site maps unknown icons to its fallback).
 *
 * @param mixed $value
 */
function clean_icon( $value ): string {
	if ( ! is_string( $value ) ) {
		return '';
	}
	$parts = preg_split( '/[\s_-]+/', trim( $value ), -1, PREG_SPLIT_NO_EMPTY );
	$name  = '';
	foreach ( $parts as $part ) {
		$name .= ucfirst( preg_replace( '/[^A-Za-z0-9]/', '', $part ) );
	}
	$name = substr( $name, 0, 40 );
	foreach ( icons() as $icon ) {
		if ( 0 === strcasecmp( $icon, $name ) ) {
			return $icon;
		}
	}
	return $name;
}

/**
 * One of the ten practice-area icons; anything else becomes the default (Scale).
 *
 * @param mixed $value
 */
function clean_practice_icon( $value ): string {
	$icon = clean_icon( $value );
	return in_array( $icon, icons(), true ) ? $icon : default_icon();
}

/**
 * A number clamped to [min, max]; whole numbers come back as integers so JSON shows 70, not 70.0.
 *
 * @param mixed $value
 * @param mixed $default Returned for anything that is not a finite number.
 * @return int|float|mixed
 */
function clean_number( $value, $min, $max, $default ) {
	if ( is_string( $value ) ) {
		$value = trim( $value );
	}
	if ( ! is_int( $value ) && ! is_float( $value ) && ! ( is_string( $value ) && is_numeric( $value ) ) ) {
		return $default;
	}
	$n = (float) $value;
	if ( ! is_finite( $n ) ) {
		return $default;
	}
	if ( null !== $min ) {
		$n = max( (float) $min, $n );
	}
	if ( null !== $max ) {
		$n = min( (float) $max, $n );
	}
	return floor( $n ) === $n ? (int) $n : round( $n, 2 );
}

/**
 * A percentage 0..100, or "" when unset (then the site applies its default).
 *
 * @param mixed $value
 * @return int|float|string
 */
function clean_opacity( $value ) {
	return clean_number( $value, 0, 100, '' );
}

/**
 * An attachment id, 0 meaning none.
 *
 * @param mixed $value
 */
function clean_media_id( $value ): int {
	if ( is_int( $value ) ) {
		return max( 0, $value );
	}
	if ( is_string( $value ) && preg_match( '/^\s*\d+\s*$/', $value ) ) {
		return (int) $value;
	}
	if ( is_float( $value ) && floor( $value ) === $value ) {
		return max( 0, (int) $value );
	}
	return 0;
}

/**
 * A list of {icon, title, description}; rows with nothing in them (the meta box's spare rows)
 * are dropped, and the list is capped.
 *
 * @param mixed $value
 */
function clean_items( $value ): array {
	if ( ! is_array( $value ) ) {
		return array();
	}
	$limits = spec()['limits'];
	$out    = array();
	foreach ( $value as $item ) {
		if ( ! is_array( $item ) ) {
			continue;
		}
		$row = array(
			'icon'        => clean_icon( $item['icon'] ?? '' ),
			'title'       => clean_text( $item['title'] ?? '', $limits['text'], false ),
			'description' => clean_text( $item['description'] ?? '', $limits['longText'], true ),
		);
		if ( '' === $row['title'] && '' === $row['description'] ) {
			continue;
		}
		$out[] = $row;
		if ( count( $out ) >= $limits['items'] ) {
			break;
		}
	}
	return $out;
}

/**
 * A content language (brief §10): "en", "hi", or "" (not set: told from the text). Case and a
 * region ("hi-IN", "hi_IN") are forgiven; anything else is "".
 *
 * @param mixed $value
 */
function clean_language( $value ): string {
	if ( ! is_string( $value ) ) {
		return '';
	}
	$base = strtolower( (string) preg_split( '/[-_]/', trim( $value ) )[0] );
	return in_array( $base, array( 'en', 'hi' ), true ) ? $base : '';
}

/**
 * The id a translation link holds: a positive integer, 0 meaning none.
 *
 * @param mixed $value
 */
function clean_translation( $value ): int {
	return clean_media_id( $value );
}

/**
 * A title and body as plain text for telling their language: scripts, styles, comments, tags and
 * shortcodes dropped, entities decoded.
 */
function language_text( string $title, string $html ): string {
	$html = (string) preg_replace( '@<(script|style|template)[^>]*?>.*?</\\1>@si', ' ', $html );
	$html = (string) preg_replace( '/<!--.*?-->/s', ' ', $html );
	$html = (string) preg_replace( '/<[^>]*>/', ' ', $html );
	$html = (string) preg_replace( '/\[\/?[A-Za-z][^\]]*\]/', ' ', $html );
	return html_entity_decode( $title . "\n" . $html, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
}

/**
 * The language of a text no one labelled, as the website tells it
 * (packages/content-model/src/language.ts, detectLanguage): Hindi when at least a third of its
 * letters are Devanagari (a Hindi post quotes English section names and Latin abbreviations), else
 * English; an empty text is English.
 */
function detect_language( string $text ): string {
	$text    = mb_scrub( $text, 'UTF-8' );
	$letters = (int) preg_match_all( '/[\p{L}\p{M}]/u', $text );
	if ( 0 === $letters ) {
		return 'en';
	}
	$devanagari = (int) preg_match_all( '/[\x{0900}-\x{097F}\x{A8E0}-\x{A8FF}]/u', $text );
	return $devanagari * 3 >= $letters ? 'hi' : 'en';
}
