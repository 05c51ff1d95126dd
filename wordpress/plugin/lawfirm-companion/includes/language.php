<?php
/**
 * Content in its language (brief §10): each post, page and practice area has a language and may
 * link to the same content in the other one.
 *
 * - Post meta `lawfirm_language` ("", "en", "hi") and `lawfirm_translation` (the id of the item of
 *   the same type in the other language, 0 = none), shown in REST as `language` and `translation`
 *   and edited in the Language box (includes/meta-boxes.php). REST also shows `translation_ref`,
 *   the published translation's id, slug and language (null when there is none), so that the
 *   website can link to it without asking WordPress again; a translation's save purges the site's
 *   copy of the item that links to it, whose `translation_ref` it changes.
 * - Every item has a language: a save that leaves it unset sets it from the text's script (Hindi
 *   when a third of the letters are Devanagari), and the items saved before this existed are
 *   filled once (an upgrade routine, versioned by an option). REST shows the stored value, or the
 *   detected one when none is stored yet.
 * - `GET /wp/v2/posts?lawfirm_language=hi` lists only the posts in that language, so the website's
 *   pages and totals are WordPress's own. With Polylang active its language decides instead.
 * - Categories show `language_counts`, their published posts per language (`{"en": 4, "hi": 1}`), so
 *   each language's blog offers the categories it has posts in, with their counts. Null with
 *   Polylang active: its categories are in one language each (their `lang`).
 * - A link is kept both ways where it can be: linking A to B links B back to A when B links
 *   nowhere, and unlinking A unlinks a B that pointed back.
 *
 * @package LawFirmCompanion
 */

namespace LawFirm\Companion;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** Meta key of an item's language ("", "en", "hi"). */
const LANGUAGE_META = 'lawfirm_language';
/** Meta key of the id of the same content in the other language (0 = none). */
const TRANSLATION_META = 'lawfirm_translation';
/** The option recording which version of the language backfill ran. */
const LANGUAGE_BACKFILL_OPTION = 'lawfirm_companion_language_backfill';
const LANGUAGE_BACKFILL_VERSION = '1';
/** Items the backfill labels per request, so no request of an old, large site runs long. */
const LANGUAGE_BACKFILL_BATCH = 200;

add_action( 'init', __NAMESPACE__ . '\\register_language_meta', 7 );
add_action( 'init', __NAMESPACE__ . '\\maybe_backfill_languages', 100 );
add_action( 'rest_api_init', __NAMESPACE__ . '\\register_language_fields' );
add_action( 'save_post', __NAMESPACE__ . '\\fill_language_on_save', 20, 2 );
add_action( 'transition_post_status', __NAMESPACE__ . '\\purge_linking_item', 20, 3 );
add_filter( 'rest_post_collection_params', __NAMESPACE__ . '\\language_collection_param' );
add_filter( 'rest_post_query', __NAMESPACE__ . '\\filter_posts_by_language', 10, 2 );

/** @return string[] The post types that carry a language. */
function language_post_types(): array {
	return array( 'post', 'page', 'practice_area' );
}

function polylang_active(): bool {
	return function_exists( 'pll_get_post_language' );
}

function register_language_meta(): void {
	foreach ( language_post_types() as $post_type ) {
		register_post_meta(
			$post_type,
			LANGUAGE_META,
			array(
				'type'              => 'string',
				'single'            => true,
				'default'           => '',
				'show_in_rest'      => false,
				'description'       => __( 'Language of the content: en, hi, or empty (told from the text).', 'lawfirm-companion' ),
				'sanitize_callback' => static fn( $value ) => clean_language( $value ),
				'auth_callback'     => static fn( $allowed, $key, $post_id ) => current_user_can( 'edit_post', $post_id ),
			)
		);
		register_post_meta(
			$post_type,
			TRANSLATION_META,
			array(
				'type'              => 'integer',
				'single'            => true,
				'default'           => 0,
				'show_in_rest'      => false,
				'description'       => __( 'ID of the same content in the other language (0: none).', 'lawfirm-companion' ),
				'sanitize_callback' => static fn( $value ) => clean_translation( $value ),
				'auth_callback'     => static fn( $allowed, $key, $post_id ) => current_user_can( 'edit_post', $post_id ),
			)
		);
	}
}

