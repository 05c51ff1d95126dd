<?php
/**
 * wp-admin editing of the plugin's fields as meta boxes (no ACF needed). The block editor shows
 * them below the content and saves them through its meta-box request; values go through the
 * same normalize() as REST writes.
 *
 * @package LawFirmCompanion
 */

namespace LawFirm\Companion;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

add_action( 'add_meta_boxes', __NAMESPACE__ . '\\add_meta_boxes', 10, 2 );
add_action( 'save_post', __NAMESPACE__ . '\\save_meta_boxes', 10, 2 );
add_action( 'admin_enqueue_scripts', __NAMESPACE__ . '\\enqueue_admin_assets' );

const NONCE_FIELD = '_lawfirm_nonce';
/** Empty rows offered under a list, so an editor can add items without scripts. */
const SPARE_ROWS = 2;

function meta_box_titles(): array {
	return array(
		'banner_settings' => __( 'Banner', 'lawfirm-companion' ),
		'seo_meta'        => __( 'SEO', 'lawfirm-companion' ),
		'page_structure'  => __( 'Page structure', 'lawfirm-companion' ),
	);
}

function field_labels(): array {
	return array(
		'banner_background_color'       => __( 'Background colour', 'lawfirm-companion' ),
		'banner_text_color'             => __( 'Text colour', 'lawfirm-companion' ),
		'banner_background_image'       => __( 'Background image URL', 'lawfirm-companion' ),
		'banner_overlay_opacity'        => __( 'Overlay opacity (0–100; empty for the site\'s default)', 'lawfirm-companion' ),
		'banner_title'                  => __( 'Banner title', 'lawfirm-companion' ),
		'banner_description'            => __( 'Banner description', 'lawfirm-companion' ),
		'yoast_seo_title'               => __( 'SEO title', 'lawfirm-companion' ),
		'yoast_seo_meta_description'    => __( 'Meta description', 'lawfirm-companion' ),
		'yoast_seo_og_title'            => __( 'Open Graph title', 'lawfirm-companion' ),
		'yoast_seo_og_description'      => __( 'Open Graph description', 'lawfirm-companion' ),
		'yoast_seo_twitter_title'       => __( 'Twitter title', 'lawfirm-companion' ),
		'yoast_seo_twitter_description' => __( 'Twitter description', 'lawfirm-companion' ),
		'yoast_seo_canonical'           => __( 'Canonical URL', 'lawfirm-companion' ),
		'yoast_seo_og_image'            => __( 'Open Graph image URL', 'lawfirm-companion' ),
		'yoast_seo_twitter_image'       => __( 'Twitter image URL', 'lawfirm-companion' ),
		'hero_subtitle'                 => __( 'Hero subtitle', 'lawfirm-companion' ),
		'hero_image'                    => __( 'Hero image (media ID)', 'lawfirm-companion' ),
		'services_title'                => __( 'Services title', 'lawfirm-companion' ),
		'services_items'                => __( 'Services', 'lawfirm-companion' ),
		'why_choose_title'              => __( 'Why-choose-us title', 'lawfirm-companion' ),
		'why_choose_image'              => __( 'Why-choose-us image (media ID)', 'lawfirm-companion' ),
		'why_choose_items'              => __( 'Why-choose-us reasons', 'lawfirm-companion' ),
	);
}

/**
 * The plugin's box for a field is shown only where the plugin provides the field: not where
 * another plugin does (that plugin has its own way to edit it), and not for SEO on a site with
 * Yoast SEO, whose box is where those values live.
 */
function has_field_box( string $post_type, string $field ): bool {
	if ( 'seo_meta' === $field && yoast_active() ) {
		return false;
	}
	return companion_provides( $post_type, $field );
}

function add_meta_boxes( string $post_type, $post ): void {
	$titles = meta_box_titles();
	foreach ( fields_for_type( $post_type ) as $field ) {
		if ( ! has_field_box( $post_type, $field ) ) {
			continue;
		}
		add_meta_box( 'lawfirm-' . $field, $titles[ $field ], __NAMESPACE__ . '\\render_field_box', $post_type, 'normal', 'default', array( 'field' => $field ) );
	}
	if ( 'post' === $post_type ) {
		add_meta_box( 'lawfirm-byline', __( 'Byline', 'lawfirm-companion' ), __NAMESPACE__ . '\\render_byline_box', 'post', 'side', 'default' );
	}
	if ( 'practice_area' === $post_type ) {
		add_meta_box( 'lawfirm-practice-icon', __( 'Icon', 'lawfirm-companion' ), __NAMESPACE__ . '\\render_icon_box', 'practice_area', 'side', 'default' );
	}
	if ( in_array( $post_type, language_post_types(), true ) ) {
		add_meta_box( 'lawfirm-language', __( 'Language', 'lawfirm-companion' ), __NAMESPACE__ . '\\render_language_box', $post_type, 'side', 'default' );
	}
}

