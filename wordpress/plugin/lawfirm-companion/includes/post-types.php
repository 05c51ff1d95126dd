<?php
/**
 * Post types and post meta: practice areas (public, in REST as practice_areas), enquiries
 * (private, REST for editors only) and the meta keys behind the REST fields.
 *
 * @package LawFirmCompanion
 */

namespace LawFirm\Companion;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

add_action( 'init', __NAMESPACE__ . '\\register_post_types', 5 );
add_action( 'init', __NAMESPACE__ . '\\register_meta_keys', 6 );
add_action( 'init', __NAMESPACE__ . '\\maybe_flush_rewrites', 99 );
add_action( 'after_setup_theme', __NAMESPACE__ . '\\add_thumbnail_support', 99 );

/** Meta key of the byline shown instead of the author's display name. */
const AUTHOR_NAME_META = '_lawfirm_author_name';
/** Meta key of a practice area's icon (visible in the custom-fields box and REST `meta`). */
const PRACTICE_ICON_META = 'practice_icon';

function register_post_types(): void {
	register_post_type(
		'practice_area',
		array(
			'labels'          => array(
				'name'               => __( 'Practice areas', 'lawfirm-companion' ),
				'singular_name'      => __( 'Practice area', 'lawfirm-companion' ),
				'add_new_item'       => __( 'Add new practice area', 'lawfirm-companion' ),
				'edit_item'          => __( 'Edit practice area', 'lawfirm-companion' ),
				'new_item'           => __( 'New practice area', 'lawfirm-companion' ),
				'view_item'          => __( 'View practice area', 'lawfirm-companion' ),
				'search_items'       => __( 'Search practice areas', 'lawfirm-companion' ),
				'not_found'          => __( 'No practice areas found', 'lawfirm-companion' ),
				'not_found_in_trash' => __( 'No practice areas in the trash', 'lawfirm-companion' ),
				'all_items'          => __( 'All practice areas', 'lawfirm-companion' ),
			),
			'description'     => __( 'Areas of law the firm practises; each has an icon and a page structure.', 'lawfirm-companion' ),
			'public'          => true,
			'show_in_rest'    => true,
			'rest_base'       => 'practice_areas',
			'menu_icon'       => 'dashicons-portfolio',
			'menu_position'   => 21,
			'has_archive'     => false,
			'rewrite'         => array(
				'slug'       => 'practice-area',
				'with_front' => false,
			),
			'capability_type' => 'post',
			'map_meta_cap'    => true,
			// page-attributes: the "Order" box, which the site lists practice areas by (menu_order,
			// then title); it also puts menu_order in the REST answers. revisions and autosave: the
			// site's preview reads the latest autosave (/wp/v2/practice_areas/{id}/autosaves), and
			// editors get the revisions screen as for posts and pages.
			'supports'        => array( 'title', 'editor', 'excerpt', 'thumbnail', 'custom-fields', 'page-attributes', 'revisions', 'autosave' ),
		)
	);

	register_post_type(
		'enquiry',
		array(
			'labels'                => array(
				'name'          => __( 'Enquiries', 'lawfirm-companion' ),
				'singular_name' => __( 'Enquiry', 'lawfirm-companion' ),
				'edit_item'     => __( 'Enquiry', 'lawfirm-companion' ),
				'all_items'     => __( 'All enquiries', 'lawfirm-companion' ),
				'not_found'     => __( 'No enquiries', 'lawfirm-companion' ),
			),
			'description'           => __( 'Messages sent through the website. Personal data: never public.', 'lawfirm-companion' ),
			'public'                => false,
			'publicly_queryable'    => false,
			'exclude_from_search'   => true,
			'show_ui'               => true,
			'show_in_menu'          => true,
			'show_in_nav_menus'     => false,
			'show_in_admin_bar'     => false,
			'show_in_rest'          => true,
			'rest_base'             => 'enquiries',
			'rest_controller_class' => Enquiry_Controller::class,
			'menu_icon'             => 'dashicons-email-alt',
			'menu_position'         => 22,
			'has_archive'           => false,
			'rewrite'               => false,
			'query_var'             => false,
			'capability_type'       => 'post',
			'map_meta_cap'          => true,
			'supports'              => array( 'title', 'editor', 'custom-fields' ),
		)
	);
}

