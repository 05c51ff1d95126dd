<?php
/**
 * Settings > Site gateway: the purge webhook's URL and secret (unless wp-config sets them) and
 * the outcome of the last delivery attempt.
 *
 * @package LawFirmCompanion
 */

namespace LawFirm\Companion;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

add_action( 'admin_menu', __NAMESPACE__ . '\\add_settings_page' );
add_action( 'admin_init', __NAMESPACE__ . '\\register_settings' );

function add_settings_page(): void {
	add_options_page(
		__( 'Site gateway', 'lawfirm-companion' ),
		__( 'Site gateway', 'lawfirm-companion' ),
		'manage_options',
		'lawfirm-companion',
		__NAMESPACE__ . '\\render_settings_page'
	);
}

function register_settings(): void {
	register_setting(
		'lawfirm-companion',
		'lawfirm_purge_url',
		array(
			'type'              => 'string',
			'default'           => '',
			'sanitize_callback' => static function ( $value ) {
				$url = clean_url( is_string( $value ) ? $value : '' );
				return preg_match( '#^https?://#', $url ) ? $url : '';
			},
		)
	);
	register_setting(
		'lawfirm-companion',
		'lawfirm_purge_secret',
		array(
			'type'              => 'string',
			'default'           => '',
			// An empty submission keeps the stored secret: the field never shows it.
			'sanitize_callback' => static function ( $value ) {
				$value = is_string( $value ) ? trim( $value ) : '';
				return '' === $value ? (string) get_option( 'lawfirm_purge_secret', '' ) : $value;
			},
		)
	);
}

function render_settings_page(): void {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	$url_locked    = defined( 'LAWFIRM_PURGE_URL' ) && '' !== (string) LAWFIRM_PURGE_URL;
	$secret_locked = defined( 'LAWFIRM_PURGE_SECRET' ) && '' !== (string) LAWFIRM_PURGE_SECRET;
	$settings      = purge_settings();
	$last          = get_option( 'lawfirm_purge_last' );
	echo '<div class="wrap"><h1>' . esc_html__( 'Site gateway', 'lawfirm-companion' ) . '</h1>';
	echo '<p>' . esc_html__( 'When content is published, updated, trashed or deleted, WordPress tells the website\'s gateway so it refreshes its cache. The request is signed with the shared secret.', 'lawfirm-companion' ) . '</p>';
	echo '<form method="post" action="options.php">';
	settings_fields( 'lawfirm-companion' );
	echo '<table class="form-table" role="presentation"><tr><th scope="row"><label for="lawfirm_purge_url">' . esc_html__( 'Purge URL', 'lawfirm-companion' ) . '</label></th><td>';
	printf(
		'<input type="url" class="regular-text code" id="lawfirm_purge_url" name="lawfirm_purge_url" value="%s" placeholder="https://gateway.example/purge"%s>',
		esc_attr( $url_locked ? (string) LAWFIRM_PURGE_URL : (string) get_option( 'lawfirm_purge_url', '' ) ),
		disabled( $url_locked, true, false )
	);
	if ( $url_locked ) {
		echo '<p class="description">' . esc_html__( 'Set in wp-config.php (LAWFIRM_PURGE_URL).', 'lawfirm-companion' ) . '</p>';
	}
	echo '</td></tr><tr><th scope="row"><label for="lawfirm_purge_secret">' . esc_html__( 'Shared secret', 'lawfirm-companion' ) . '</label></th><td>';
	printf(
		'<input type="password" class="regular-text" id="lawfirm_purge_secret" name="lawfirm_purge_secret" value="" autocomplete="new-password" placeholder="%s"%s>',
		esc_attr( '' !== $settings['secret'] ? __( '(set — leave empty to keep)', 'lawfirm-companion' ) : '' ),
		disabled( $secret_locked, true, false )
	);
	if ( $secret_locked ) {
		echo '<p class="description">' . esc_html__( 'Set in wp-config.php (LAWFIRM_PURGE_SECRET).', 'lawfirm-companion' ) . '</p>';
	}
	echo '</td></tr></table>';
	if ( ! $url_locked || ! $secret_locked ) {
		submit_button();
	}
	echo '</form>';
	if ( is_array( $last ) ) {
		printf(
			'<h2>%s</h2><p>%s — %s</p>',
			esc_html__( 'Last delivery', 'lawfirm-companion' ),
			esc_html( wp_date( 'Y-m-d H:i:s', (int) $last['time'] ) ),
			esc_html( ( $last['ok'] ? __( 'sent: ', 'lawfirm-companion' ) : __( 'failed: ', 'lawfirm-companion' ) ) . $last['message'] )
		);
	}
	echo '</div>';
}
