<?php
/**
 * Plugin Name: Law Firm Companion (must-use loader)
 * Description: Loads the Law Firm Companion plugin from mu-plugins/lawfirm-companion/. WordPress only runs PHP files placed directly in mu-plugins/, so this file sits beside the plugin's folder.
 * Version:     1.0.0
 *
 * @package LawFirmCompanion
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

require_once __DIR__ . '/lawfirm-companion/lawfirm-companion.php';
