import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

/** The path of the firm's own monogram (public/logo.svg), which the header draws inline. */
export const DEFAULT_LOGO_URL = '/logo.svg';

/**
 * The monogram of public/logo.svg drawn inline. As an <img>, an SVG file gets a document of its own
 * in the browser, a noticeable piece of a phone's main-thread work while the page loads; inline it
 * is a few shapes in the page. Decorative: the link around it carries the name.
 */
export function LogoMark(props: HTMLChakraProps<'svg'>) {
  return (
    <chakra.svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" {...props}>
      <circle cx="32" cy="32" r="32" fill="#1a365d" />
      <circle cx="32" cy="32" r="28.5" fill="none" stroke="#d4af37" strokeWidth="1.5" />
      <g fill="none" stroke="#d4af37" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M32 15V46M16 21H48M18 21L13 34M18 21L23 34M46 21L41 34M46 21L51 34" />
        <path d="M25 47H39" />
      </g>
      <g fill="#d4af37">
        <circle cx="32" cy="14" r="2.5" />
        <path d="M12 34H24A6 5 0 0 1 12 34Z" />
        <path d="M40 34H52A6 5 0 0 1 40 34Z" />
        <path d="M27 46H37L39 49H25Z" />
      </g>
    </chakra.svg>
  );
}
