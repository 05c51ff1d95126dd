<?php
/**
 * Every front-end URL of this WordPress: a short page pointing editors to wp-admin and the API.
 *
 * @package LawFirmHeadless
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}
status_header( is_404() ? 404 : 200 );
?><!doctype html>
<html <?php language_attributes(); ?>>
<head>
<meta charset="<?php bloginfo( 'charset' ); ?>">
<meta name="robots" content="noindex">
<title><?php bloginfo( 'name' ); ?></title>
</head>
<body>
<main>
<h1><?php bloginfo( 'name' ); ?></h1>
<p>This WordPress holds the content of the firm's website; visitors read it there.</p>
<ul>
<li><a href="<?php echo esc_url( admin_url() ); ?>">Edit content (wp-admin)</a></li>
<li><a href="<?php echo esc_url( rest_url( 'wp/v2/posts' ) ); ?>">Posts API</a></li>
<li><a href="<?php echo esc_url( rest_url( 'wp/v2/practice_areas' ) ); ?>">Practice areas API</a></li>
</ul>
</main>
</body>
</html>