function enqueue_admin_assets( string $hook ): void {
	if ( ! in_array( $hook, array( 'post.php', 'post-new.php' ), true ) ) {
		return;
	}
	wp_enqueue_style( 'wp-color-picker' );
	wp_enqueue_script( 'wp-color-picker' );
	wp_add_inline_script( 'wp-color-picker', 'jQuery(function($){$(".lawfirm-color").wpColorPicker();});' );
	wp_register_style( 'lawfirm-companion-admin', false, array(), LAWFIRM_COMPANION_VERSION );
	wp_enqueue_style( 'lawfirm-companion-admin' );
	wp_add_inline_style(
		'lawfirm-companion-admin',
		'.lawfirm-box .lawfirm-row{margin:0 0 12px}.lawfirm-box label{display:block;font-weight:600;margin-bottom:4px}'
		. '.lawfirm-box input.widefat,.lawfirm-box textarea.widefat{max-width:720px}'
		. '.lawfirm-items td{vertical-align:top}.lawfirm-items select{max-width:140px}.lawfirm-box img{max-width:120px;height:auto;display:block;margin-top:6px}'
	);
}

function nonce_once(): void {
	static $done = false;
	if ( ! $done ) {
		$done = true;
		wp_nonce_field( 'lawfirm_save', NONCE_FIELD );
	}
}

function input_name( string $field, string ...$path ): string {
	$name = 'lawfirm[' . $field . ']';
	foreach ( $path as $part ) {
		$name .= '[' . $part . ']';
	}
	return $name;
}

function render_field_box( \WP_Post $post, array $box ): void {
	nonce_once();
	$field  = $box['args']['field'];
	$value  = read_field( $post->ID, $field ) ?? defaults( $field );
	$labels = field_labels();
	echo '<div class="lawfirm-box">';
	foreach ( field_def( $field )['properties'] as $name => $prop ) {
		$id    = 'lawfirm-' . $field . '-' . $name;
		$label = $labels[ $name ] ?? $name;
		$kind  = kind_of( $prop );
		echo '<div class="lawfirm-row">';
		if ( 'items' === $kind ) {
			echo '<label>' . esc_html( $label ) . '</label>';
			render_items( $field, $name, $value[ $name ] );
		} else {
			printf( '<label for="%s">%s</label>', esc_attr( $id ), esc_html( $label ) );
			render_input( $id, input_name( $field, $name ), $kind, $value[ $name ] );
		}
		echo '</div>';
	}
	echo '</div>';
}

/** @param mixed $value */
function render_input( string $id, string $name, string $kind, $value ): void {
	switch ( $kind ) {
		case 'color':
			printf( '<input type="text" class="lawfirm-color" id="%s" name="%s" value="%s" placeholder="#1a365d" pattern="#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})">', esc_attr( $id ), esc_attr( $name ), esc_attr( $value ) );
			break;
		case 'url':
			printf( '<input type="text" inputmode="url" class="widefat" id="%s" name="%s" value="%s" placeholder="https://">', esc_attr( $id ), esc_attr( $name ), esc_attr( $value ) );
			break;
		case 'opacity':
			printf( '<input type="number" min="0" max="100" step="1" id="%s" name="%s" value="%s" placeholder="%s"> %%', esc_attr( $id ), esc_attr( $name ), esc_attr( (string) $value ), esc_attr__( 'default', 'lawfirm-companion' ) );
			break;
		case 'mediaId':
			printf( '<input type="number" min="0" step="1" id="%s" name="%s" value="%s"> ', esc_attr( $id ), esc_attr( $name ), esc_attr( (string) $value ) );
			printf( '<a href="%s" target="_blank" rel="noopener">%s</a>', esc_url( admin_url( 'upload.php?mode=list' ) ), esc_html__( 'Find an ID in the media library', 'lawfirm-companion' ) );
			if ( $value > 0 ) {
				echo wp_get_attachment_image( (int) $value, 'thumbnail' );
			}
			break;
		case 'longText':
			printf( '<textarea class="widefat" rows="3" id="%s" name="%s">%s</textarea>', esc_attr( $id ), esc_attr( $name ), esc_textarea( $value ) );
			break;
		default:
			printf( '<input type="text" class="widefat" id="%s" name="%s" value="%s">', esc_attr( $id ), esc_attr( $name ), esc_attr( $value ) );
	}
}

