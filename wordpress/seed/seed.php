<?php
/**
 * Loads content/ (WordPress REST JSON + images) into a WordPress with the companion plugin.
 * Idempotent: items are matched by slug and updated; nothing is duplicated, unchanged items are
 * left alone. Runs with php-cli on the WordPress host:
 *
 *   HTTP_HOST=127.0.0.1:8080 php wordpress/seed/seed.php
 *
 * Environment: HTTP_HOST (Debian picks its config by it), WORDPRESS_ROOT (the folder holding
 * wp-load.php; /usr/share/wordpress, else /var/www/html), LAWFIRM_CONTENT_DIR (default: the
 * repository's content/).
 *
 * Ids differ between the snapshot and WordPress, so the seed keeps maps (category, media) and
 * rewrites every reference: categories of posts, featured images, the media ids inside
 * page_structure, translation links, and site-relative upload URLs (/wp-content/uploads/...) in
 * bodies and fields.
 * Upload paths (YYYY/MM/name) are kept, so a snapshot URL and a seeded URL differ by origin only.
 */

$lawfirm_started = microtime( true );

$lawfirm_root = getenv( 'WORDPRESS_ROOT' ) ?: ( is_file( '/usr/share/wordpress/wp-load.php' ) ? '/usr/share/wordpress' : '/var/www/html' );
$lawfirm_dir  = rtrim( getenv( 'LAWFIRM_CONTENT_DIR' ) ?: dirname( __DIR__, 2 ) . '/content', '/' );

if ( empty( $_SERVER['HTTP_HOST'] ) ) {
	$_SERVER['HTTP_HOST'] = getenv( 'HTTP_HOST' ) ?: '127.0.0.1';
}
$_SERVER['SERVER_NAME']     = preg_replace( '/:.*/', '', $_SERVER['HTTP_HOST'] );
$_SERVER['REQUEST_URI']     = '/';
$_SERVER['REQUEST_METHOD']  = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';

define( 'WP_IMPORTING', true );
require $lawfirm_root . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/image.php';
require_once ABSPATH . 'wp-admin/includes/media.php';
require_once ABSPATH . 'wp-admin/includes/post.php';
require_once ABSPATH . 'wp-admin/includes/taxonomy.php';

if ( ! defined( 'LAWFIRM_COMPANION_VERSION' ) ) {
	fwrite( STDERR, "seed: the Law Firm Companion plugin is not loaded in this WordPress\n" );
	exit( 1 );
}

/** Seeding state and helpers. */
final class Lawfirm_Seed {
	/** @var array<int,int> snapshot category id => WordPress term id */
	public array $categories = array();
	/** @var array<int,int> snapshot media id => attachment id */
	public array $media = array();
	/** @var array<int,int> snapshot post/page/practice-area id => WordPress id */
	public array $posts = array();
	/** @var array<string,int> */
	public array $stats = array();
	private string $dir;
	private string $uploads_url;
	private int $author;

	public function __construct( string $dir ) {
		$this->dir         = $dir;
		$this->uploads_url = rtrim( wp_get_upload_dir()['baseurl'], '/' );
		$admins            = get_users(
			array(
				'role'    => 'administrator',
				'orderby' => 'ID',
				'number'  => 1,
			)
		);
		if ( ! $admins ) {
			throw new RuntimeException( 'no administrator to own the content' );
		}
		$this->author = $admins[0]->ID;
		// As an administrator, bodies are stored as given (no kses filtering of the snapshot's HTML).
		wp_set_current_user( $this->author );
		kses_remove_filters();
		// The snapshot's media_details lists thumbnail, medium, medium_large and large only.
		add_filter(
			'intermediate_image_sizes_advanced',
			static fn( $sizes ) => array_intersect_key( $sizes, array_flip( array( 'thumbnail', 'medium', 'medium_large', 'large' ) ) )
		);
		add_filter( 'big_image_size_threshold', '__return_false' );
	}

	/** @return array<int, array<string, mixed>> */
	public function load( string $name ): array {
		$file = $this->dir . '/wp/' . $name . '.json';
		if ( ! is_file( $file ) ) {
			$this->note( "content/wp/{$name}.json not found, skipped" );
			return array();
		}
		$data = json_decode( (string) file_get_contents( $file ), true );
		if ( ! is_array( $data ) || ( $data && ! array_is_list( $data ) ) ) {
			throw new RuntimeException( "content/wp/{$name}.json is not a JSON array" );
		}
		return $data;
	}

