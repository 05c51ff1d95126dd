<?php
/**
 * Enquiries from the website's contact form. The site's gateway delivers each one to
 * POST /wp-json/lawfirm/v1/enquiries with an idempotency key (a UUID it wrote to its outbox with
 * the enquiry). The route stores at most one private `enquiry` post per key: a repeat (a retry after
 * a lost answer, a replay after the gateway restarted) is answered with the post already stored,
 * 200 instead of 201. Concurrent requests with the same key are serialised by a database lock.
 *
 * Staff read enquiries in wp-admin (Enquiries); the list shows who wrote, how to reach them and when.
 * A new enquiry is stored first and only then announced by mail (includes/notify.php); whether
 * that mail went out is kept on the enquiry and shown in its list column and edit screen.
 *
 * @package LawFirmCompanion
 */

namespace LawFirm\Companion;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** Post meta holding an enquiry's idempotency key. */
const ENQUIRY_KEY_META = '_lawfirm_idempotency_key';
/**
 * Post meta holding the enquiry's fields (name, email, phone, subject, practice_area, received_at),
 * and phone_e164: the phone number in E.164 (+911204001985), absent on enquiries from before the
 * website sent it.
 */
const ENQUIRY_FIELDS_META = '_lawfirm_enquiry';
/** A lower-case UUID. */
const ENQUIRY_KEY_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

add_action( 'init', __NAMESPACE__ . '\\register_enquiry_meta', 6 );
add_action( 'rest_api_init', __NAMESPACE__ . '\\register_enquiry_routes' );
add_filter( 'manage_enquiry_posts_columns', __NAMESPACE__ . '\\enquiry_columns' );
add_action( 'manage_enquiry_posts_custom_column', __NAMESPACE__ . '\\enquiry_column', 10, 2 );
add_action( 'add_meta_boxes_enquiry', __NAMESPACE__ . '\\add_notify_status_box' );

function register_enquiry_meta(): void {
	$can_edit = static fn( $allowed, $key, $post_id ) => current_user_can( 'edit_post', $post_id );
	register_post_meta(
		'enquiry',
		ENQUIRY_KEY_META,
		array(
			'type'              => 'string',
			'single'            => true,
			'show_in_rest'      => false,
			'description'       => __( 'Idempotency key the website delivered the enquiry with.', 'lawfirm-companion' ),
			'sanitize_callback' => static fn( $value ) => is_string( $value ) && preg_match( '#' . ENQUIRY_KEY_PATTERN . '#', $value ) ? $value : '',
			'auth_callback'     => $can_edit,
		)
	);
	register_post_meta(
		'enquiry',
		ENQUIRY_FIELDS_META,
		array(
			'type'          => 'object',
			'single'        => true,
			'show_in_rest'  => false,
			'description'   => __( 'The fields of the enquiry as the visitor sent them.', 'lawfirm-companion' ),
			'auth_callback' => $can_edit,
		)
	);
	register_post_meta(
		'enquiry',
		NOTIFY_STATUS_META,
		array(
			'type'          => 'object',
			'single'        => true,
			'show_in_rest'  => false,
			'description'   => __( 'Whether staff were told about the enquiry by mail.', 'lawfirm-companion' ),
			'auth_callback' => $can_edit,
		)
	);
}