/** The language the post's own title and body are written in. */
function detected_language( \WP_Post $post ): string {
	return detect_language( language_text( (string) $post->post_title, (string) $post->post_content ) );
}

/** The stored language, else the one its text is in. */
function post_language( int $post_id ): string {
	$stored = clean_language( get_post_meta( $post_id, LANGUAGE_META, true ) );
	if ( '' !== $stored ) {
		return $stored;
	}
	$post = get_post( $post_id );
	return $post instanceof \WP_Post ? detected_language( $post ) : 'en';
}

/**
 * Stores a language; "" (automatic) stores the one the text is in now, so that every item keeps
 * one and the language filter finds it.
 *
 * @param mixed $value
 */
function write_language( int $post_id, $value ): string {
	$language = clean_language( $value );
	if ( '' === $language ) {
		$post     = get_post( $post_id );
		$language = $post instanceof \WP_Post ? detected_language( $post ) : '';
	}
	if ( get_post_meta( $post_id, LANGUAGE_META, true ) !== $language ) {
		update_post_meta( $post_id, LANGUAGE_META, $language );
	}
	return $language;
}

function post_translation( int $post_id ): int {
	return clean_translation( get_post_meta( $post_id, TRANSLATION_META, true ) );
}

/**
 * Why a post may not link to a target, or null when it may: the target must be another item of
 * the same type.
 */
function translation_error( \WP_Post $post, int $target ): ?\WP_Error {
	if ( 0 === $target ) {
		return null;
	}
	$other = get_post( $target );
	if ( $target === $post->ID || ! $other instanceof \WP_Post || $other->post_type !== $post->post_type ) {
		return new \WP_Error(
			'lawfirm_invalid_translation',
			__( 'A translation must be another item of the same type (or 0 for none).', 'lawfirm-companion' ),
			array( 'status' => 400 )
		);
	}
	return null;
}

/**
 * Links a post to its translation (0: none), and the translation back to it when it links
 * nowhere; a former translation that pointed back is unlinked. The other item's page on the site
 * is purged too when it is published.
 */
function link_translation( int $post_id, int $target ): void {
	$old = post_translation( $post_id );
	if ( $old === $target ) {
		return;
	}
	update_post_meta( $post_id, TRANSLATION_META, $target );
	if ( $old > 0 && post_translation( $old ) === $post_id ) {
		update_post_meta( $old, TRANSLATION_META, 0 );
		purge_linked( $old );
	}
	if ( $target > 0 && 0 === post_translation( $target ) ) {
		update_post_meta( $target, TRANSLATION_META, $post_id );
		purge_linked( $target );
	}
}

/** The site's cached copy of an item whose link changed without a save of its own. */
function purge_linked( int $post_id ): void {
	$post = get_post( $post_id );
	if ( $post instanceof \WP_Post && 'publish' === $post->post_status && class_exists( __NAMESPACE__ . '\\Purge_Queue' ) ) {
		Purge_Queue::add( $post->post_type, $post->ID, public_slug( $post ), 'update' );
	}
}

/**
 * The published translation an item links to, as the website needs it to link there: its id, slug
 * and language; null when the item links nowhere or its translation is not published.
 *
 * @return array{id: int, slug: string, language: string}|null
 */
function translation_ref( int $post_id ): ?array {
	$target = post_translation( $post_id );
	if ( $target <= 0 ) {
		return null;
	}
	$other = get_post( $target );
	if ( ! $other instanceof \WP_Post || 'publish' !== $other->post_status || get_post_type( $post_id ) !== $other->post_type ) {
		return null;
	}
	return array(
		'id'       => $other->ID,
		'slug'     => $other->post_name,
		'language' => post_language( $other->ID ),
	);
}

/**
 * An item's slug, status or language changes what the item it translates shows as `translation_ref`:
 * every save of a linked item purges the site's copy of the other one.
 *
 * @param string   $new_status
 * @param string   $old_status
 * @param \WP_Post $post
 */
