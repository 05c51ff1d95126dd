<?php
/**
 * Unit checks of the plugin's sanitisers and schemas with plain php-cli (no WordPress):
 *   php wordpress/test/php/fields-test.php
 * Exits 1 on the first failed group, printing every failed check.
 */

define( 'ABSPATH', '/nonexistent/' );
require dirname( __DIR__, 2 ) . '/plugin/lawfirm-companion/includes/fields.php';

use function LawFirm\Companion\{clean_color, clean_icon, clean_items, clean_language, clean_media_id, clean_number, clean_opacity, clean_practice_icon, clean_text, clean_translation, clean_url, defaults, detect_language, field_names, fields_for_type, language_text, normalize, rest_schema};

require __DIR__ . '/check.php';

// Field set and object types are the ones of brief §3.
check( 'fields', field_names(), array( 'banner_settings', 'seo_meta', 'page_structure' ) );
check( 'post fields', fields_for_type( 'post' ), array( 'banner_settings', 'seo_meta' ) );
check( 'page fields', fields_for_type( 'page' ), array( 'seo_meta', 'page_structure' ) );
check( 'practice fields', fields_for_type( 'practice_area' ), array( 'page_structure' ) );
check( 'attachment fields', fields_for_type( 'attachment' ), array() );

// Colours.
check( 'color 6', clean_color( '#1A365D' ), '#1a365d' );
check( 'color 3', clean_color( ' #fff ' ), '#fff' );
check( 'color name', clean_color( 'red' ), '' );
check( 'color 4', clean_color( '#abcd' ), '' );
check( 'color css injection', clean_color( '#fff;background:url(x)' ), '' );
check( 'color non-string', clean_color( 123 ), '' );

// URLs.
check( 'url https', clean_url( 'https://example.in/a.jpg?x=1' ), 'https://example.in/a.jpg?x=1' );
check( 'url scheme case', clean_url( 'HTTPS://example.in/a' ), 'https://example.in/a' );
check( 'url relative', clean_url( '/wp-content/uploads/2024/01/a.jpg' ), '/wp-content/uploads/2024/01/a.jpg' );
check( 'url javascript', clean_url( 'javascript:alert(1)' ), '' );
check( 'url javascript obfuscated', clean_url( " java\tscript:alert(1)" ), '' );
check( 'url data', clean_url( 'data:image/svg+xml;base64,PHN2Zz4=' ), '' );
check( 'url protocol-relative', clean_url( '//evil.example/x.js' ), '' );
check( 'url quote', clean_url( 'https://a.in/x" onerror="alert(1)' ), '' );
check( 'url spaces encoded', clean_url( 'https://a.in/my file.jpg' ), 'https://a.in/my%20file.jpg' );
check( 'url unicode encoded', clean_url( 'https://a.in/न्याय.jpg' ), 'https://a.in/' . rawurlencode( 'न्याय' ) . '.jpg' );
check( 'url too long', clean_url( 'https://a.in/' . str_repeat( 'a', 3000 ) ), '' );
check( 'url array', clean_url( array( 'https://a.in' ) ), '' );

// Opacity and numbers.
check( 'opacity int', clean_number( 70, 0, 100, 0 ), 70 );
check( 'opacity float whole', clean_number( 70.0, 0, 100, 0 ), 70 );
check( 'opacity fraction', clean_number( 62.5, 0, 100, 0 ), 62.5 );
check( 'opacity string', clean_number( ' 40 ', 0, 100, 0 ), 40 );
check( 'opacity high', clean_number( 250, 0, 100, 0 ), 100 );
check( 'opacity low', clean_number( -3, 0, 100, 0 ), 0 );
check( 'opacity junk', clean_number( 'abc', 0, 100, 50 ), 50 );
check( 'opacity nan', clean_number( NAN, 0, 100, 50 ), 50 );
check( 'opacity bool', clean_number( true, 0, 100, 50 ), 50 );
check( 'opacity unset', clean_opacity( '' ), '' );
check( 'opacity zero kept', clean_opacity( 0 ), 0 );
check( 'opacity junk unset', clean_opacity( 'dark' ), '' );
check( 'opacity clamped', clean_opacity( '120' ), 100 );

// Icons.
check( 'icon kebab', clean_icon( 'file-text' ), 'FileText' );
check( 'icon case', clean_icon( 'scale' ), 'Scale' );
check( 'icon unknown kept', clean_icon( 'Gavel' ), 'Gavel' );
check( 'icon junk stripped', clean_icon( '<svg onload=x>' ), 'SvgOnloadx' );
check( 'practice icon known', clean_practice_icon( 'users' ), 'Users' );
check( 'practice icon unknown', clean_practice_icon( 'Gavel' ), 'Scale' );
check( 'practice icon empty', clean_practice_icon( '' ), 'Scale' );

// Media ids.
check( 'media int', clean_media_id( 12 ), 12 );
check( 'media string', clean_media_id( '12' ), 12 );
check( 'media negative', clean_media_id( -4 ), 0 );
check( 'media junk', clean_media_id( '12abc' ), 0 );