	public function note( string $message ): void {
		echo 'seed: ', $message, "\n";
	}

	public function count( string $key ): void {
		$this->stats[ $key ] = ( $this->stats[ $key ] ?? 0 ) + 1;
	}

	/** Text of a {rendered} field: tags dropped, entities decoded (WordPress re-encodes on output). */
	public static function text( $field ): string {
		$html = is_array( $field ) ? (string) ( $field['rendered'] ?? '' ) : (string) $field;
		return trim( html_entity_decode( wp_strip_all_tags( $html ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ) );
	}

	/**
	 * A post body for post_content. The snapshot holds rendered HTML. Block-editor output (a leading
	 * newline, blocks separated by blank lines) is stored back as blocks — paragraphs as paragraph
	 * blocks, anything else as HTML blocks — so WordPress renders it exactly as the snapshot shows
	 * and editors get blocks; classic HTML is stored as it is. Image classes name the new ids.
	 */
	public function body( string $rendered ): string {
		$html = $this->urls( $rendered );
		$html = (string) preg_replace_callback(
			'/\bwp-image-(\d+)\b/',
			fn( array $m ): string => 'wp-image-' . ( $this->media[ (int) $m[1] ] ?? (int) $m[1] ),
			$html
		);
		if ( "\n" !== substr( $html, 0, 1 ) || ! str_contains( $html, "\n\n\n\n" ) ) {
			return $html;
		}
		$blocks = array();
		foreach ( explode( "\n\n\n\n", trim( $html, "\n" ) ) as $segment ) {
			$name     = preg_match( '/^<p>/', $segment ) ? 'paragraph' : 'html';
			$blocks[] = "<!-- wp:{$name} -->\n{$segment}\n<!-- /wp:{$name} -->";
		}
		return implode( "\n\n", $blocks );
	}

	/** An excerpt WordPress generated itself ("... [&hellip;]") is left for it to generate again. */
	public static function excerpt( $field ): string {
		$html = is_array( $field ) ? (string) ( $field['rendered'] ?? '' ) : (string) $field;
		return preg_match( '/\[&hellip;\]\s*(<\/p>)?\s*$/', $html ) ? '' : self::text( $html );
	}

	/** Site-relative upload URLs become this WordPress' absolute ones. */
	public function urls( string $html ): string {
		return (string) preg_replace( '#(^|["\'\s,(=])/wp-content/uploads/#', '$1' . $this->uploads_url . '/', $html );
	}

	/** @param mixed $value */
	public function urls_in( $value ) {
		if ( is_string( $value ) ) {
			return $this->urls( $value );
		}
		if ( is_array( $value ) ) {
			return array_map( array( $this, 'urls_in' ), $value );
		}
		return $value;
	}

	/** A REST date (site time, no zone) as MySQL DATETIME. */
	public static function local( string $date ): string {
		return gmdate( 'Y-m-d H:i:s', (int) strtotime( $date ) );
	}

	/** A REST *_gmt date (UTC without a zone suffix) as MySQL DATETIME. */
	public static function gmt( string $date ): string {
		return gmdate( 'Y-m-d H:i:s', (int) strtotime( preg_match( '/(Z|[+-]\d\d:?\d\d)$/', $date ) ? $date : $date . 'Z' ) );
	}

	public function media_id( $old ): int {
		$old = (int) $old;
		return $old > 0 ? ( $this->media[ $old ] ?? 0 ) : 0;
	}

	public function find_post( string $type, string $slug ): ?WP_Post {
		$found = get_posts(
			array(
				'post_type'        => $type,
				'name'             => $slug,
				'post_status'      => 'attachment' === $type ? 'inherit' : array( 'publish', 'draft', 'pending', 'private', 'future' ),
				'numberposts'      => 1,
				'suppress_filters' => true,
				'orderby'          => 'ID',
				'order'            => 'ASC',
			)
		);
		return $found ? $found[0] : null;
	}

	public function categories( array $items ): void {
		foreach ( $items as $item ) {
			$slug = (string) $item['slug'];
			$name = self::text( $item['name'] ?? $slug );
			$desc = (string) ( $item['description'] ?? '' );
			$term = get_term_by( 'slug', $slug, 'category' );
			if ( $term ) {
				if ( $term->name !== $name || $term->description !== $desc ) {
					wp_update_term( $term->term_id, 'category', wp_slash( array( 'name' => $name, 'description' => $desc ) ) );
					$this->count( 'categories updated' );
				}
				$id = $term->term_id;
			} else {
				$res = wp_insert_term( wp_slash( $name ), 'category', wp_slash( array( 'slug' => $slug, 'description' => $desc ) ) );
				if ( is_wp_error( $res ) ) {
					throw new RuntimeException( "category {$slug}: " . $res->get_error_message() );
				}
				$id = (int) $res['term_id'];
				$this->count( 'categories created' );
			}
			$this->categories[ (int) $item['id'] ] = (int) $id;
		}
		foreach ( $items as $item ) {
			$parent = (int) ( $item['parent'] ?? 0 );
			if ( $parent > 0 && isset( $this->categories[ $parent ] ) ) {
				wp_update_term( $this->categories[ (int) $item['id'] ], 'category', array( 'parent' => $this->categories[ $parent ] ) );
			}
		}
		// WordPress' own "Uncategorized" is not content: make a seeded category the default, then drop it.
		$uncategorized = get_term_by( 'slug', 'uncategorized', 'category' );
		if ( $uncategorized && $this->categories && ! in_array( (int) $uncategorized->term_id, $this->categories, true ) ) {
			update_option( 'default_category', reset( $this->categories ) );
			if ( 0 === (int) $uncategorized->count ) {
				wp_delete_term( $uncategorized->term_id, 'category' );
			}
		}
	}

	public function media( array $items ): void {
		foreach ( $items as $item ) {
			$slug    = (string) $item['slug'];
			$title   = self::text( $item['title'] ?? $slug );
			$caption = self::text( $item['caption'] ?? '' );
			$alt     = (string) ( $item['alt_text'] ?? '' );
			$post    = $this->find_post( 'attachment', $slug );
			if ( $post ) {
				if ( $post->post_title !== $title || $post->post_excerpt !== $caption ) {
					wp_update_post(
						wp_slash(
							array(
								'ID'           => $post->ID,
								'post_title'   => $title,
								'post_excerpt' => $caption,
							)
						)
					);
					$this->count( 'media updated' );
				}
				$id = $post->ID;
			} else {
				$id = $this->sideload( $item, $slug, $title, $caption );
				$this->count( 'media created' );
			}
			if ( get_post_meta( $id, '_wp_attachment_image_alt', true ) !== $alt ) {
				update_post_meta( $id, '_wp_attachment_image_alt', wp_slash( $alt ) );
			}
			$this->media[ (int) $item['id'] ] = $id;
		}
	}

	/** Relative upload path (YYYY/MM/name.ext) of a snapshot media item. */
	private function relative_file( array $item ): string {
		$file = (string) ( $item['media_details']['file'] ?? '' );
		if ( '' === $file ) {
			$path = (string) wp_parse_url( (string) ( $item['source_url'] ?? '' ), PHP_URL_PATH );
			$file = (string) preg_replace( '#^.*?/wp-content/uploads/#', '', $path );
		}
		return ltrim( $file, '/' );
	}

	private function sideload( array $item, string $slug, string $title, string $caption ): int {
		$relative = $this->relative_file( $item );
		$source   = $this->dir . '/uploads/' . $relative;
		if ( '' === $relative || ! is_file( $source ) ) {
			throw new RuntimeException( "media {$slug}: file content/uploads/{$relative} not found" );
		}
		$time = preg_match( '#^(\d{4})/(\d{2})/#', $relative, $m ) ? $m[1] . '/' . $m[2] : null;
		// wp_handle_sideload() moves its input: hand it a copy.
		$tmp = wp_tempnam( basename( $relative ) );
		copy( $source, $tmp );
		$file     = array(
			'name'     => basename( $relative ),
			'tmp_name' => $tmp,
			'error'    => 0,
			'size'     => filesize( $tmp ),
		);
		$uploaded = wp_handle_sideload( $file, array( 'test_form' => false ), $time );
		if ( isset( $uploaded['error'] ) ) {
			@unlink( $tmp );
			throw new RuntimeException( "media {$slug}: " . $uploaded['error'] );
		}
		$date = (string) ( $item['date'] ?? '' );
		$id   = wp_insert_attachment(
			wp_slash(
				array(
					'post_title'     => $title,
					'post_name'      => $slug,
					'post_excerpt'   => $caption,
					'post_content'   => '',
					'post_status'    => 'inherit',
					'post_mime_type' => $uploaded['type'],
					'post_author'    => $this->author,
					'post_date'      => $date ? self::local( $date ) : current_time( 'mysql' ),
					'guid'           => $uploaded['url'],
				)
			),
			$uploaded['file'],
			0,
			true
		);
		if ( is_wp_error( $id ) ) {
			throw new RuntimeException( "media {$slug}: " . $id->get_error_message() );
		}
		$meta = $this->snapshot_metadata( $item, $uploaded['file'], $relative );
		if ( null === $meta ) {
			$meta = wp_generate_attachment_metadata( $id, $uploaded['file'] );
		}
		wp_update_attachment_metadata( $id, $meta );
		return (int) $id;
	}

	/**
	 * The snapshot already holds every size WordPress made of the image: copy those files and
	 * reuse their dimensions instead of resampling (faster, and the REST answers match the
	 * snapshot's). Null when a size file is missing or the upload was renamed on a clash.
	 */
	private function snapshot_metadata( array $item, string $stored, string $relative ): ?array {
		$details = $item['media_details'] ?? null;
		if ( ! is_array( $details ) || basename( $stored ) !== basename( $relative ) || empty( $details['width'] ) ) {
			return null;
		}
		$sizes = array();
		foreach ( (array) ( $details['sizes'] ?? array() ) as $name => $size ) {
			if ( 'full' === $name ) {
				continue;
			}
			$size_file = dirname( $this->dir . '/uploads/' . $relative ) . '/' . $size['file'];
			if ( ! is_file( $size_file ) ) {
				return null;
			}
			$sizes[ $name ] = array(
				'file'      => $size['file'],
				'width'     => (int) $size['width'],
				'height'    => (int) $size['height'],
				'mime-type' => (string) ( $size['mime_type'] ?? $item['mime_type'] ?? 'image/jpeg' ),
				'filesize'  => filesize( $size_file ),
			);
		}
		foreach ( $sizes as $size ) {
			$target = dirname( $stored ) . '/' . $size['file'];
			if ( ! is_file( $target ) ) {
				copy( dirname( $this->dir . '/uploads/' . $relative ) . '/' . $size['file'], $target );
			}
		}
		return array(
			'width'      => (int) $details['width'],
			'height'     => (int) $details['height'],
			'file'       => $relative,
			'filesize'   => filesize( $stored ),
			'sizes'      => $sizes,
			'image_meta' => is_array( $details['image_meta'] ?? null ) ? $details['image_meta'] : wp_read_image_metadata( $stored ),
		);
	}

	/** Posts, pages and practice areas: the core post plus the plugin's fields. */
	public function posts( string $type, array $items ): void {
		foreach ( $items as $item ) {
			$slug     = (string) $item['slug'];
			$date     = (string) ( $item['date'] ?? current_time( 'mysql' ) );
			$date_gmt = (string) ( $item['date_gmt'] ?? get_gmt_from_date( $date ) );
			$fields   = array(
				'post_type'      => $type,
				'post_status'    => (string) ( $item['status'] ?? 'publish' ),
				'post_name'      => $slug,
				'post_title'     => self::text( $item['title'] ?? '' ),
				'post_content'   => $this->body( (string) ( $item['content']['rendered'] ?? '' ) ),
				'post_excerpt'   => self::excerpt( $item['excerpt'] ?? '' ),
				'post_date'      => self::local( $date ),
				'post_date_gmt'  => self::gmt( $date_gmt ),
				'menu_order'     => (int) ( $item['menu_order'] ?? 0 ),
				'comment_status' => 'closed',
				'ping_status'    => 'closed',
			);
			$post     = $this->find_post( $type, $slug );
			if ( $post ) {
				$changed = false;
				foreach ( $fields as $key => $value ) {
					if ( (string) $post->$key !== (string) $value ) {
						$changed = true;
						break;
					}
				}
				if ( $changed ) {
					$fields['ID'] = $post->ID;
					$res          = wp_update_post( wp_slash( $fields ), true );
					$this->count( "{$type}s updated" );
				} else {
					$res = $post->ID;
				}
			} else {
				$fields['post_author'] = $this->author;
				$res                   = wp_insert_post( wp_slash( $fields ), true );
				$this->count( "{$type}s created" );
			}
			if ( is_wp_error( $res ) ) {
				throw new RuntimeException( "{$type} {$slug}: " . $res->get_error_message() );
			}
			$id = (int) $res;

			if ( 'post' === $type ) {
				$cats = array_values( array_filter( array_map( fn( $c ) => $this->categories[ (int) $c ] ?? 0, (array) ( $item['categories'] ?? array() ) ) ) );
				$have = wp_get_post_categories( $id );
				sort( $cats );
				sort( $have );
				if ( $cats && $cats !== $have ) {
					wp_set_post_categories( $id, $cats );
				}
			}

			$thumb = $this->media_id( $item['featured_media'] ?? 0 );
			if ( (int) get_post_thumbnail_id( $id ) !== $thumb ) {
				$thumb > 0 ? set_post_thumbnail( $id, $thumb ) : delete_post_thumbnail( $id );
			}

			$this->plugin_fields( $type, $id, $item );

			$this->keep_modified( $id, $item );
			$this->posts[ (int) $item['id'] ] = $id;
		}
	}

	/** WordPress stamps "now" as the modified time of every write; keep the snapshot's. */
	private function keep_modified( int $id, array $item ): void {
		if ( empty( $item['modified'] ) ) {
			return;
		}
		global $wpdb;
		$modified     = self::local( (string) $item['modified'] );
		$modified_gmt = ! empty( $item['modified_gmt'] ) ? self::gmt( (string) $item['modified_gmt'] ) : get_gmt_from_date( $modified );
		$current      = get_post( $id );
		if ( $current->post_modified !== $modified || $current->post_modified_gmt !== $modified_gmt ) {
			$wpdb->update(
				$wpdb->posts,
				array(
					'post_modified'     => $modified,
					'post_modified_gmt' => $modified_gmt,
				),
				array( 'ID' => $id )
			);
			clean_post_cache( $id );
		}
	}

	/** Media "uploaded to" a post: set once the posts exist (media are seeded first). */
	public function attach_media( array $items ): void {
		global $wpdb;
		foreach ( $items as $item ) {
			$id     = $this->media[ (int) $item['id'] ] ?? 0;
			$parent = $this->posts[ (int) ( $item['post'] ?? 0 ) ] ?? 0;
			if ( $id > 0 && (int) get_post_field( 'post_parent', $id ) !== $parent ) {
				$wpdb->update( $wpdb->posts, array( 'post_parent' => $parent ), array( 'ID' => $id ) );
				clean_post_cache( $id );
			}
			if ( $id > 0 ) {
				$this->keep_modified( $id, $item );
			}
		}
	}

	private function plugin_fields( string $type, int $id, array $item ): void {
		foreach ( LawFirm\Companion\fields_for_type( $type ) as $field ) {
			if ( ! isset( $item[ $field ] ) || ! is_array( $item[ $field ] ) ) {
				continue;
			}
			$value = $this->urls_in( $item[ $field ] );
			if ( 'page_structure' === $field ) {
				$value['hero_image']       = $this->media_id( $value['hero_image'] ?? 0 );
				$value['why_choose_image'] = $this->media_id( $value['why_choose_image'] ?? 0 );
			}
			if ( LawFirm\Companion\read_field( $id, $field ) !== LawFirm\Companion\normalize( $field, $value ) ) {
				LawFirm\Companion\write_field( $id, $field, $value, false );
			}
		}
		if ( 'post' === $type && isset( $item['author_name'] ) && is_string( $item['author_name'] ) ) {
			$byline = LawFirm\Companion\clean_text( $item['author_name'], 120, false );
			$author = (string) get_the_author_meta( 'display_name', (int) get_post_field( 'post_author', $id ) );
			if ( '' === $byline || $byline === $author ) {
				delete_post_meta( $id, LawFirm\Companion\AUTHOR_NAME_META );
			} elseif ( get_post_meta( $id, LawFirm\Companion\AUTHOR_NAME_META, true ) !== $byline ) {
				update_post_meta( $id, LawFirm\Companion\AUTHOR_NAME_META, wp_slash( $byline ) );
			}
		}
		if ( 'practice_area' === $type && isset( $item['practice_icon'] ) ) {
			$icon = LawFirm\Companion\clean_practice_icon( $item['practice_icon'] );
			if ( get_post_meta( $id, LawFirm\Companion\PRACTICE_ICON_META, true ) !== $icon ) {
				update_post_meta( $id, LawFirm\Companion\PRACTICE_ICON_META, $icon );
			}
		}
		// The language as the snapshot records it; "" (or none recorded) is told from the text, as
		// every save does.
		if ( array_key_exists( 'language', $item ) ) {
			LawFirm\Companion\write_language( $id, $item['language'] );
		}
	}

	/**
	 * Translation links, once every post, page and practice area exists: the snapshot's ids become
	 * this WordPress's. An item that links to nothing the snapshot holds links to nothing.
	 */
	public function translations( array $items ): void {
		foreach ( $items as $item ) {
			$id = $this->posts[ (int) $item['id'] ] ?? 0;
			if ( $id <= 0 || ! array_key_exists( 'translation', $item ) ) {
				continue;
			}
			$target = $this->posts[ LawFirm\Companion\clean_translation( $item['translation'] ) ] ?? 0;
			if ( LawFirm\Companion\post_translation( $id ) !== $target ) {
				update_post_meta( $id, LawFirm\Companion\TRANSLATION_META, $target );
				$this->count( 'translations linked' );
			}
		}
	}
}

try {
	if ( ! is_dir( $lawfirm_dir . '/wp' ) ) {
		echo "seed: {$lawfirm_dir}/wp not found, nothing to seed\n";
		exit( 0 );
	}
	$lawfirm_seed = new Lawfirm_Seed( $lawfirm_dir );
	$lawfirm_lap  = microtime( true );
	$lawfirm_laps = array();
	$lawfirm_step = static function ( string $name ) use ( &$lawfirm_lap, &$lawfirm_laps ) {
		$now            = microtime( true );
		$lawfirm_laps[] = sprintf( '%s %.2fs', $name, $now - $lawfirm_lap );
		$lawfirm_lap    = $now;
	};

	$lawfirm_seed->categories( $lawfirm_seed->load( 'categories' ) );
	$lawfirm_step( 'categories' );
	$lawfirm_media = $lawfirm_seed->load( 'media' );
	$lawfirm_seed->media( $lawfirm_media );
	$lawfirm_step( 'media' );
	$lawfirm_posts = $lawfirm_seed->load( 'posts' );
	$lawfirm_seed->posts( 'post', $lawfirm_posts );
	$lawfirm_step( 'posts' );
	$lawfirm_pages = $lawfirm_seed->load( 'pages' );
	$lawfirm_seed->posts( 'page', $lawfirm_pages );
	$lawfirm_step( 'pages' );
	$lawfirm_areas = $lawfirm_seed->load( 'practice_areas' );
	$lawfirm_seed->posts( 'practice_area', $lawfirm_areas );
	$lawfirm_step( 'practice areas' );
	$lawfirm_seed->translations( array_merge( $lawfirm_posts, $lawfirm_pages, $lawfirm_areas ) );
	$lawfirm_seed->attach_media( $lawfirm_media );

	$lawfirm_changes = array();
	foreach ( $lawfirm_seed->stats as $lawfirm_key => $lawfirm_n ) {
		$lawfirm_changes[] = "{$lawfirm_n} {$lawfirm_key}";
	}
	printf(
		"seed: %d categories, %d media, done in %.2f s (%s); %s\n",
		count( $lawfirm_seed->categories ),
		count( $lawfirm_seed->media ),
		microtime( true ) - $lawfirm_started,
		implode( ', ', $lawfirm_laps ),
		$lawfirm_changes ? implode( ', ', $lawfirm_changes ) : 'nothing changed'
	);
} catch ( Throwable $lawfirm_error ) {
	fwrite( STDERR, 'seed: failed: ' . $lawfirm_error->getMessage() . "\n" );
	exit( 1 );
}
