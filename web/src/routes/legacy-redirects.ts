/**
 * Every practice-area address the old site linked (cards, footer, the spec's route table) reaches
 * one canonical page: /practice-areas/{slug}/. The others answer 301 to it.
 */
export const LEGACY_REDIRECTS: Record<string, string> = {
  '/criminal-defense': '/practice-areas/criminal-defense/',
  '/family-law': '/practice-areas/family-law/',
  '/bail-hearings': '/practice-areas/bail-hearings/',
  '/motor-accident': '/practice-areas/motor-accident/',
  '/cybercrime': '/practice-areas/cybercrime-defense/',
  '/domestic-violence': '/practice-areas/domestic-violence/',
  '/divorce-advisory': '/practice-areas/divorce-advisory/',
  '/practice-areas/cybercrime': '/practice-areas/cybercrime-defense/',
  '/practice-areas/motor-accident-claims': '/practice-areas/motor-accident/',
};
