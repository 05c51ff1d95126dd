/**
 * The site navigation of brief §2: wide-screen labels, and the mobile label where it differs (keys of
 * the `common` catalogue; the paths are English and are put in the page's language where rendered).
 * `ahead`: a page of its own, fetched ahead when the phone menu opens (the others are the home page
 * opened at a section: fetching each would fetch the home page four more times).
 */
export const NAV_ITEMS = [
  { to: '/', label: 'nav.home', ahead: true },
  { to: '/about/', label: 'nav.about', ahead: false },
  { to: '/practice-areas/', label: 'nav.practiceAreas', ahead: false },
  { to: '/blog', label: 'nav.blog', ahead: true },
  { to: '/testimonials/', label: 'nav.testimonials', ahead: false },
  { to: '/contact-us/', label: 'nav.contactUs', mobileLabel: 'nav.contact', ahead: false },
] as const;

/**
 * The phone menu: its element id and its button's labels. The header renders it closed; the page's
 * boot script (web/src/boot/menu.ts) opens and closes it.
 */
export const MOBILE_MENU = { id: 'mobile-menu', openLabel: 'Open menu', closeLabel: 'Close menu' } as const;

/** The menu button's labels in the page's language, which the boot script reads (menu.ts). */
export const MENU_LABEL_ATTRS = { open: 'data-label-open', close: 'data-label-close' } as const;

export const FOOTER_QUICK_LINKS = [
  { to: '/', label: 'nav.home' },
  { to: '/about/', label: 'nav.about' },
  { to: '/practice-areas/', label: 'nav.practiceAreas' },
  { to: '/testimonials/', label: 'nav.testimonials' },
  { to: '/contact-us/', label: 'nav.contact' },
  { to: '/blog', label: 'nav.blog' },
] as const;
