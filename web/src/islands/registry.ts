// Every island of the site, by the name its server HTML carries (data-island): the browser loads an
// island's code only on a page that has it.
import type { ComponentType } from 'react';

export const ISLANDS: Record<string, () => Promise<ComponentType<never>>> = {
  'contact-form': () => import('../components/contact/ContactForm').then((m) => m.ContactForm),
  'wp-connection': () => import('../routes/wp-admin/ConnectionStatus').then((m) => m.ConnectionStatus),
};