function purge_linking_item( $new_status, $old_status, $post ): void {
	if ( ! $post instanceof \WP_Post || ! in_array( $post->post_type, language_post_types(), true ) ) {
		return;
	}
	if ( 'publish' !== $new_status && 'publish' !== $old_status ) {
		return;
	}
	$linked = post_translation( $post->ID );
	if ( $linked > 0 && $linked !== $post->ID ) {
		purge_linked( $linked );
	}
}

/**
 * A read-only REST field whose value is an object of the given properties (name => JSON type), or null.
 *
 * @param string|string[]       $types
 * @param callable              $get
 * @param array<string, string> $properties
 */
function readonly_object_field( $types, string $name, callable $get, string $description, array $properties ): void {
	register_rest_field(
		$types,
		$name,
		array(
			'get_callback' => $get,
			'schema'       => array(
				'description' => $description,
				'type'        => array( 'object', 'null' ),
				'readonly'    => true,
				'context'     => array( 'view', 'edit', 'embed' ),
				'properties'  => array_map( static fn( string $type ) => array( 'type' => $type ), $properties ),
			),
		)
	);
}

function register_language_fields(): void {
	register_rest_field(
		language_post_types(),
		'language',
		array(
			'get_callback'    => static fn( array $data ) => post_language( (int) $data['id'] ),
			'update_callback' => static function ( $value, $post ) {
				if ( ! $post instanceof \WP_Post ) {
					return new \WP_Error( 'rest_invalid_object', 'Not a post.', array( 'status' => 400 ) );
				}
				write_language( $post->ID, $value );
				return true;
			},
			'schema'          => array(
				'description' => __( 'Language of the content (en, hi). Written "" it is told from the text again.', 'lawfirm-companion' ),
				'type'        => 'string',
				'enum'        => array( '', 'en', 'hi' ),
				'context'     => array( 'view', 'edit', 'embed' ),
			),
		)
	);
	register_rest_field(
		language_post_types(),
		'translation',
		array(
			'get_callback'    => static fn( array $data ) => post_translation( (int) $data['id'] ),
			'update_callback' => static function ( $value, $post ) {
				if ( ! $post instanceof \WP_Post ) {
					return new \WP_Error( 'rest_invalid_object', 'Not a post.', array( 'status' => 400 ) );
				}
				$target = clean_translation( $value );
				$error  = translation_error( $post, $target );
				if ( $error ) {
					return $error;
				}
				link_translation( $post->ID, $target );
				return true;
			},
			'schema'          => array(
				'description' => __( 'ID of the same content in the other language (0: none).', 'lawfirm-companion' ),
				'type'        => 'integer',
				'minimum'     => 0,
				'context'     => array( 'view', 'edit', 'embed' ),
			),
		)
	);
	readonly_object_field(
		'category',
		'language_counts',
		static fn( array $data ) => category_language_counts( (int) $data['id'] ),
		__( 'Published posts in the category per language (en, hi); null with Polylang.', 'lawfirm-companion' ),
		array(
			'en' => 'integer',
			'hi' => 'integer',
		)
	);
	readonly_object_field(
		language_post_types(),
		'translation_ref',
		static fn( array $data ) => translation_ref( (int) $data['id'] ),
		__( 'The published translation: its id, slug and language; null when there is none.', 'lawfirm-companion' ),
		array(
			'id'       => 'integer',
			'slug'     => 'string',
			'language' => 'string',
		)
	);
}

/**
 * A category's published posts per language, as the `lawfirm_language` filter lists them (a post not
 * labelled yet is in neither). One query counts every category's, once per request, however many
 * categories the answer holds. Null with Polylang active.
 *
 * @return array{en: int, hi: int}|null
 */
function category_language_counts( int $term_id ): ?array {
	static $counts = null;
	if ( polylang_active() ) {
		return null;
	}
	if ( null === $counts ) {
		global $wpdb;
		$counts = array();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- one grouped count per request; WP_Query would take two per category.
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT tt.term_id AS term, m.meta_value AS lang, COUNT(DISTINCT p.ID) AS n
				FROM {$wpdb->term_relationships} r
				INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = r.term_taxonomy_id AND tt.taxonomy = 'category'
				INNER JOIN {$wpdb->posts} p ON p.ID = r.object_id AND p.post_type = 'post' AND p.post_status = 'publish'
				INNER JOIN {$wpdb->postmeta} m ON m.post_id = p.ID AND m.meta_key = %s
				GROUP BY tt.term_id, m.meta_value",
				LANGUAGE_META
			)
		);
		foreach ( (array) $rows as $row ) {
			$language = clean_language( $row->lang );
			if ( '' !== $language ) {
				$counts[ (int) $row->term ][ $language ] = ( $counts[ (int) $row->term ][ $language ] ?? 0 ) + (int) $row->n;
			}
		}
	}
	return array(
		'en' => $counts[ $term_id ]['en'] ?? 0,
		'hi' => $counts[ $term_id ]['hi'] ?? 0,
	);
}

