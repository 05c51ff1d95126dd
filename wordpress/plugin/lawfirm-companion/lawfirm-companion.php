<?php
/**
 * Plugin Name:       Law Firm Companion
 * Description:       What the firm's website reads from WordPress: practice areas, banner, SEO and page-structure fields in the REST API (editable as meta boxes), the language of each post, page and practice area and its translation, private enquiries, a signed purge webhook to the site's gateway, and previews of drafts on the site.
 * Version:           1.0.0
 * Requires at least: 6.1
 * Requires PHP:      8.0
 * License:           GPL-2.0-or-later
 * Text Domain:       lawfirm-companion
 *
 * @package LawFirmCompanion
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

// Installed both as a must-use plugin and as a regular one, the second copy stands down.
if ( defined( 'LAWFIRM_COMPANION_VERSION' ) ) {
	return;
}

define( 'LAWFIRM_COMPANION_VERSION', '1.0.0' );

require_once __DIR__ . '/includes/fields.php';
require_once __DIR__ . '/includes/notify.php';
require_once __DIR__ . '/includes/yoast.php';
require_once __DIR__ . '/includes/post-types.php';
require_once __DIR__ . '/includes/rest.php';
require_once __DIR__ . '/includes/enquiries.php';
require_once __DIR__ . '/includes/webhook.php';
require_once __DIR__ . '/includes/language.php';
require_once __DIR__ . '/includes/preview.php';

if ( is_admin() ) {
	require_once __DIR__ . '/includes/meta-boxes.php';
	require_once __DIR__ . '/includes/settings.php';
}

register_activation_hook(
	__FILE__,
	static function () {
		LawFirm\Companion\register_post_types();
		flush_rewrite_rules( false );
		update_option( 'lawfirm_companion_rewrites', LAWFIRM_COMPANION_VERSION );
	}
);

register_deactivation_hook(
	__FILE__,
	static function () {
		unregister_post_type( 'practice_area' );
		unregister_post_type( 'enquiry' );
		flush_rewrite_rules( false );
		delete_option( 'lawfirm_companion_rewrites' );
	}
);