function render_icon_select( string $name, string $current ): void {
	printf( '<select name="%s">', esc_attr( $name ) );
	printf( '<option value=""%s>%s</option>', selected( $current, '', false ), esc_html__( '(default)', 'lawfirm-companion' ) );
	$options = icons();
	if ( '' !== $current && ! in_array( $current, $options, true ) ) {
		$options[] = $current;
	}
	foreach ( $options as $icon ) {
		printf( '<option value="%s"%s>%s</option>', esc_attr( $icon ), selected( $current, $icon, false ), esc_html( $icon ) );
	}
	echo '</select>';
}

function render_items( string $field, string $name, array $items ): void {
	$rows = array_merge(
		$items,
		array_fill(
			0,
			SPARE_ROWS,
			array(
				'icon'        => '',
				'title'       => '',
				'description' => '',
			)
		)
	);
	echo '<table class="widefat striped lawfirm-items"><thead><tr><th>' . esc_html__( 'Icon', 'lawfirm-companion' ) . '</th><th>'
		. esc_html__( 'Title', 'lawfirm-companion' ) . '</th><th>' . esc_html__( 'Description', 'lawfirm-companion' ) . '</th></tr></thead><tbody>';
	foreach ( $rows as $i => $row ) {
		echo '<tr><td>';
		render_icon_select( input_name( $field, $name, (string) $i, 'icon' ), $row['icon'] );
		printf( '</td><td><input type="text" class="widefat" name="%s" value="%s"></td>', esc_attr( input_name( $field, $name, (string) $i, 'title' ) ), esc_attr( $row['title'] ) );
		printf( '<td><textarea class="widefat" rows="2" name="%s">%s</textarea></td></tr>', esc_attr( input_name( $field, $name, (string) $i, 'description' ) ), esc_textarea( $row['description'] ) );
	}
	echo '</tbody></table><p class="description">' . esc_html__( 'Clear a row\'s title and description to remove it; save to get more empty rows.', 'lawfirm-companion' ) . '</p>';
}

function render_byline_box( \WP_Post $post ): void {
	nonce_once();
	$value = get_post_meta( $post->ID, AUTHOR_NAME_META, true );
	printf(
		'<label for="lawfirm-byline" class="screen-reader-text">%1$s</label><input type="text" class="widefat" id="lawfirm-byline" name="lawfirm_byline" value="%2$s" placeholder="%3$s"><p class="description">%4$s</p>',
		esc_html__( 'Byline', 'lawfirm-companion' ),
		esc_attr( is_string( $value ) ? $value : '' ),
		esc_attr( (string) get_the_author_meta( 'display_name', (int) $post->post_author ) ),
		esc_html__( 'Leave empty to show the author\'s display name.', 'lawfirm-companion' )
	);
}

function render_icon_box( \WP_Post $post ): void {
	nonce_once();
	echo '<label class="screen-reader-text">' . esc_html__( 'Icon', 'lawfirm-companion' ) . '</label>';
	echo '<select name="lawfirm_practice_icon">';
	$current = practice_icon( $post->ID );
	foreach ( icons() as $icon ) {
		printf( '<option value="%s"%s>%s</option>', esc_attr( $icon ), selected( $current, $icon, false ), esc_html( $icon ) );
	}
	echo '</select>';
}

/** Items offered as a translation: the latest of the same type, newest first. */
const TRANSLATION_CHOICES = 200;

