<?php
/**
 * REST fields: banner_settings (posts), seo_meta (posts, pages), page_structure (pages, practice
 * areas), author_name and word_count (posts, read-only), featured_image (posts, pages, practice
 * areas, read-only) and practice_icon (practice areas).
 *
 * WordPress validates writes against each field's schema before the update callback runs
 * (wrong types, unknown sub-fields, bad colours or URLs -> 400 rest_invalid_param).
 *
 * The firm may run other plugins that provide banner_settings, seo_meta or page_structure
 * themselves. Those three are registered late (FIELDS_PRIORITY) and only where nobody else had:
 * a field another plugin registered with register_rest_field() for a post type is left as it is,
 * and one another plugin registered as post meta of the same name (shown in REST under `meta`) is
 * mirrored, read-only, at the top level the gateway reads; either way the plugin's meta box for
 * it is not shown. On a site with Yoast SEO, seo_meta reads Yoast's meta (includes/yoast.php).
 *
 * @package LawFirmCompanion
 */

namespace LawFirm\Companion;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * After other plugins' rest_api_init work at the usual priority (10), so their fields are known
 * before the plugin decides which of its own to register; and before WordPress builds its routes
 * (create_initial_rest_routes, 99), whose write validation reads the fields' schemas right then.
 */
const FIELDS_PRIORITY = 98;

add_action( 'rest_api_init', __NAMESPACE__ . '\\register_rest_fields' );
add_action( 'rest_api_init', __NAMESPACE__ . '\\register_plugin_fields', FIELDS_PRIORITY );

/**
 * Who provides each of the plugin's fields, per post type, as settled at rest_api_init:
 * "companion", "rest_field" (another plugin's register_rest_field) or "meta" (another plugin's
 * post meta of that name, shown in REST).
 *
 * @param array<string, array<string, string>>|null $set Replaces the record (register_plugin_fields()).
 * @return array<string, array<string, string>>
 */
function field_owners( ?array $set = null ): array {
	static $owners = array();
	if ( null !== $set ) {
		$owners = $set;
	}
	return $owners;
}

/**
 * True when the plugin itself provides a field on a post type. Outside REST requests (wp-admin's
 * edit screens) this sets the REST API up first, as the block editor does for its preloads, so
 * the meta boxes follow exactly what REST shows.
 */
function companion_provides( string $post_type, string $field ): bool {
	if ( ! did_action( 'rest_api_init' ) ) {
		rest_get_server();
	}
	return 'companion' === ( field_owners()[ $post_type ][ $field ] ?? 'companion' );
}

/** Another plugin's post meta named like a field and shown in REST for the post type: its arguments. */
function foreign_meta( string $post_type, string $field ): ?array {
	foreach ( array( $post_type, '' ) as $subtype ) {
		$keys = get_registered_meta_keys( 'post', $subtype );
		if ( isset( $keys[ $field ] ) && ! empty( $keys[ $field ]['show_in_rest'] ) ) {
			return $keys[ $field ];
		}
	}
	return null;
}

function register_plugin_fields(): void {
	global $wp_rest_additional_fields;
	$owners = array();
	foreach ( field_names() as $field ) {
		foreach ( field_def( $field )['objectTypes'] as $post_type ) {
			if ( isset( $wp_rest_additional_fields[ $post_type ][ $field ] ) ) {
				$owners[ $post_type ][ $field ] = 'rest_field';
				continue;
			}
			$meta = foreign_meta( $post_type, $field );
			if ( null !== $meta ) {
				$owners[ $post_type ][ $field ] = 'meta';
				register_meta_mirror( $post_type, $field, $meta );
				continue;
			}
			$owners[ $post_type ][ $field ] = 'companion';
			register_companion_field( $post_type, $field );
		}
	}
	field_owners( $owners );
}

