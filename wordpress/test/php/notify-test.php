<?php
/**
 * Unit checks of who is told about an enquiry and what the mail says, with plain php-cli and
 * WordPress's own is_email()/sanitize_email() (from Debian's WordPress, or WORDPRESS_ROOT):
 *   php wordpress/test/php/notify-test.php
 * Exits 1 when a check fails, printing every failed check.
 */

$wp_root = rtrim( getenv( 'WORDPRESS_ROOT' ) ?: '/usr/share/wordpress', '/' ) . '/';
define( 'ABSPATH', $wp_root );
define( 'WPINC', 'wp-includes' );
require $wp_root . 'wp-includes/plugin.php';
require $wp_root . 'wp-includes/formatting.php';
require dirname( __DIR__, 2 ) . '/plugin/lawfirm-companion/includes/fields.php';
require dirname( __DIR__, 2 ) . '/plugin/lawfirm-companion/includes/notify.php';

use function LawFirm\Companion\{failure_reason, notify_subject, parse_addresses, plain_line, resolve_recipients};

require __DIR__ . '/check.php';

// Address lists as people type them.
check(
	'two addresses, commas and spaces',
	parse_addresses( ' intake@firm.example ,partner@firm.example ' ),
	array(
		'valid'   => array( 'intake@firm.example', 'partner@firm.example' ),
		'invalid' => array(),
	)
);
check( 'semicolons and new lines', parse_addresses( "a@firm.example;\nb@firm.example" )['valid'], array( 'a@firm.example', 'b@firm.example' ) );
check( 'duplicates ignoring case', parse_addresses( 'Intake@Firm.example, intake@firm.example' )['valid'], array( 'Intake@Firm.example' ) );
check( 'not an address', parse_addresses( 'intake@firm.example, not-an-address' )['invalid'], array( 'not-an-address' ) );
check( 'no domain', parse_addresses( 'visitor@' )['invalid'], array( 'visitor@' ) );
check( 'an address that would need repairing is refused', parse_addresses( 'jo(h)n@firm.example' )['invalid'], array( 'jo(h)n@firm.example' ) );
check( 'a line break only separates entries; a header name is refused', parse_addresses( "a@firm.example\r\nBcc: x@evil.example" )['invalid'], array( 'Bcc:' ) );
check( 'empty', parse_addresses( '' ), array( 'valid' => array(), 'invalid' => array() ) );
check( 'not a string', parse_addresses( 42 ), array( 'valid' => array(), 'invalid' => array() ) );
check( 'a list of strings', parse_addresses( array( 'a@firm.example', 3, 'b@firm.example' ) )['valid'], array( 'a@firm.example', 'b@firm.example' ) );
$many = parse_addresses( implode( ',', array_map( static fn( $n ) => "p{$n}@firm.example", range( 1, 25 ) ) ) );
check( 'at most 20 addresses', count( $many['valid'] ), 20 );
check( 'the rest refused', count( $many['invalid'] ), 5 );

// Where the recipients come from: the constant, then the setting, then the administration address.
check(
	'constant wins',
	resolve_recipients( 'desk@firm.example, partner@firm.example', 'intake@firm.example', 'admin@firm.example' ),
	array(
		'addresses' => array( 'desk@firm.example', 'partner@firm.example' ),
		'source'    => 'constant',
		'invalid'   => array(),
	)
);
check( 'constant with a bad entry keeps the good ones', resolve_recipients( 'desk@firm.example, nope', 'intake@firm.example', 'admin@firm.example' )['addresses'], array( 'desk@firm.example' ) );
check( 'constant with a bad entry reports it', resolve_recipients( 'desk@firm.example, nope', '', '' )['invalid'], array( 'nope' ) );
$bad_constant = resolve_recipients( 'nope', 'intake@firm.example', 'admin@firm.example' );
check( 'constant with nothing valid falls through to the setting', $bad_constant['addresses'], array( 'intake@firm.example' ) );
check( 'and says so', array( $bad_constant['source'], $bad_constant['invalid'] ), array( 'setting', array( 'nope' ) ) );
check( 'empty constant is no constant', resolve_recipients( ' ', 'intake@firm.example', 'admin@firm.example' )['source'], 'setting' );
check( 'setting', resolve_recipients( null, 'intake@firm.example, partner@firm.example', 'admin@firm.example' )['addresses'], array( 'intake@firm.example', 'partner@firm.example' ) );
check(
	'administration address last',
	resolve_recipients( null, '', 'admin@firm.example' ),
	array(
		'addresses' => array( 'admin@firm.example' ),
		'source'    => 'admin',
		'invalid'   => array(),
	)
);
check( 'nobody', resolve_recipients( null, '', '' )['source'], 'none' );

// The subject names the practice area, in one plain line.
check( 'subject with practice area', notify_subject( 'Sharma &amp; Associates', 'Bail &amp; Anticipatory Bail' ), '[Sharma & Associates] New enquiry: Bail & Anticipatory Bail' );
check( 'subject without practice area', notify_subject( 'Sharma Law', '' ), '[Sharma Law] New enquiry from the website' );
check( 'subject without site name', notify_subject( '', 'Family Law' ), 'New enquiry: Family Law' );
check( 'subject cannot carry a header', notify_subject( "Site\r\nBcc: x@evil.example", "Family\nLaw" ), '[Site Bcc: x@evil.example] New enquiry: Family Law' );
check( 'subject in another language', notify_subject( 'Site', 'Family Law', 'Nayi enquiry: %s', 'Nayi enquiry' ), '[Site] Nayi enquiry: Family Law' );
check( 'plain line', plain_line( " <b>Bail</b>\t&quot;hearings&quot; " ), 'Bail "hearings"' );

// Why a mail failed: one line, addresses masked.
check(
	'WP_Error-like reason with an address',
	failure_reason(
		new class() {
			public function get_error_message(): string {
				return "SMTP Error: Could not connect to SMTP host.\nRelay refused intake@firm.example.";
			}
		}
	),
	'SMTP Error: Could not connect to SMTP host. Relay refused [address]'
);
check( 'exception', failure_reason( new RuntimeException( 'relay crashed sending to <partner@firm.example>' ) ), 'RuntimeException: relay crashed sending to <[address]>' );
check( 'only false', failure_reason( null ), 'wp_mail() returned false' );
check( 'capped', mb_strlen( failure_reason( new RuntimeException( str_repeat( 'x', 1000 ) ) ) ), 300 );

finish();
