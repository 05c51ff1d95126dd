<?php
/**
 * Settings > Site gateway: the purge webhook's URL and secret (unless wp-config sets them) and
 * the outcome of the last delivery attempt; whether previews go to the site (wp-config.php only);
 * and, in a form of their own, the addresses told about new enquiries (unless wp-config sets
 * LAWFIRM_ENQUIRY_NOTIFY).
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
	// A group of its own: saving the addresses never resubmits the webhook's fields, and back.
	register_setting(
		'lawfirm-companion-notify',
		NOTIFY_OPTION,
		array(
			'type'              => 'string',
			'default'           => '',
			'sanitize_callback' => __NAMESPACE__ . '\\sanitize_notify_setting',
		)
	);
}

/**
 * The addresses as typed, normalised to "a@x.in, b@y.in". One bad entry keeps the stored list as
 * it was and says which entry is wrong: dropping it silently would leave a colleague off the list
 * without anyone noticing. Empty means "the site's e-mail address".
 *
 * @param mixed $value
 */
function sanitize_notify_setting( $value ): string {
	$previous = (string) get_option( NOTIFY_OPTION, '' );
	$parsed   = parse_addresses( is_string( $value ) ? $value : '' );
	if ( array() !== $parsed['invalid'] ) {
		add_settings_error(
			NOTIFY_OPTION,
			'lawfirm_notify_invalid',
			esc_html(
				sprintf(
					/* translators: 1: the refused entries, 2: the maximum number of addresses */
					__( 'Enquiry notifications not changed: %1$s is not a valid e-mail address (at most %2$d addresses, separated by commas).', 'lawfirm-companion' ),
					implode( ', ', $parsed['invalid'] ),
					NOTIFY_MAX_ADDRESSES
				)
			)
		);
		return $previous;
	}
	return implode( ', ', $parsed['valid'] );
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
	render_preview_status();
	render_notify_settings();
	echo '</div>';
}

/** Whether previews go to the site, and if not, what wp-config.php lacks. Nothing to edit here. */
function render_preview_status(): void {
	$config = preview_config();
	echo '<h2>' . esc_html__( 'Previews', 'lawfirm-companion' ) . '</h2>';
	if ( array() === $config['problems'] ) {
		printf(
			'<div class="notice notice-success inline lawfirm-preview-status"><p>%s</p></div>',
			esc_html(
				sprintf(
					/* translators: %s: the site's address */
					__( 'Previews on the site are on: previews go to %s (each link is valid for 10 minutes and only given to users who may edit the post).', 'lawfirm-companion' ),
					$config['site_url']
				)
			)
		);
		return;
	}
	printf(
		'<div class="notice notice-warning inline lawfirm-preview-status"><p>%s</p></div>',
		esc_html(
			sprintf(
				/* translators: %s: what is missing or wrong, e.g. "LAWFIRM_SITE_URL is not set" */
				__( 'Previews on the site are off: %s. The Preview buttons show WordPress\'s own preview. Set LAWFIRM_SITE_URL and LAWFIRM_PREVIEW_SECRET in wp-config.php to preview drafts on the site.', 'lawfirm-companion' ),
				implode( '; ', $config['problems'] )
			)
		)
	);
}

function render_notify_settings(): void {
	$constant  = notify_constant();
	$resolved  = resolve_recipients( $constant, '', '' );
	$locked    = 'constant' === $resolved['source'];
	$effective = notify_recipients();
	$sources   = array(
		'constant' => __( 'from wp-config.php', 'lawfirm-companion' ),
		'setting'  => __( 'from this setting', 'lawfirm-companion' ),
		'admin'    => __( 'the site\'s e-mail address, Settings › General', 'lawfirm-companion' ),
		'filter'   => __( 'from the lawfirm_enquiry_notify_to filter', 'lawfirm-companion' ),
		'none'     => __( 'nobody', 'lawfirm-companion' ),
	);
	echo '<h2>' . esc_html__( 'Enquiry notifications', 'lawfirm-companion' ) . '</h2>';
	echo '<p>' . esc_html__( 'When an enquiry arrives through the website, these addresses get a mail naming the practice area, with a link to the enquiry in WordPress. The mail never holds the visitor\'s name, contact details or message.', 'lawfirm-companion' ) . '</p>';
	echo '<form method="post" action="options.php">';
	settings_fields( 'lawfirm-companion-notify' );
	echo '<table class="form-table" role="presentation"><tr><th scope="row"><label for="lawfirm_enquiry_notify">' . esc_html__( 'Notify', 'lawfirm-companion' ) . '</label></th><td>';
	printf(
		'<input type="text" class="regular-text" id="lawfirm_enquiry_notify" name="%s" value="%s" placeholder="%s"%s>',
		esc_attr( NOTIFY_OPTION ),
		esc_attr( $locked ? implode( ', ', $resolved['addresses'] ) : (string) get_option( NOTIFY_OPTION, '' ) ),
		esc_attr( (string) get_option( 'admin_email', '' ) ),
		disabled( $locked, true, false )
	);
	echo '<p class="description">' . esc_html__( 'One or more e-mail addresses, separated by commas. Empty: the site\'s e-mail address.', 'lawfirm-companion' ) . '</p>';
	if ( $locked ) {
		echo '<p class="description lawfirm-notify-locked">' . esc_html__( 'Set in wp-config.php (LAWFIRM_ENQUIRY_NOTIFY).', 'lawfirm-companion' ) . '</p>';
	}
	if ( array() !== $resolved['invalid'] ) {
		echo '<p class="description" style="color:#b32d2e">' . esc_html(
			sprintf(
				/* translators: %s: the refused entries */
				__( 'LAWFIRM_ENQUIRY_NOTIFY in wp-config.php holds entries that are not e-mail addresses, which are ignored: %s', 'lawfirm-companion' ),
				implode( ', ', $resolved['invalid'] )
			)
		) . '</p>';
	}
	printf(
		'<p class="lawfirm-notify-effective">%s %s (%s)</p>',
		esc_html__( 'Mail goes to:', 'lawfirm-companion' ),
		esc_html( array() !== $effective['addresses'] ? implode( ', ', $effective['addresses'] ) : '—' ),
		esc_html( $sources[ $effective['source'] ] ?? $effective['source'] )
	);
	echo '</td></tr></table>';
	if ( ! $locked ) {
		submit_button( __( 'Save notification addresses', 'lawfirm-companion' ), 'primary', 'submit-notify' );
	}
	echo '</form>';
}
