<?php
/**
 * Purge webhook: tells the site's gateway that content changed, so its cache drops the item and
 * the lists it belongs to.
 *
 * Body: {"type": "post"|"page"|"practice_area"|"attachment"|"category", "id": int, "slug": string,
 *        "action": "publish"|"update"|"trash"|"delete"|"create"}
 * Headers: X-Purge-Timestamp: <Unix seconds when sent>
 *          X-Purge-Signature: sha256=<hex HMAC-SHA256 of "{timestamp}.{raw body}" with the shared secret>
 * The gateway refuses a timestamp more than 5 minutes old or over a minute ahead of its clock, so a
 * captured request cannot be replayed later; the server clocks must be kept in sync (NTP).
 *
 * Events are collected during the request and sent once at shutdown, after every field and meta
 * value of the save is stored (a REST save updates fields after the post itself). Each send is
 * fire-and-forget with a short connect and overall timeout, and the first failure stops the rest
 * of the batch: a gateway that is down never holds an editor's save for long.
 *
 * @package LawFirmCompanion
 */

namespace LawFirm\Companion;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** Post types whose changes reach the public site. */
function purged_post_types(): array {
	return (array) apply_filters( 'lawfirm_purge_post_types', array( 'post', 'page', 'practice_area' ) );
}

/**
 * URL and secret: constants (wp-config) win, then the settings screen's options, then the
 * environment (containers pass settings that way).
 *
 * @return array{url: string, secret: string, source: string}
 */
function purge_settings(): array {
	$pick = static function ( string $name ) {
		if ( defined( $name ) && '' !== (string) constant( $name ) ) {
			return array( (string) constant( $name ), 'constant' );
		}
		$option = get_option( strtolower( $name ), '' );
		if ( is_string( $option ) && '' !== $option ) {
			return array( $option, 'option' );
		}
		$env = getenv( $name );
		if ( is_string( $env ) && '' !== $env ) {
			return array( $env, 'environment' );
		}
		return array( '', 'unset' );
	};
	list( $url, $source ) = $pick( 'LAWFIRM_PURGE_URL' );
	list( $secret )       = $pick( 'LAWFIRM_PURGE_SECRET' );
	return array(
		'url'    => $url,
		'secret' => $secret,
		'source' => $source,
	);
}

/** Seconds; at most 2 so a slow gateway costs an editor little. */
function purge_timeout(): float {
	$t = defined( 'LAWFIRM_PURGE_TIMEOUT' ) ? (float) LAWFIRM_PURGE_TIMEOUT : 1.0;
	return max( 0.1, min( 2.0, $t ) );
}

/** The timestamp is signed with the body so that a captured request cannot be sent again later. */
function signature( string $body, string $secret, int $timestamp ): string {
	return 'sha256=' . hash_hmac( 'sha256', $timestamp . '.' . $body, $secret );
}

final class Purge_Queue {
	/** @var array<string, array{type: string, id: int, slug: string, action: string}> */
	private static array $events = array();
	private static bool $hooked  = false;

	/** Later, stronger actions replace earlier ones for the same item and slug. */
	private const RANK = array(
		'update'  => 1,
		'create'  => 2,
		'publish' => 2,
		'trash'   => 3,
		'delete'  => 4,
	);

	public static function add( string $type, int $id, string $slug, string $action ): void {
		if ( $id <= 0 || ! (bool) apply_filters( 'lawfirm_purge_enabled', true, $type, $id, $action ) ) {
			return;
		}
		$key = $type . ':' . $id . ':' . $slug;
		if ( isset( self::$events[ $key ] ) && self::RANK[ self::$events[ $key ]['action'] ] > self::RANK[ $action ] ) {
			return;
		}
		self::$events[ $key ] = array(
			'type'   => $type,
			'id'     => $id,
			'slug'   => $slug,
			'action' => $action,
		);
		if ( ! self::$hooked ) {
			self::$hooked = true;
			add_action( 'shutdown', array( self::class, 'flush' ), 1 );
		}
	}

	/** @return array<int, array{type: string, id: int, slug: string, action: string}> */
	public static function pending(): array {
		return array_values( self::$events );
	}

	public static function flush(): void {
		$events       = array_values( self::$events );
		self::$events = array();
		if ( ! $events ) {
			return;
		}
		$settings = purge_settings();
		if ( '' === $settings['url'] || '' === $settings['secret'] ) {
			return;
		}
		foreach ( $events as $event ) {
			$result = send_purge( $event, $settings['url'], $settings['secret'] );
			if ( is_wp_error( $result ) ) {
				record_delivery( false, $result->get_error_message(), $event );
				return;
			}
		}
		record_delivery( true, sprintf( '%d event(s) sent', count( $events ) ), end( $events ) );
	}
}

/**
 * Sends one event without waiting for the answer.
 *
 * @return true|\WP_Error
 */