function render_language_box( \WP_Post $post ): void {
	nonce_once();
	$stored = clean_language( get_post_meta( $post->ID, LANGUAGE_META, true ) );
	$names  = array(
		''   => __( 'Automatic (from the text)', 'lawfirm-companion' ),
		'en' => 'English',
		'hi' => 'हिन्दी',
	);
	echo '<p><label for="lawfirm-language">' . esc_html__( 'Written in', 'lawfirm-companion' ) . '</label>';
	echo '<select class="widefat" id="lawfirm-language" name="lawfirm_language">';
	foreach ( $names as $code => $name ) {
		printf( '<option value="%s"%s>%s</option>', esc_attr( $code ), selected( $stored, $code, false ), esc_html( $name ) );
	}
	echo '</select></p>';

	$current = post_translation( $post->ID );
	$choices = get_posts(
		array(
			'post_type'      => $post->post_type,
			'post_status'    => array( 'publish', 'future', 'draft', 'pending', 'private' ),
			'posts_per_page' => TRANSLATION_CHOICES,
			'exclude'        => array( $post->ID ),
			'orderby'        => 'date',
			'order'          => 'DESC',
		)
	);
	$ids = wp_list_pluck( $choices, 'ID' );
	if ( $current > 0 && ! in_array( $current, $ids, true ) ) {
		$linked = get_post( $current );
		if ( $linked instanceof \WP_Post ) {
			$choices[] = $linked;
		}
	}
	echo '<p><label for="lawfirm-translation">' . esc_html__( 'Translation (the same content in the other language)', 'lawfirm-companion' ) . '</label>';
	echo '<select class="widefat" id="lawfirm-translation" name="lawfirm_translation">';
	printf( '<option value="0"%s>%s</option>', selected( $current, 0, false ), esc_html__( '(none)', 'lawfirm-companion' ) );
	foreach ( $choices as $choice ) {
		$label = sprintf( '%s [%s]', get_the_title( $choice ) ?: __( '(no title)', 'lawfirm-companion' ), post_language( $choice->ID ) );
		printf( '<option value="%d"%s>%s</option>', (int) $choice->ID, selected( $current, (int) $choice->ID, false ), esc_html( $label ) );
	}
	echo '</select></p><p class="description">' . esc_html__( 'Linking a translation links it back here when it links nowhere yet.', 'lawfirm-companion' ) . '</p>';
}

function save_meta_boxes( int $post_id, \WP_Post $post ): void {
	// Only the meta-box form carries the nonce; REST saves and imports go through other paths.
	if ( ! isset( $_POST[ NONCE_FIELD ] ) || ! wp_verify_nonce( sanitize_key( wp_unslash( $_POST[ NONCE_FIELD ] ) ), 'lawfirm_save' ) ) {
		return;
	}
	if ( wp_is_post_revision( $post_id ) || wp_is_post_autosave( $post_id ) || ! current_user_can( 'edit_post', $post_id ) ) {
		return;
	}
	// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- normalize() sanitises every sub-field.
	$posted = isset( $_POST['lawfirm'] ) && is_array( $_POST['lawfirm'] ) ? wp_unslash( $_POST['lawfirm'] ) : array();
	foreach ( fields_for_type( $post->post_type ) as $field ) {
		if ( isset( $posted[ $field ] ) && is_array( $posted[ $field ] ) && has_field_box( $post->post_type, $field ) ) {
			write_field( $post_id, $field, $posted[ $field ], false );
		}
	}
	if ( 'post' === $post->post_type && isset( $_POST['lawfirm_byline'] ) ) {
		$byline = clean_text( wp_unslash( $_POST['lawfirm_byline'] ), 120, false ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
		if ( '' === $byline ) {
			delete_post_meta( $post_id, AUTHOR_NAME_META );
		} else {
			update_post_meta( $post_id, AUTHOR_NAME_META, wp_slash( $byline ) );
		}
	}
	if ( 'practice_area' === $post->post_type && isset( $_POST['lawfirm_practice_icon'] ) ) {
		update_post_meta( $post_id, PRACTICE_ICON_META, clean_practice_icon( wp_unslash( $_POST['lawfirm_practice_icon'] ) ) ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
	}
	if ( in_array( $post->post_type, language_post_types(), true ) ) {
		if ( isset( $_POST['lawfirm_language'] ) ) {
			write_language( $post_id, clean_language( wp_unslash( $_POST['lawfirm_language'] ) ) ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
		}
		if ( isset( $_POST['lawfirm_translation'] ) ) {
			$target = clean_translation( wp_unslash( $_POST['lawfirm_translation'] ) ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
			if ( null === translation_error( $post, $target ) ) {
				link_translation( $post_id, $target );
			}
		}
	}
}
