<?php
/**
 * The checks' own few lines, shared by the php-cli tests beside it: check() counts a check and
 * prints what failed; finish() prints the tally and exits 1 when any failed.
 */

$failures = 0;
$checks   = 0;

function check( string $name, $actual, $expected ): void {
	global $failures, $checks;
	++$checks;
	if ( $actual !== $expected ) {
		++$failures;
		fwrite( STDERR, "FAIL {$name}\n  expected: " . var_export( $expected, true ) . "\n  actual:   " . var_export( $actual, true ) . "\n" );
	}
}

function finish(): never {
	global $failures, $checks;
	printf( "%d/%d checks passed\n", $checks - $failures, $checks );
	exit( $failures ? 1 : 0 );
}