/** Every save that leaves an item without a language gives it the one its text is in. */
function fill_language_on_save( int $post_id, \WP_Post $post ): void {
	if ( ! in_array( $post->post_type, language_post_types(), true ) || 'auto-draft' === $post->post_status ) {
		return;
	}
	if ( wp_is_post_revision( $post_id ) || wp_is_post_autosave( $post_id ) ) {
		return;
	}
	if ( '' === clean_language( get_post_meta( $post_id, LANGUAGE_META, true ) ) ) {
		update_post_meta( $post_id, LANGUAGE_META, detected_language( $post ) );
	}
}

/**
 * Labels the items saved before the plugin knew languages, a batch per request until none is left;
 * then records the version so that later requests skip it.
 */
function maybe_backfill_languages(): void {
	if ( wp_installing() || get_option( LANGUAGE_BACKFILL_OPTION ) === LANGUAGE_BACKFILL_VERSION ) {
		return;
	}
	$ids = get_posts(
		array(
			'post_type'        => language_post_types(),
			'post_status'      => array( 'publish', 'future', 'draft', 'pending', 'private' ),
			'fields'           => 'ids',
			'posts_per_page'   => LANGUAGE_BACKFILL_BATCH,
			'orderby'          => 'ID',
			'order'            => 'ASC',
			'no_found_rows'    => true,
			'suppress_filters' => true,
			// phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- once per site.
			'meta_query'       => array(
				'relation' => 'OR',
				array(
					'key'     => LANGUAGE_META,
					'compare' => 'NOT EXISTS',
				),
				array(
					'key'   => LANGUAGE_META,
					'value' => '',
				),
			),
		)
	);
	foreach ( $ids as $id ) {
		$post = get_post( (int) $id );
		if ( $post instanceof \WP_Post ) {
			update_post_meta( $post->ID, LANGUAGE_META, detected_language( $post ) );
		}
	}
	if ( count( $ids ) < LANGUAGE_BACKFILL_BATCH ) {
		update_option( LANGUAGE_BACKFILL_OPTION, LANGUAGE_BACKFILL_VERSION, true );
	}
}

/**
 * The `lawfirm_language` parameter of /wp/v2/posts: only the posts in that language. Declared, so
 * that another value is refused (400) and the parameter shows in the route's description.
 *
 * @param array<string, mixed> $params
 * @return array<string, mixed>
 */
function language_collection_param( array $params ): array {
	$params['lawfirm_language'] = array(
		'description' => __( 'Limit the result to posts in a language (en, hi).', 'lawfirm-companion' ),
		'type'        => 'string',
		'enum'        => array( 'en', 'hi' ),
	);
	return $params;
}

/**
 * @param array<string, mixed> $args
 * @param \WP_REST_Request     $request
 * @return array<string, mixed>
 */
function filter_posts_by_language( array $args, $request ): array {
	$language = clean_language( $request['lawfirm_language'] ?? '' );
	if ( '' === $language ) {
		return $args;
	}
	if ( polylang_active() ) {
		// Polylang's language is the one the site reads first; its query var filters by it.
		$args['lang'] = $language;
		return $args;
	}
	$clause = array(
		'key'   => LANGUAGE_META,
		'value' => $language,
	);
	$meta   = isset( $args['meta_query'] ) && is_array( $args['meta_query'] ) ? $args['meta_query'] : array();
	// phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- one indexed key, the site's blog lists.
	$args['meta_query'] = $meta ? array( 'relation' => 'AND', $meta, $clause ) : array( $clause );
	return $args;
}
