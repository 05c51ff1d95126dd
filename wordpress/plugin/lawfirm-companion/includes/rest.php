<?php
/**
 * REST fields: banner_settings (posts), seo_meta (posts, pages), page_structure (pages, practice
 * areas), author_name and word_count (posts, read-only) and practice_icon (practice areas).
 *
 * WordPress validates writes against each field's schema before the update callback runs
 * (wrong types, unknown sub-fields, bad colours or URLs -> 400 rest_invalid_param).
 *
 * @package LawFirmCompanion
 */

namespace LawFirm\Companion;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

add_action( 'rest_api_init', __NAMESPACE__ . '\\register_rest_fields' );

function register_rest_fields(): void {
	foreach ( field_names() as $field ) {
		register_rest_field(
			field_def( $field )['objectTypes'],
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