function register_enquiry_routes(): void {
	register_rest_route(
		'lawfirm/v1',
		'/enquiries',
		array(
			'methods'             => \WP_REST_Server::CREATABLE,
			'callback'            => __NAMESPACE__ . '\\rest_create_enquiry',
			'permission_callback' => __NAMESPACE__ . '\\can_create_enquiries',
			// The website validates more strictly (and first); these bounds are only a backstop, wide
			// enough never to refuse what the website accepted.
			'args'                => array(
				'idempotency_key' => array(
					'type'     => 'string',
					'required' => true,
					'pattern'  => ENQUIRY_KEY_PATTERN,
				),
				'received_at'     => array(
					'type'   => 'string',
					'format' => 'date-time',
				),
				'name'            => array(
					'type'      => 'string',
					'required'  => true,
					'minLength' => 1,
					'maxLength' => 200,
				),
				'email'           => array(
					'type'      => 'string',
					'required'  => true,
					'minLength' => 3,
					'maxLength' => 254,
				),
				'phone'           => array(
					'type'      => 'string',
					'required'  => true,
					'minLength' => 1,
					'maxLength' => 40,
				),
				// The same number in E.164, as the website read it; optional, for older gateways.
				'phone_e164'      => array(
					'type'    => array( 'string', 'null' ),
					'pattern' => '^\\+[0-9]{4,20}$',
				),
				'subject'         => array(
					'type'      => array( 'string', 'null' ),
					'maxLength' => 400,
				),
				'message'         => array(
					'type'      => 'string',
					'required'  => true,
					'minLength' => 1,
					'maxLength' => 10000,
				),
				// A practice area's slug, built-in or a practice_area post's (post_name: up to 200).
				'practice_area'   => array(
					'type'      => array( 'string', 'null' ),
					'maxLength' => 200,
				),
			),
		)
	);

	register_rest_field(
		'enquiry',
		'idempotency_key',
		array(
			'get_callback' => static function ( array $data ) {
				$key = get_post_meta( (int) $data['id'], ENQUIRY_KEY_META, true );
				return is_string( $key ) && '' !== $key ? $key : null;
			},
			'schema'       => array(
				'description' => __( 'Idempotency key the website delivered the enquiry with.', 'lawfirm-companion' ),
				'type'        => array( 'string', 'null' ),
				'readonly'    => true,
				'context'     => array( 'view', 'edit' ),
			),
		)
	);

	register_rest_field(
		'enquiry',
		'notify_status',
		array(
			'get_callback' => static function ( array $data ) {
				$status = notify_status( (int) $data['id'] );
				if ( null === $status ) {
					return null;
				}
				$status['time'] = $status['time'] > 0 ? gmdate( 'Y-m-d\\TH:i:s\\Z', $status['time'] ) : null;
				return $status;
			},
			'schema'       => array(
				'description' => __( 'Outcome of the mail telling staff about the enquiry (pending, sent, failed, skipped).', 'lawfirm-companion' ),
				'type'        => array( 'object', 'null' ),
				'readonly'    => true,
				'context'     => array( 'view', 'edit' ),
				'properties'  => array(
					'status'     => array(
						'type' => 'string',
						'enum' => array( 'pending', 'sent', 'failed', 'skipped' ),
					),
					'time'       => array(
						'type'   => array( 'string', 'null' ),
						'format' => 'date-time',
					),
					'recipients' => array( 'type' => 'integer' ),
					'error'      => array( 'type' => 'string' ),
				),
			),
		)
	);
}

/** @return true|\WP_Error */
function can_create_enquiries() {
	$type = get_post_type_object( 'enquiry' );
	if ( $type && current_user_can( $type->cap->create_posts ) ) {
		return true;
	}
	return new \WP_Error(
		'rest_forbidden',
		__( 'Sorry, you are not allowed to do that.', 'lawfirm-companion' ),
		array( 'status' => rest_authorization_required_code() )
	);
}

/** The enquiry post stored under a key, in any status (trash included), or 0. */
function find_enquiry_by_key( string $key ): int {
	global $wpdb;
	$id = $wpdb->get_var(
		$wpdb->prepare(
			"SELECT p.ID FROM {$wpdb->posts} p INNER JOIN {$wpdb->postmeta} m ON m.post_id = p.ID
			WHERE p.post_type = 'enquiry' AND m.meta_key = %s AND m.meta_value = %s ORDER BY p.ID ASC LIMIT 1",
			ENQUIRY_KEY_META,
			$key
		)
	);
	return $id ? (int) $id : 0;
}

/** Title of a practice area for the enquiry's own text and list column; the slug when unknown. */
function practice_area_title( string $slug ): string {
	$title = known_practice_area_title( $slug );
	return '' !== $title ? $title : $slug;
}

