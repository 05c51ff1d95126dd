/** The site navigation of brief §2: wide-screen labels, and the mobile label where it differs. */
export const NAV_ITEMS = [
  { to: '/', label: 'Home' },
  { to: '/about/', label: 'About' },
  { to: '/practice-areas/', label: 'Practice Areas' },
  { to: '/blog', label: 'Blog' },
  { to: '/testimonials/', label: 'Testimonials' },
  { to: '/contact-us/', label: 'Contact Us', mobileLabel: 'Contact' },
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