function register_companion_field( string $post_type, string $field ): void {
	if ( 'seo_meta' === $field && yoast_active() ) {
		register_rest_field(
			$post_type,
			$field,
			array(
				'get_callback'    => static fn( array $data ) => read_yoast_seo( (int) $data['id'] ),
				// Yoast owns these values; writing them elsewhere would be lost, writing into
				// Yoast's storage behind its back would bypass what Yoast does on its own saves.
				'update_callback' => static fn() => new \WP_Error(
					'lawfirm_seo_meta_from_yoast',
					__( 'SEO fields come from Yoast SEO on this site: edit them in Yoast\'s box.', 'lawfirm-companion' ),
					array( 'status' => 400 )
				),
				'schema'          => yoast_rest_schema(),
			)
		);
		return;
	}
	register_rest_field(
		$post_type,
		$field,
		array(
			'get_callback'    => static fn( array $data ) => read_field( (int) $data['id'], $field ),
			'update_callback' => static function ( $value, $post ) use ( $field ) {
				if ( ! $post instanceof \WP_Post ) {
					return new \WP_Error( 'rest_invalid_object', 'Not a post.', array( 'status' => 400 ) );
				}
				write_field( $post->ID, $field, $value, true );
				return true;
			},
			'schema'          => rest_schema( $field ),
		)
	);
}

/**
 * The other plugin's meta value at the top level, where the website's gateway reads the field;
 * read-only: it is written through that plugin (or REST `meta`), never by this one.
 */
function register_meta_mirror( string $post_type, string $field, array $meta ): void {
	$type = is_string( $meta['type'] ?? null ) && '' !== $meta['type'] ? $meta['type'] : 'object';
	register_rest_field(
		$post_type,
		$field,
		array(
			'get_callback' => static function ( array $data ) use ( $field ) {
				$value = get_post_meta( (int) $data['id'], $field, true );
				return '' === $value || false === $value ? null : $value;
			},
			'schema'       => array(
				'description' => sprintf(
					/* translators: %s: field name */
					__( 'The %s post meta another plugin provides (read-only here).', 'lawfirm-companion' ),
					$field
				),
				'type'        => array( $type, 'null' ),
				'readonly'    => true,
				'context'     => array( 'view', 'edit', 'embed' ),
			),
		)
	);
}

function register_rest_fields(): void {
	register_rest_field(
		'post',
		'author_name',
		array(
			'get_callback' => static function ( array $data ) {
				$post = get_post( (int) $data['id'] );
				return $post ? author_name( $post ) : '';
			},
			'schema'       => array(
				'description' => __( 'Byline: the post\'s byline override, else its author\'s display name.', 'lawfirm-companion' ),
				'type'        => 'string',
				'readonly'    => true,
				'context'     => array( 'view', 'edit', 'embed' ),
			),
		)
	);

	// Lists of posts ask for this instead of the whole body: the site's reading time is words / 200,
	// and a list without bodies is a tenth of the bytes.
	register_rest_field(
		'post',
		'word_count',
		array(
			'get_callback' => static function ( array $data ) {
				$post = get_post( (int) $data['id'] );
				return $post ? word_count( $post->post_content ) : 0;
			},
			'schema'       => array(
				'description' => __( 'Words in the body\'s text (tags, scripts, styles and shortcodes left out).', 'lawfirm-companion' ),
				'type'        => 'integer',
				'readonly'    => true,
				'context'     => array( 'view', 'edit', 'embed' ),
			),
		)
	);

	// The featured image in the answer itself, as small as the site needs: a page then costs
	// WordPress no /media request for it, and no _embed (whose _links weigh more than the image).
	register_rest_field(
		array( 'post', 'page', 'practice_area' ),
		'featured_image',
		array(
			'get_callback' => static fn( array $data ) => featured_image( (int) get_post_thumbnail_id( (int) $data['id'] ) ),
			'schema'       => array(
				'description' => __( 'The featured image as /wp/v2/media gives it to this visitor (id, URL, size, alt text, type); null when there is none or the visitor may not see it.', 'lawfirm-companion' ),
				'type'        => array( 'object', 'null' ),
				'readonly'    => true,
				'context'     => array( 'view', 'edit', 'embed' ),
				'properties'  => array(
					'id'         => array( 'type' => 'integer' ),
					'source_url' => array(
						'type'   => 'string',
						'format' => 'uri',
					),
					'width'      => array( 'type' => array( 'integer', 'null' ) ),
					'height'     => array( 'type' => array( 'integer', 'null' ) ),
					'alt_text'   => array( 'type' => 'string' ),
					'mime_type'  => array( 'type' => 'string' ),
				),
			),
		)
	);

	register_rest_field(
		'practice_area',
		'practice_icon',
		array(
			'get_callback'    => static fn( array $data ) => practice_icon( (int) $data['id'] ),
			'update_callback' => static function ( $value, $post ) {
				update_post_meta( $post->ID, PRACTICE_ICON_META, clean_practice_icon( $value ) );
				return true;
			},
			'schema'          => array(
				'description' => __( 'Icon of the practice area.', 'lawfirm-companion' ),
				'type'        => 'string',
				'enum'        => icons(),
				'context'     => array( 'view', 'edit', 'embed' ),
			),
		)
	);
}