function register_meta_keys(): void {
	foreach ( field_names() as $field ) {
		$def = field_def( $field );
		foreach ( $def['objectTypes'] as $post_type ) {
			register_post_meta(
				$post_type,
				$def['metaKey'],
				array(
					'type'              => 'object',
					'single'            => true,
					'show_in_rest'      => false,
					'description'       => $def['description'],
					// Runs on every update_post_meta(), whichever path the value comes from.
					'sanitize_callback' => static fn( $value ) => normalize( $field, $value ),
					'auth_callback'     => static fn( $allowed, $key, $post_id ) => current_user_can( 'edit_post', $post_id ),
				)
			);
		}
	}

	register_post_meta(
		'post',
		AUTHOR_NAME_META,
		array(
			'type'              => 'string',
			'single'            => true,
			'show_in_rest'      => false,
			'description'       => __( 'Byline shown instead of the author\'s display name.', 'lawfirm-companion' ),
			'sanitize_callback' => static fn( $value ) => clean_text( $value, 120, false ),
			'auth_callback'     => static fn( $allowed, $key, $post_id ) => current_user_can( 'edit_post', $post_id ),
		)
	);

	register_post_meta(
		'practice_area',
		PRACTICE_ICON_META,
		array(
			'type'              => 'string',
			'single'            => true,
			'default'           => default_icon(),
			'description'       => __( 'Icon of the practice area.', 'lawfirm-companion' ),
			'show_in_rest'      => array(
				'schema' => array(
					'type' => 'string',
					'enum' => icons(),
				),
			),
			'sanitize_callback' => static fn( $value ) => clean_practice_icon( $value ),
			'auth_callback'     => static fn( $allowed, $key, $post_id ) => current_user_can( 'edit_post', $post_id ),
		)
	);
}

/**
 * Must-use plugins get no activation hook, so the practice-area permalinks are flushed
 * once per plugin version instead.
 */
function maybe_flush_rewrites(): void {
	if ( wp_installing() ) {
		return;
	}
	if ( get_option( 'lawfirm_companion_rewrites' ) !== LAWFIRM_COMPANION_VERSION ) {
		flush_rewrite_rules( false );
		update_option( 'lawfirm_companion_rewrites', LAWFIRM_COMPANION_VERSION );
	}
}

/** Featured images must work whatever theme the firm's WordPress runs. */
function add_thumbnail_support(): void {
	$current = get_theme_support( 'post-thumbnails' );
	if ( true === $current ) {
		return;
	}
	$types = is_array( $current ) && isset( $current[0] ) && is_array( $current[0] ) ? $current[0] : array();
	add_theme_support( 'post-thumbnails', array_values( array_unique( array_merge( $types, array( 'post', 'page', 'practice_area' ) ) ) ) );
}

/**
 * Stored value of a field, complete and clean; null when it was never set (a page without a
 * page structure), so readers can tell "absent" from "set to empty values".
 */
function read_field( int $post_id, string $field ): ?array {
	$stored = get_post_meta( $post_id, field_def( $field )['metaKey'], true );
	return is_array( $stored ) ? normalize( $field, $stored ) : null;
}

/**
 * Saves a field. With $merge the incoming sub-fields update the stored value (REST writes may
 * be partial); without it the incoming value replaces it (the meta box posts the whole form).
 *
 * @param mixed $value
 */
function write_field( int $post_id, string $field, $value, bool $merge ): array {
	$base  = $merge ? read_field( $post_id, $field ) : null;
	$clean = normalize( $field, $value, $base );
	// update_post_meta() unslashes its input; slash so backslashes in content survive.
	update_post_meta( $post_id, field_def( $field )['metaKey'], wp_slash( $clean ) );
	return $clean;
}

function author_name( \WP_Post $post ): string {
	$override = get_post_meta( $post->ID, AUTHOR_NAME_META, true );
	if ( is_string( $override ) && '' !== $override ) {
		return $override;
	}
	$name = get_the_author_meta( 'display_name', (int) $post->post_author );
	return is_string( $name ) ? $name : '';
}

function practice_icon( int $post_id ): string {
	return clean_practice_icon( get_post_meta( $post_id, PRACTICE_ICON_META, true ) );
}