/** @return \WP_REST_Response|\WP_Error */
function rest_create_enquiry( \WP_REST_Request $request ) {
	global $wpdb;
	$key  = (string) $request['idempotency_key'];
	$lock = 'lawfirm_enquiry_' . $key;
	// Two deliveries of one key at once (a retry while the first is still being stored) must not
	// both find nothing and both insert.
	$locked = $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, %d)', $lock, 10 ) );
	if ( '1' !== (string) $locked ) {
		return new \WP_Error(
			'lawfirm_enquiry_busy',
			__( 'This enquiry is being stored by another request; try again.', 'lawfirm-companion' ),
			array( 'status' => 503 )
		);
	}
	try {
		$existing = find_enquiry_by_key( $key );
		if ( $existing > 0 ) {
			return enquiry_response( $existing, false );
		}
		$post_id = insert_enquiry( $key, $request );
		if ( is_wp_error( $post_id ) ) {
			$post_id->add_data( array( 'status' => 500 ) );
			return $post_id;
		}
		notify_staff( $post_id );
		return enquiry_response( $post_id, true );
	} finally {
		$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', $lock ) );
	}
}

/** @return int|\WP_Error */
function insert_enquiry( string $key, \WP_REST_Request $request ) {
	$name     = sanitize_text_field( (string) $request['name'] );
	$email    = sanitize_text_field( (string) $request['email'] );
	$phone    = sanitize_text_field( (string) $request['phone'] );
	$e164     = preg_replace( '/[^0-9+]/', '', (string) ( $request['phone_e164'] ?? '' ) );
	$subject  = sanitize_text_field( (string) ( $request['subject'] ?? '' ) );
	$practice = sanitize_title( (string) ( $request['practice_area'] ?? '' ) );
	$message  = sanitize_textarea_field( (string) $request['message'] );
	$received = (string) ( $request['received_at'] ?? '' );
	$time     = '' !== $received ? rest_parse_date( $received ) : false;
	// The post is dated when the visitor wrote, not when WordPress came back after an outage.
	$gmt = gmdate( 'Y-m-d H:i:s', false !== $time ? (int) $time : time() );

	$practice_title = '' !== $practice ? practice_area_title( $practice ) : '';
	$topic          = '' !== $subject ? $subject : ( '' !== $practice_title ? $practice_title : __( 'Enquiry', 'lawfirm-companion' ) );

	$rows = array(
		__( 'Name', 'lawfirm-companion' )          => $name,
		__( 'E-mail', 'lawfirm-companion' )        => $email,
		__( 'Phone', 'lawfirm-companion' )         => $phone,
		__( 'Phone (E.164)', 'lawfirm-companion' ) => $e164 !== $phone ? $e164 : '',
		__( 'Practice area', 'lawfirm-companion' ) => $practice_title,
		__( 'Subject', 'lawfirm-companion' )       => $subject,
	);
	$content = '';
	foreach ( $rows as $label => $value ) {
		if ( '' !== $value ) {
			$content .= '<p><strong>' . esc_html( $label ) . ':</strong> ' . esc_html( $value ) . "</p>\n";
		}
	}
	$content .= '<p>' . nl2br( esc_html( $message ), false ) . "</p>\n";

	return wp_insert_post(
		wp_slash(
			array(
				'post_type'      => 'enquiry',
				'post_status'    => 'private',
				'post_title'     => $name . ' — ' . $topic,
				'post_content'   => $content,
				'post_date_gmt'  => $gmt,
				'post_date'      => get_date_from_gmt( $gmt ),
				'comment_status' => 'closed',
				'ping_status'    => 'closed',
				'meta_input'     => array(
					ENQUIRY_KEY_META    => $key,
					// Stored with the post: an enquiry whose mail never got a verdict says so.
					NOTIFY_STATUS_META  => notify_status_value( 'pending' ),
					ENQUIRY_FIELDS_META => array(
						'name'          => $name,
						'email'         => $email,
						'phone'         => $phone,
						'phone_e164'    => $e164,
						'subject'       => $subject,
						'practice_area' => $practice,
						'message'       => $message,
						'received_at'   => gmdate( 'c', strtotime( $gmt . ' UTC' ) ),
					),
				),
			)
		),
		true
	);
}

function enquiry_response( int $post_id, bool $created ): \WP_REST_Response {
	return new \WP_REST_Response(
		array(
			'id'              => $post_id,
			'created'         => $created,
			'status'          => get_post_status( $post_id ),
			'idempotency_key' => get_post_meta( $post_id, ENQUIRY_KEY_META, true ),
		),
		$created ? 201 : 200
	);
}

