<?php
/**
 * Who hears about a new enquiry, and what they are told.
 *
 * Recipients: the LAWFIRM_ENQUIRY_NOTIFY constant in wp-config.php (comma-separated addresses),
 * else Settings › Site gateway › Enquiry notifications, else the site's administration address.
 * The mail holds a link to the enquiry and the practice area the visitor chose, never what the
 * visitor wrote or how to reach them: mailboxes are forwarded, synced to phones and kept for years.
 *
 * The functions that decide (parse_addresses, resolve_recipients, notify_subject, failure_reason)
 * need nothing of WordPress beyond is_email()/sanitize_email(), so wordpress/test/php/notify-test.php
 * runs them under php-cli with WordPress's own formatting functions.
 *
 * @package LawFirmCompanion
 */

namespace LawFirm\Companion;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** Option holding the addresses set on the settings page, normalised ("a@x.in, b@y.in"). */
const NOTIFY_OPTION = 'lawfirm_enquiry_notify';
/** Post meta of an enquiry: the outcome of its notification mail (see record_notify_status()). */
const NOTIFY_STATUS_META = '_lawfirm_notify_status';
/** More recipients than this is a pasted list gone wrong, not a team. */
const NOTIFY_MAX_ADDRESSES = 20;

/**
 * Addresses out of a comma-, semicolon- or whitespace-separated list. An entry counts only when
 * is_email() accepts it as typed: one that would need "repairing" ("jo(h)n@x.in" -> "john@x.in")
 * is someone else's mailbox, so it is refused rather than fixed. Accepted ones pass through
 * sanitize_email() like every address WordPress stores.
 *
 * @param mixed $raw A string or a list of strings; anything else reads as empty.
 * @return array{valid: string[], invalid: string[]} Valid ones without duplicates (case-insensitive),
 *         in the order given; beyond NOTIFY_MAX_ADDRESSES the rest count as invalid.
 */
function parse_addresses( $raw ): array {
	if ( is_array( $raw ) ) {
		$raw = implode( ',', array_filter( $raw, 'is_string' ) );
	}
	$out = array(
		'valid'   => array(),
		'invalid' => array(),
	);
	if ( ! is_string( $raw ) ) {
		return $out;
	}
	$seen = array();
	foreach ( preg_split( '/[\s,;]+/', $raw, -1, PREG_SPLIT_NO_EMPTY ) as $entry ) {
		$email = is_email( $entry ) ? sanitize_email( $entry ) : '';
		if ( '' === $email || count( $out['valid'] ) >= NOTIFY_MAX_ADDRESSES ) {
			$out['invalid'][] = $entry;
			continue;
		}
		$key = strtolower( $email );
		if ( ! isset( $seen[ $key ] ) ) {
			$seen[ $key ]   = true;
			$out['valid'][] = $email;
		}
	}
	return $out;
}

/**
 * The recipients and where they came from: the constant wins when it holds at least one valid
 * address, then the setting, then the administration address. A constant with nothing valid in it
 * falls through rather than sending nowhere (the settings page says so).
 *
 * @param string|null $constant LAWFIRM_ENQUIRY_NOTIFY, null when not defined.
 * @return array{addresses: string[], source: string, invalid: string[]} source is "constant",
 *         "setting", "admin" or "none"; invalid lists the constant's refused entries.
 */
function resolve_recipients( ?string $constant, string $setting, string $admin ): array {
	$invalid = array();
	if ( null !== $constant && '' !== trim( $constant ) ) {
		$parsed  = parse_addresses( $constant );
		$invalid = $parsed['invalid'];
		if ( array() !== $parsed['valid'] ) {
			return array(
				'addresses' => $parsed['valid'],
				'source'    => 'constant',
				'invalid'   => $invalid,
			);
		}
	}
	$from_setting = parse_addresses( $setting )['valid'];
	if ( array() !== $from_setting ) {
		return array(
			'addresses' => $from_setting,
			'source'    => 'setting',
			'invalid'   => $invalid,
		);
	}
	$from_admin = parse_addresses( $admin )['valid'];
	return array(
		'addresses' => array_slice( $from_admin, 0, 1 ),
		'source'    => array() !== $from_admin ? 'admin' : 'none',
		'invalid'   => $invalid,
	);
}

/** The constant as configured, null when wp-config.php does not define it. */
function notify_constant(): ?string {
	return defined( 'LAWFIRM_ENQUIRY_NOTIFY' ) && is_scalar( LAWFIRM_ENQUIRY_NOTIFY ) ? (string) LAWFIRM_ENQUIRY_NOTIFY : null;
}

