/**
 * The site navigation of brief §2: wide-screen labels, and the mobile label where it differs.
 * `ahead`: a page of its own, fetched ahead when the phone menu opens (the others are the home page
 * opened at a section: fetching each would fetch the home page four more times).
 */
export const NAV_ITEMS = [
  { to: '/', label: 'Home', ahead: true },
  { to: '/about/', label: 'About', ahead: false },
  { to: '/practice-areas/', label: 'Practice Areas', ahead: false },
  { to: '/blog', label: 'Blog', ahead: true },
  { to: '/testimonials/', label: 'Testimonials', ahead: false },
  { to: '/contact-us/', label: 'Contact Us', mobileLabel: 'Contact', ahead: false },
] as const;

/**
 * The phone menu: its element id and its button's labels. The header renders it closed; the page's
 * boot script (web/src/boot/menu.ts) opens and closes it.
 */
export const MOBILE_MENU = { id: 'mobile-menu', openLabel: 'Open menu', closeLabel: 'Close menu' } as const;

export const FOOTER_QUICK_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about/', label: 'About' },
  { to: '/practice-areas/', label: 'Practice Areas' },
  { to: '/testimonials/', label: 'Testimonials' },
  { to: '/contact-us/', label: 'Contact' },
  { to: '/blog', label: 'Blog' },
] as const;
