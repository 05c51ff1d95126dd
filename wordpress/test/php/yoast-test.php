<?php
/**
 * Unit checks of seo_meta read from Yoast SEO's post meta, with plain php-cli (no WordPress):
 *   php wordpress/test/php/yoast-test.php
 * Exits 1 when a check fails, printing every failed check.
 */

define( 'ABSPATH', '/nonexistent/' );
require dirname( __DIR__, 2 ) . '/plugin/lawfirm-companion/includes/fields.php';
require dirname( __DIR__, 2 ) . '/plugin/lawfirm-companion/includes/notify.php';
require dirname( __DIR__, 2 ) . '/plugin/lawfirm-companion/includes/yoast.php';

use function LawFirm\Companion\{defaults, field_def, seo_meta_from_yoast, yoast_active, yoast_replace_vars, yoast_separator};

require __DIR__ . '/check.php';

$vars = array(
	'title'        => 'Bail in Ghaziabad',
	'sitename'     => 'Sharma Law',
	'sitedesc'     => 'Criminal defence',
	'sep'          => '–',
	'excerpt'      => 'How bail works.',
	'excerpt_only' => '',
	'page'         => '',
);

// Variables.
check( 'Yoast default title', yoast_replace_vars( '%%title%% %%page%% %%sep%% %%sitename%%', $vars ), 'Bail in Ghaziabad – Sharma Law' );
check( 'no variables', yoast_replace_vars( 'Plain title', $vars ), 'Plain title' );
check( 'case-insensitive names', yoast_replace_vars( '%%Title%% | %%SITENAME%%', $vars ), 'Bail in Ghaziabad | Sharma Law' );
check( 'excerpt', yoast_replace_vars( '%%excerpt%% Call us.', $vars ), 'How bail works. Call us.' );
check( 'unknown variable empties the value', yoast_replace_vars( '%%title%% in %%primary_category%%', $vars ), '' );
check( 'custom field variable empties the value', yoast_replace_vars( '%%cf_city%%', $vars ), '' );
check( 'lone percent signs stay', yoast_replace_vars( '100% %% free', $vars ), '100% %% free' );
check( 'separator setting', yoast_separator( 'sc-pipe' ), '|' );
check( 'separator default', yoast_separator( null ), '-' );
check( 'separator unknown', yoast_separator( 'sc-nope' ), '-' );

// Whole values.
check( 'nothing in Yoast: null', seo_meta_from_yoast( array(), $vars, false ), null );
check( 'only empty strings: null', seo_meta_from_yoast( array( '_yoast_wpseo_title' => '  ' ), $vars, false ), null );

$full = seo_meta_from_yoast(
	array(
		'_yoast_wpseo_title'                  => '%%title%% %%sep%% %%sitename%%',
		'_yoast_wpseo_metadesc'               => 'Bail <b>help</b> for %%title%%',
		'_yoast_wpseo_opengraph-title'        => 'Share: %%title%%',
		'_yoast_wpseo_opengraph-description'  => '%%primary_category%% news',
		'_yoast_wpseo_opengraph-image'        => 'https://cdn.example.in/og%%x%%.jpg',
		'_yoast_wpseo_twitter-title'          => 'Tweet title',
		'_yoast_wpseo_twitter-description'    => 'Tweet description',
		'_yoast_wpseo_twitter-image'          => 'javascript:alert(1)',
		'_yoast_wpseo_canonical'              => 'https://www.example.in/bail',
		'_yoast_wpseo_meta-robots-noindex'    => '1',
		'_yoast_wpseo_focuskw'                => 'not a field',
	),
	$vars,
	false
);
check(
	'every field mapped, sanitised like the plugin\'s own',
	$full,
	array(
		'yoast_seo_title'               => 'Bail in Ghaziabad – Sharma Law',
		'yoast_seo_meta_description'    => 'Bail help for Bail in Ghaziabad',
		'yoast_seo_og_title'            => 'Share: Bail in Ghaziabad',
		'yoast_seo_og_description'      => '',
		'yoast_seo_twitter_title'       => 'Tweet title',
		'yoast_seo_twitter_description' => 'Tweet description',
		'yoast_seo_canonical'           => 'https://www.example.in/bail',
		'yoast_seo_og_image'            => 'https://cdn.example.in/og%%x%%.jpg',
		'yoast_seo_twitter_image'       => '',
		'yoast_seo_noindex'             => true,
	)
);
check( 'the gateway\'s sub-fields, plus the robots flag', array_keys( $full ), array_merge( array_keys( field_def( 'seo_meta' )['properties'] ), array( 'yoast_seo_noindex' ) ) );

$robots = static fn( string $value, bool $default ) => seo_meta_from_yoast( array( '_yoast_wpseo_meta-robots-noindex' => $value, '_yoast_wpseo_title' => 'T' ), $vars, $default )['yoast_seo_noindex'];
check( 'robots 2 is index whatever the default', $robots( '2', true ), false );
check( 'robots 1 is noindex', $robots( '1', false ), true );
check( 'robots 0 follows the post type default (noindex)', $robots( '0', true ), true );
check( 'robots 0 follows the post type default (index)', $robots( '0', false ), false );
check( 'only a robots choice is a value', seo_meta_from_yoast( array( '_yoast_wpseo_meta-robots-noindex' => '1' ), $vars, false ), array_merge( defaults( 'seo_meta' ), array( 'yoast_seo_noindex' => true ) ) );
check( 'a robots default alone is nothing', seo_meta_from_yoast( array( '_yoast_wpseo_meta-robots-noindex' => '0' ), $vars, true ), null );
check( 'non-string meta ignored', seo_meta_from_yoast( array( '_yoast_wpseo_title' => array( 'x' ) ), $vars, false ), null );

// Without WordPress nothing defines WPSEO_VERSION.
check( 'Yoast not active here', yoast_active(), false );

finish();