function send_purge( array $event, string $url, string $secret ) {
	$body      = (string) wp_json_encode( $event, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	$timestamp = time();
	$timeout   = purge_timeout();
	$limit     = static function ( &$req_url, &$headers, &$data, &$type, &$options ) use ( $timeout ) {
		// WordPress passes no connect timeout to its HTTP library (default 10 s); bound it too.
		if ( is_array( $headers ) && isset( $headers['X-Purge-Signature'] ) ) {
			$options['connect_timeout'] = $timeout;
		}
	};
	add_action( 'requests-requests.before_request', $limit, 10, 5 );
	$response = wp_remote_post(
		$url,
		array(
			'body'        => $body,
			'headers'     => array(
				'Content-Type'      => 'application/json',
				'X-Purge-Timestamp' => (string) $timestamp,
				'X-Purge-Signature' => signature( $body, $secret, $timestamp ),
			),
			'timeout'     => $timeout,
			'blocking'    => false,
			'redirection' => 0,
			'user-agent'  => 'lawfirm-companion/' . LAWFIRM_COMPANION_VERSION,
		)
	);
	remove_action( 'requests-requests.before_request', $limit, 10 );
	return is_wp_error( $response ) ? $response : true;
}

function record_delivery( bool $ok, string $message, $event ): void {
	if ( ! $ok ) {
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
		error_log( 'lawfirm-companion: purge webhook failed: ' . $message );
	}
	update_option(
		'lawfirm_purge_last',
		array(
			'time'    => time(),
			'ok'      => $ok,
			'message' => $message,
			'event'   => $event,
		),
		false
	);
}

/** The public slug of a post, without the "__trashed" suffix WordPress adds on trashing. */
function public_slug( \WP_Post $post ): string {
	$desired = get_post_meta( $post->ID, '_wp_desired_post_slug', true );
	if ( 'trash' === $post->post_status && is_string( $desired ) && '' !== $desired ) {
		return $desired;
	}
	return (string) preg_replace( '/__trashed(?:-\d+)?$/', '', $post->post_name );
}

add_action(
	'transition_post_status',
	static function ( $new_status, $old_status, $post ) {
		if ( ! $post instanceof \WP_Post || ! in_array( $post->post_type, purged_post_types(), true ) ) {
			return;
		}
		if ( wp_is_post_revision( $post ) || wp_is_post_autosave( $post ) ) {
			return;
		}
		if ( 'publish' === $new_status ) {
			$action = 'publish' === $old_status ? 'update' : 'publish';
		} elseif ( 'publish' === $old_status ) {
			// Unpublished: trashed, or back to draft/pending/private, gone from the site either way.
			$action = 'trash' === $new_status ? 'trash' : 'update';
		} else {
			return;
		}
		Purge_Queue::add( $post->post_type, $post->ID, public_slug( $post ), $action );
	},
	10,
	3
);

// A published item whose slug changed: the old slug's cache entry must go too.
add_action(
	'post_updated',
	static function ( $post_id, $after, $before ) {
		if ( ! $after instanceof \WP_Post || ! $before instanceof \WP_Post ) {
			return;
		}
		if ( ! in_array( $after->post_type, purged_post_types(), true ) || 'publish' !== $before->post_status ) {
			return;
		}
		if ( 'trash' !== $after->post_status && $before->post_name !== $after->post_name && '' !== $before->post_name ) {
			Purge_Queue::add( $before->post_type, (int) $post_id, $before->post_name, 'update' );
		}
	},
	10,
	3
);

add_action(
	'before_delete_post',
	static function ( $post_id, $post = null ) {
		$post = $post instanceof \WP_Post ? $post : get_post( $post_id );
		if ( ! $post || ! in_array( $post->post_type, purged_post_types(), true ) ) {
			return;
		}
		$was_public = 'publish' === $post->post_status
			|| ( 'trash' === $post->post_status && 'publish' === get_post_meta( $post->ID, '_wp_trash_meta_status', true ) );
		if ( $was_public ) {
			Purge_Queue::add( $post->post_type, $post->ID, public_slug( $post ), 'delete' );
		}
	},
	10,
	2
);

add_action(
	'add_attachment',
	static function ( $post_id ) {
		$post = get_post( $post_id );
		if ( $post ) {
			Purge_Queue::add( 'attachment', $post->ID, $post->post_name, 'publish' );
		}
	}
);

add_action(
	'attachment_updated',
	static function ( $post_id, $after ) {
		if ( $after instanceof \WP_Post ) {
			Purge_Queue::add( 'attachment', (int) $post_id, $after->post_name, 'update' );
		}
	},
	10,
	2
);

// Alt text lives in post meta, edited without touching the attachment post itself.
$lawfirm_alt_changed = static function ( $meta_id, $object_id, $meta_key ) {
	if ( '_wp_attachment_image_alt' === $meta_key ) {
		$post = get_post( $object_id );
		if ( $post && 'attachment' === $post->post_type ) {
			Purge_Queue::add( 'attachment', $post->ID, $post->post_name, 'update' );
		}
	}
};
add_action( 'added_post_meta', $lawfirm_alt_changed, 10, 3 );
add_action( 'updated_post_meta', $lawfirm_alt_changed, 10, 3 );

add_action(
	'delete_attachment',
	static function ( $post_id, $post = null ) {
		$post = $post instanceof \WP_Post ? $post : get_post( $post_id );
		if ( $post ) {
			Purge_Queue::add( 'attachment', $post->ID, $post->post_name, 'delete' );
		}
	},
	10,
	2
);

add_action(
	'created_category',
	static function ( $term_id ) {
		$term = get_term( (int) $term_id, 'category' );
		if ( $term instanceof \WP_Term ) {
			Purge_Queue::add( 'category', $term->term_id, $term->slug, 'create' );
		}
	}
);

add_action(
	'edited_category',
	static function ( $term_id ) {
		$term = get_term( (int) $term_id, 'category' );
		if ( $term instanceof \WP_Term ) {
			Purge_Queue::add( 'category', $term->term_id, $term->slug, 'update' );
		}
	}
);

add_action(
	'delete_category',
	static function ( $term_id, $tt_id = 0, $deleted = null ) {
		$slug = $deleted instanceof \WP_Term ? $deleted->slug : '';
		Purge_Queue::add( 'category', (int) $term_id, $slug, 'delete' );
	},
	10,
	3
);