/** @param array<string, string> $columns */
function enquiry_columns( array $columns ): array {
	$out = array();
	foreach ( $columns as $key => $label ) {
		$out[ $key ] = $label;
		if ( 'title' === $key ) {
			$out['lawfirm_email']    = __( 'E-mail', 'lawfirm-companion' );
			$out['lawfirm_phone']    = __( 'Phone', 'lawfirm-companion' );
			$out['lawfirm_practice'] = __( 'Practice area', 'lawfirm-companion' );
			$out['lawfirm_notify']   = __( 'Notification', 'lawfirm-companion' );
		}
	}
	return $out;
}

function enquiry_column( string $column, int $post_id ): void {
	if ( 'lawfirm_notify' === $column ) {
		echo notify_status_html( notify_status( $post_id ), false ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped in notify_status_html().
		return;
	}
	$fields = get_post_meta( $post_id, ENQUIRY_FIELDS_META, true );
	if ( ! is_array( $fields ) ) {
		return;
	}
	if ( 'lawfirm_email' === $column && ! empty( $fields['email'] ) ) {
		printf( '<a href="%s">%s</a>', esc_url( 'mailto:' . $fields['email'] ), esc_html( $fields['email'] ) );
	} elseif ( 'lawfirm_phone' === $column && ! empty( $fields['phone'] ) ) {
		// E.164 dials from anywhere; older enquiries have only what the visitor typed.
		$dial = ! empty( $fields['phone_e164'] ) ? $fields['phone_e164'] : preg_replace( '/[^0-9+]/', '', $fields['phone'] );
		printf( '<a href="%s">%s</a>', esc_url( 'tel:' . $dial ), esc_html( $fields['phone'] ) );
	} elseif ( 'lawfirm_practice' === $column && ! empty( $fields['practice_area'] ) ) {
		echo esc_html( practice_area_title( (string) $fields['practice_area'] ) );
	}
}

/**
 * The notification's outcome for people: "Sent", "Failed" with the reason, "Pending" (the request
 * ended before the mail got a verdict) or "Not sent" (no recipient configured).
 *
 * @param array{status: string, time: int, recipients: int, error: string}|null $status
 */
function notify_status_html( ?array $status, bool $detailed ): string {
	if ( null === $status ) {
		return '<span class="lawfirm-notify lawfirm-notify-unknown">—</span>';
	}
	$labels = array(
		'sent'    => __( 'Sent', 'lawfirm-companion' ),
		'failed'  => __( 'Failed', 'lawfirm-companion' ),
		'pending' => __( 'Pending', 'lawfirm-companion' ),
		'skipped' => __( 'Not sent', 'lawfirm-companion' ),
	);
	$label = $labels[ $status['status'] ] ?? $status['status'];
	$style = 'failed' === $status['status'] || 'skipped' === $status['status'] ? ' style="color:#b32d2e;font-weight:600"' : '';
	$html  = sprintf(
		'<span class="lawfirm-notify lawfirm-notify-%s"%s>%s</span>',
		esc_attr( $status['status'] ),
		$style,
		esc_html( $label )
	);
	if ( '' !== $status['error'] ) {
		$html .= $detailed
			? '<p class="lawfirm-notify-error">' . esc_html( $status['error'] ) . '</p>'
			: ' <span class="lawfirm-notify-error" title="' . esc_attr( $status['error'] ) . '">ⓘ</span>';
	}
	if ( $detailed ) {
		if ( $status['time'] > 0 ) {
			$html .= '<p>' . esc_html( wp_date( 'Y-m-d H:i:s', $status['time'] ) ) . '</p>';
		}
		if ( 'failed' === $status['status'] || 'skipped' === $status['status'] || 'pending' === $status['status'] ) {
			$html .= '<p class="description">' . esc_html__( 'Nobody was told about this enquiry by mail. It is stored in full here: reply to the visitor from the details above.', 'lawfirm-companion' ) . '</p>';
		}
	}
	return $html;
}

function add_notify_status_box(): void {
	add_meta_box(
		'lawfirm-notify-status',
		__( 'Staff notification', 'lawfirm-companion' ),
		static function ( \WP_Post $post ) {
			echo notify_status_html( notify_status( $post->ID ), true ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped in notify_status_html().
		},
		'enquiry',
		'side',
		'high'
	);
}
