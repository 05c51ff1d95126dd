/** localStorage key of the visitor's agreement to the disclaimer; the value is 'true' (brief §4). */
export const DISCLAIMER_KEY = 'disclaimerAccepted';