/**
 * This site's recipients (see resolve_recipients()). The `lawfirm_enquiry_notify_to` filter, which
 * was the only way to change the address before the setting existed, still gets the last word; it
 * receives and returns a comma-separated string.
 *
 * @return array{addresses: string[], source: string, invalid: string[]}
 */
function notify_recipients(): array {
	$resolved  = resolve_recipients(
		notify_constant(),
		(string) get_option( NOTIFY_OPTION, '' ),
		(string) get_option( 'admin_email', '' )
	);
	$filtered  = apply_filters( 'lawfirm_enquiry_notify_to', implode( ', ', $resolved['addresses'] ) );
	$addresses = parse_addresses( is_string( $filtered ) || is_array( $filtered ) ? $filtered : '' )['valid'];
	if ( $addresses !== $resolved['addresses'] ) {
		$resolved['addresses'] = $addresses;
		$resolved['source']    = array() !== $addresses ? 'filter' : 'none';
	}
	return $resolved;
}

/**
 * Plain one-line text of a title as stored ("Bail &amp; Anticipatory Bail" -> "Bail & Anticipatory
 * Bail"): entities decoded, tags dropped, line breaks (header injection) and runs of space collapsed.
 */
function plain_line( string $text ): string {
	$text = html_entity_decode( $text, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
	$text = (string) preg_replace( '#<[^>]*>#', '', $text );
	return trim( (string) preg_replace( '/[\s\x00-\x1F\x7F]+/u', ' ', $text ) );
}

/**
 * The mail's subject: the practice area, so staff can sort their inbox without opening anything.
 * Only staff-written text goes in (the site's name and a practice area's title), never the
 * visitor's own subject line. The wording comes in translated from notify_staff().
 *
 * @param string $with_practice Format with one %s for the practice area.
 * @param string $without       Subject when the visitor chose no practice area the site knows.
 */
function notify_subject( string $site_name, string $practice_title, string $with_practice = 'New enquiry: %s', string $without = 'New enquiry from the website' ): string {
	$site     = plain_line( $site_name );
	$practice = plain_line( $practice_title );
	$subject  = plain_line( '' !== $practice ? sprintf( $with_practice, $practice ) : $without );
	return '' !== $site ? '[' . $site . '] ' . $subject : $subject;
}

/**
 * Why a mail failed, fit for a log line and the enquiry screen: one line, at most 300 characters,
 * e-mail addresses masked (transports like to quote the recipients).
 *
 * @param mixed $error A WP_Error from wp_mail_failed, a Throwable, or null when wp_mail() only said false.
 */
function failure_reason( $error ): string {
	if ( $error instanceof \Throwable ) {
		$text = get_class( $error ) . ': ' . $error->getMessage();
	} elseif ( is_object( $error ) && method_exists( $error, 'get_error_message' ) ) {
		$text = (string) $error->get_error_message();
	} else {
		$text = '';
	}
	$text = (string) preg_replace( '/[^\s<>()"\',;:@]+@[^\s<>()"\',;:@]+/u', '[address]', $text );
	// Not plain_line(): transports quote addresses in angle brackets, which are not tags. The
	// screens escape the text on output.
	$text = trim( (string) preg_replace( '/[\s\x00-\x1F\x7F]+/u', ' ', $text ) );
	if ( '' === $text ) {
		$text = 'wp_mail() returned false';
	}
	return function_exists( 'mb_substr' ) ? mb_substr( $text, 0, 300, 'UTF-8' ) : substr( $text, 0, 300 );
}

/**
 * Title of a practice area by its slug, '' when the slug is not one the site knows: a practice
 * area post (any status but trash: the title is staff-written either way), else the website's
 * fixed list (practice_area_title_fallbacks()).
 */
function known_practice_area_title( string $slug ): string {
	static $titles = array();
	if ( '' === $slug ) {
		return '';
	}
	if ( isset( $titles[ $slug ] ) ) {
		return $titles[ $slug ];
	}
	$posts = get_posts(
		array(
			'post_type'        => 'practice_area',
			'name'             => $slug,
			'post_status'      => array( 'publish', 'future', 'draft', 'pending', 'private' ),
			'numberposts'      => 1,
			'suppress_filters' => true,
			'no_found_rows'    => true,
		)
	);
	$title = isset( $posts[0] ) ? plain_line( $posts[0]->post_title ) : '';
	if ( '' === $title ) {
		$title = practice_area_title_fallbacks()[ $slug ] ?? '';
	}
	$titles[ $slug ] = $title;
	return $title;
}

/** The practice areas the website's contact form offers, by slug (gateway/src/enquiry/rules.ts). */
function practice_area_title_fallbacks(): array {
	return array(
		'criminal-defense'   => 'Criminal Defence',
		'family-law'         => 'Family Law',
		'bail-hearings'      => 'Bail Hearings',
		'motor-accident'     => 'Motor Accident Claims',
		'cybercrime-defense' => 'Cybercrime Defense',
		'domestic-violence'  => 'Domestic Violence',
		'divorce-advisory'   => 'Divorce Advisory',
	);
}

/**
 * Stores the outcome of an enquiry's notification: "pending" (stored with the post, so a process
 * that dies while sending leaves a visible trace), "sent", "failed" (with the reason) or "skipped"
 * (no recipient at all).
 */
function record_notify_status( int $post_id, string $status, int $recipients = 0, string $error = '' ): void {
	update_post_meta( $post_id, NOTIFY_STATUS_META, wp_slash( notify_status_value( $status, $recipients, $error ) ) );
}

function notify_status_value( string $status, int $recipients = 0, string $error = '' ): array {
	return array(
		'status'     => $status,
		'time'       => time(),
		'recipients' => $recipients,
		'error'      => $error,
	);
}

/** @return array{status: string, time: int, recipients: int, error: string}|null */
function notify_status( int $post_id ): ?array {
	$value = get_post_meta( $post_id, NOTIFY_STATUS_META, true );
	if ( ! is_array( $value ) || ! isset( $value['status'] ) || ! is_string( $value['status'] ) ) {
		return null;
	}
	return array(
		'status'     => $value['status'],
		'time'       => (int) ( $value['time'] ?? 0 ),
		'recipients' => (int) ( $value['recipients'] ?? 0 ),
		'error'      => is_string( $value['error'] ?? null ) ? $value['error'] : '',
	);
}

/**
 * Mails the note about a stored enquiry. Never throws and never undoes anything: the enquiry is
 * already stored, and the website's retry of the same key is answered with that post, without a
 * second mail. A failure (wp_mail() false, wp_mail_failed, or an exception from a mail plugin) is
 * logged without personal data and shown on the enquiry in wp-admin.
 */
function notify_staff( int $post_id ): void {
	$recipients = notify_recipients();
	$addresses  = $recipients['addresses'];
	if ( array() === $addresses ) {
		record_notify_status( $post_id, 'skipped' );
		error_log( sprintf( '[lawfirm-companion] enquiry %d: no address to notify (LAWFIRM_ENQUIRY_NOTIFY, Settings › Site gateway and the site\'s e-mail address are all empty)', $post_id ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
		return;
	}
	$fields   = get_post_meta( $post_id, ENQUIRY_FIELDS_META, true );
	$practice = is_array( $fields ) && is_string( $fields['practice_area'] ?? null ) ? $fields['practice_area'] : '';
	$subject  = notify_subject(
		(string) get_option( 'blogname', '' ),
		known_practice_area_title( $practice ),
		/* translators: %s: practice area, e.g. "Family Law" */
		__( 'New enquiry: %s', 'lawfirm-companion' ),
		__( 'New enquiry from the website', 'lawfirm-companion' )
	);
	$body     = sprintf(
		/* translators: %s: link to the enquiry in wp-admin */
		__( "A new enquiry has arrived through the website. Read it in WordPress:\n\n%s\n", 'lawfirm-companion' ),
		admin_url( 'post.php?post=' . $post_id . '&action=edit' )
	);

	$error   = null;
	$capture = static function ( $wp_error ) use ( &$error ) {
		$error = $wp_error;
	};
	add_action( 'wp_mail_failed', $capture );
	try {
		$sent = (bool) wp_mail( $addresses, $subject, $body );
	} catch ( \Throwable $e ) {
		$sent  = false;
		$error = $e;
	} finally {
		remove_action( 'wp_mail_failed', $capture );
	}

	if ( $sent && null === $error ) {
		record_notify_status( $post_id, 'sent', count( $addresses ) );
		return;
	}
	$reason = failure_reason( $error );
	record_notify_status( $post_id, 'failed', count( $addresses ), $reason );
	error_log( sprintf( '[lawfirm-companion] enquiry %d: the notification mail to %d address(es) failed (the enquiry is stored): %s', $post_id, count( $addresses ), $reason ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
}
