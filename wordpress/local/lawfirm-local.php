<?php
/**
 * Plugin Name: Law Firm local machine
 * Description: Only in the loopback WordPress that wordpress/scripts/up.sh provisions: there is no mail transport on these machines, so mail is written to a log file instead of failing.
 *
 * @package LawFirmCompanion
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/*
 * Each mail is one JSON line in LAWFIRM_MAIL_LOG: {"time","to":[...],"subject","message"}, so the
 * contract tests can check who was told what. A filter that already answered pre_wp_mail (a mail
 * plugin, or a test fixture making the transport fail) keeps its answer and nothing is logged.
 */
add_filter(
	'pre_wp_mail',
	static function ( $short_circuit, array $atts ) {
		if ( null !== $short_circuit ) {
			return $short_circuit;
		}
		if ( defined( 'LAWFIRM_MAIL_LOG' ) ) {
			$to   = is_array( $atts['to'] ) ? $atts['to'] : explode( ',', (string) $atts['to'] );
			$line = wp_json_encode(
				array(
					'time'    => gmdate( 'c' ),
					'to'      => array_values( array_filter( array_map( 'trim', array_map( 'strval', $to ) ), 'strlen' ) ),
					'subject' => (string) $atts['subject'],
					'message' => (string) $atts['message'],
				),
				JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE
			);
			file_put_contents( LAWFIRM_MAIL_LOG, $line . "\n", FILE_APPEND | LOCK_EX );
		}
		return true;
	},
	10,
	2
);
