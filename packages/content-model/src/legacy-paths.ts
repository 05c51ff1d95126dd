/**
 * Every practice-area address the old site linked (its cards, its footer, the brief's route table),
 * mapped to the area's canonical page, /practice-areas/{slug}/: the website answers 301 from each,
 * the sitemap leaves them out, and the gateway finds an area by the slug in any of them. Keys have no
 * trailing slash; callers strip one before looking up.
 */
export const LEGACY_PRACTICE_PATHS: Readonly<Record<string, string>> = Object.freeze({
  '/criminal-defense': '/practice-areas/criminal-defense/',
  '/family-law': '/practice-areas/family-law/',
  '/bail-hearings': '/practice-areas/bail-hearings/',
  '/motor-accident': '/practice-areas/motor-accident/',
  '/cybercrime': '/practice-areas/cybercrime-defense/',
  '/domestic-violence': '/practice-areas/domestic-violence/',
  '/divorce-advisory': '/practice-areas/divorce-advisory/',
  '/practice-areas/cybercrime': '/practice-areas/cybercrime-defense/',
  '/practice-areas/motor-accident-claims': '/practice-areas/motor-accident/',
});
