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

add_filter(
	'pre_wp_mail',
	static function ( $short_circuit, array $atts ) {
		if ( defined( 'LAWFIRM_MAIL_LOG' ) ) {
			$to   = is_array( $atts['to'] ) ? implode( ', ', $atts['to'] ) : (string) $atts['to'];
			$line = gmdate( 'c' ) . "\tto: " . $to . "\tsubject: " . (string) $atts['subject'] . "\n";
			file_put_contents( LAWFIRM_MAIL_LOG, $line, FILE_APPEND | LOCK_EX );
		}
		return true;
	},
	10,
	2
);
