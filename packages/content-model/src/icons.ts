/**
 * brief §3: the icons a practice area or feature may name. The schema's `IconName` enum lists the
 * same names (the gateway's tests hold the two together); the website draws each with lucide-react.
 */
export const ICON_NAMES = [
  'Scale',
  'Heart',
  'Shield',
  'Car',
  'Monitor',
  'Home',
  'FileText',
  'Users',
  'Clock',
  'Award',
] as const;

export type IconName = (typeof ICON_NAMES)[number];
