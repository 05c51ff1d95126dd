// Apart from ContactButtons.tsx, so that a route using it does not import the buttons' module.

/**
 * The right padding a `maxW="7xl"` (80rem) container needs on wide screens so that what it holds at
 * its right edge (the post's sticky sidebar, the footer's last lines) stays clear of the buttons, which take the last 5rem of
 * the window (1.5rem from the edge, 3.5rem wide): 6rem of window edge in all, less whatever margin
 * the centred container already has, and never under the container's usual 2rem.
 */
export const CLEAR_OF_CONTACT_BUTTONS_7XL = 'clamp(2rem, calc(6rem - (100vw - 80rem) / 2), 6rem)';