// Text.
check( 'text tags', clean_text( '<b>Bail</b> <script>alert(1)</script>hearings', 300, false ), 'Bail hearings' );
check( 'text less-than kept', clean_text( 'age < 18', 300, false ), 'age < 18' );
check( 'text entity kept', clean_text( 'Bail &amp; remand', 300, false ), 'Bail &amp; remand' );
check( 'text single line', clean_text( "a\n\nb\tc", 300, false ), 'a b c' );
check( 'text multiline', clean_text( "a  \r\n\r\n\r\n b", 300, true ), "a\n\nb" );
check( 'text cut', clean_text( str_repeat( 'क', 400 ), 300, false ), str_repeat( 'क', 300 ) );
check( 'text invalid utf8', clean_text( "ok\xC3\x28", 300, false ), 'ok?(' );
check( 'text array', clean_text( array( 'x' ), 300, false ), '' );

// Items.
check(
	'items',
	clean_items(
		array(
			array(
				'icon'        => 'shield',
				'title'       => ' Bail ',
				'description' => 'Fast <em>bail</em>',
				'extra'       => 'x',
			),
			array(
				'icon'        => 'Scale',
				'title'       => '',
				'description' => '',
			),
			'not a row',
		)
	),
	array(
		array(
			'icon'        => 'Shield',
			'title'       => 'Bail',
			'description' => 'Fast bail',
		),
	)
);
check( 'items capped', count( clean_items( array_fill( 0, 40, array( 'title' => 't' ) ) ) ), 24 );

// Whole fields: defaults, merging, unknown keys.
check(
	'banner defaults',
	defaults( 'banner_settings' ),
	array(
		'banner_background_color' => '',
		'banner_text_color'       => '',
		'banner_background_image' => '',
		'banner_overlay_opacity'  => '',
		'banner_title'            => '',
		'banner_description'      => '',
	)
);
$base   = normalize( 'banner_settings', array( 'banner_title' => 'Old', 'banner_text_color' => '#ffffff' ) );
$merged = normalize( 'banner_settings', array( 'banner_title' => 'New', 'nope' => 1 ), $base );
check( 'merge keeps others', $merged['banner_text_color'], '#ffffff' );
check( 'merge updates', $merged['banner_title'], 'New' );
check( 'merge drops unknown', array_key_exists( 'nope', $merged ), false );
check( 'normalize non-array', normalize( 'seo_meta', 'junk' ), defaults( 'seo_meta' ) );
$ps = normalize( 'page_structure', array( 'hero_image' => '7', 'services_items' => 'x' ) );
check( 'page_structure id', $ps['hero_image'], 7 );
check( 'page_structure items junk', $ps['services_items'], array() );
check( 'idempotent', normalize( 'page_structure', $ps ), $ps );

// REST schemas: objects closed to unknown sub-fields, references resolved, no defaults.
$schema = rest_schema( 'page_structure' );
check( 'schema type', $schema['type'], 'object' );
check( 'schema closed', $schema['additionalProperties'], false );
check( 'schema items resolved', $schema['properties']['services_items']['items']['properties']['title']['type'], 'string' );
check( 'schema media', $schema['properties']['hero_image']['type'], 'integer' );
check( 'schema no $ref', str_contains( json_encode( rest_schema( 'banner_settings' ) ), '$ref' ), false );
check( 'schema no default', str_contains( json_encode( rest_schema( 'seo_meta' ) ), 'default' ), false );
check( 'schema opacity max', rest_schema( 'banner_settings' )['properties']['banner_overlay_opacity']['maximum'], 100 );
check( 'schema opacity types', rest_schema( 'banner_settings' )['properties']['banner_overlay_opacity']['type'], array( 'number', 'string' ) );

// Languages (brief §10): stored codes, translation ids, and the script check the website also makes.
check( 'language hi', clean_language( 'hi' ), 'hi' );
check( 'language case and region', clean_language( 'HI_in' ), 'hi' );
check( 'language en', clean_language( ' en-GB ' ), 'en' );
check( 'language other', clean_language( 'fr' ), '' );
check( 'language unset', clean_language( '' ), '' );
check( 'language non-string', clean_language( array( 'hi' ) ), '' );
check( 'translation id', clean_translation( '183' ), 183 );
check( 'translation none', clean_translation( 0 ), 0 );
check( 'translation junk', clean_translation( 'x' ), 0 );
check( 'translation negative', clean_translation( -5 ), 0 );
check( 'detect hindi', detect_language( 'गिरफ्तारी के बाद जमानत कैसे मिलती है' ), 'hi' );
check( 'detect english', detect_language( 'Regular bail, anticipatory bail and default bail explained' ), 'en' );
check( 'detect empty', detect_language( '' ), 'en' );
check( 'detect digits only', detect_language( '1985 – 2026' ), 'en' );
// A Hindi text quoting section names and abbreviations in Latin letters is still Hindi...
check( 'detect hindi with latin', detect_language( 'धारा 480 BNSS के तहत जमानत की अर्ज़ी मजिस्ट्रेट के सामने दी जाती है' ), 'hi' );
// ...and an English text with a Hindi word is English.
check( 'detect english with hindi', detect_language( 'The court granted जमानत on the second hearing after a long argument' ), 'en' );
// At the boundary: a third of the letters Devanagari is Hindi.
check( 'detect third', detect_language( 'कखग abcdef' ), 'hi' );
check( 'detect under third', detect_language( 'कख abcdef' ), 'en' );
$text = language_text( 'जमानत &amp; अधिकार', '<p class="has-very-long-latin-class-name">गिरफ्तारी</p><script>var englishWords = 1;</script><!-- note in English -->[gallery ids="1,2"]' );
check( 'language text', preg_replace( '/\s+/u', ' ', trim( $text ) ), 'जमानत & अधिकार गिरफ्तारी' );
check( 'detect markup stripped', detect_language( $text ), 'hi' );

finish();