/**
 * The attachment as the site shows it, or null when there is none or the current visitor may not
 * read it through /wp/v2/media (private, trashed, or attached to a post they may not see): the same
 * check as the media endpoint, so a private attachment never leaks through a public post.
 *
 * @return array<string, mixed>|null
 */
function featured_image( int $id ): ?array {
	$attachment = $id > 0 ? get_post( $id ) : null;
	if ( ! $attachment instanceof \WP_Post || 'attachment' !== $attachment->post_type ) {
		return null;
	}
	$controller = get_post_type_object( 'attachment' )->get_rest_controller();
	if ( ! $controller instanceof \WP_REST_Posts_Controller || ! $controller->check_read_permission( $attachment ) ) {
		return null;
	}
	$url = wp_get_attachment_url( $id );
	if ( ! $url ) {
		return null;
	}
	$meta = wp_get_attachment_metadata( $id );
	$meta = is_array( $meta ) ? $meta : array();
	return array(
		'id'         => $id,
		'source_url' => $url,
		'width'      => isset( $meta['width'] ) ? (int) $meta['width'] : null,
		'height'     => isset( $meta['height'] ) ? (int) $meta['height'] : null,
		'alt_text'   => (string) get_post_meta( $id, '_wp_attachment_image_alt', true ),
		'mime_type'  => (string) $attachment->post_mime_type,
	);
}

/**
 * Words of a body's text, counted as the site counts them: whitespace-separated runs holding at
 * least one letter or digit. Tags become spaces first, so "<li>a</li><li>b</li>" is two words.
 */
function word_count( string $html ): int {
	$html = strip_shortcodes( $html );
	$html = (string) preg_replace( '@<(script|style|template)[^>]*?>.*?</\\1>@si', ' ', $html );
	$html = (string) preg_replace( '/<!--.*?-->/s', ' ', $html );
	$text = html_entity_decode( (string) preg_replace( '/<[^>]*>/', ' ', $html ), ENT_QUOTES | ENT_HTML5, 'UTF-8' );
	if ( ! preg_match_all( '/\S+/u', $text, $matches ) ) {
		return 0;
	}
	$count = 0;
	foreach ( $matches[0] as $token ) {
		if ( preg_match( '/[\p{L}\p{N}]/u', $token ) ) {
			++$count;
		}
	}
	return $count;
}

/**
 * Enquiries hold visitors' personal data: unlike core post types, even a published enquiry is
 * readable only by users who can edit posts, and only they may create one.
 */
class Enquiry_Controller extends \WP_REST_Posts_Controller {

	private function can_edit(): bool {
		$type = get_post_type_object( $this->post_type );
		return $type && current_user_can( $type->cap->edit_posts );
	}

	private function forbidden(): \WP_Error {
		return new \WP_Error(
			'rest_forbidden',
			__( 'Sorry, you are not allowed to do that.', 'lawfirm-companion' ),
			array( 'status' => rest_authorization_required_code() )
		);
	}

	public function get_items_permissions_check( $request ) {
		return $this->can_edit() ? parent::get_items_permissions_check( $request ) : $this->forbidden();
	}

	public function get_item_permissions_check( $request ) {
		return $this->can_edit() ? parent::get_item_permissions_check( $request ) : $this->forbidden();
	}

	public function create_item_permissions_check( $request ) {
		return $this->can_edit() ? parent::create_item_permissions_check( $request ) : $this->forbidden();
	}

	public function check_read_permission( $post ) {
		return $this->can_edit() && parent::check_read_permission( $post );
	}
}
