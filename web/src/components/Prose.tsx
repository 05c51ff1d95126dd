import { Box, type BoxProps, type SystemStyleObject } from '@chakra-ui/react';

/**
 * Typography for HTML written in WordPress (practice pages, blog posts, content pages). The HTML is
 * sanitised by the gateway; here it only gets a readable measure and styles for the elements
 * editors actually use.
 */
export const proseStyles: SystemStyleObject = {
  color: 'gray.800',
  fontSize: { base: 'md', md: 'lg' },
  lineHeight: '1.7',
  // Hindi text needs taller lines for the marks above and below its letters (brief §10).
  '&:lang(hi)': { lineHeight: '1.8' },
  overflowWrap: 'break-word',
  '& > * + *': { marginTop: '1.1em' },
  '& h1, & h2, & h3, & h4, & h5, & h6': {
    fontFamily: 'heading',
    color: 'brand.800',
    fontWeight: 'bold',
    lineHeight: '1.25',
    marginBottom: '0.5em',
  },
  // Space above a heading that follows other content (a leading heading sits flush with the top).
  '& > * + h1, & > * + h2, & > * + h3, & > * + h4, & > * + h5, & > * + h6': { marginTop: '1.8em' },
  '& h1': { fontSize: { base: '2xl', md: '3xl' } },
  '& h2': { fontSize: { base: 'xl', md: '2xl' } },
  '& h3': { fontSize: { base: 'lg', md: 'xl' } },
  '& h4, & h5, & h6': { fontSize: { base: 'md', md: 'lg' } },
  '& h2 + *, & h3 + *, & h4 + *': { marginTop: '0' },
  '& p': { marginBottom: '0' },
  '& a': {
    color: 'brand.700',
    textDecoration: 'underline',
    textDecorationThickness: '1px',
    textUnderlineOffset: '3px',
    fontWeight: 'medium',
    _hover: { color: 'brand.900', textDecorationThickness: '2px' },
  },
  '& strong, & b': { fontWeight: 'semibold', color: 'gray.900' },
  '& ul, & ol': { paddingInlineStart: '1.5em' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& ul ul': { listStyleType: 'circle' },
  '& li': { marginTop: '0.4em', paddingInlineStart: '0.25em' },
  '& li::marker': { color: 'gold.700' },
  '& blockquote': {
    borderInlineStartWidth: '4px',
    borderColor: 'gold.500',
    bg: 'gold.50',
    paddingBlock: '3',
    paddingInline: '5',
    borderRadius: '0 var(--chakra-radii-md) var(--chakra-radii-md) 0',
    fontStyle: 'italic',
    color: 'gray.700',
  },
  '& blockquote > * + *': { marginTop: '0.75em' },
  // Who is quoted (the quote and pull-quote blocks' <cite>): on a line of its own, not read as part of the quote.
  '& blockquote cite': {
    display: 'block',
    fontStyle: 'normal',
    fontSize: 'sm',
    fontWeight: 'semibold',
    color: 'gray.700',
    _before: { content: '"— "' },
  },
  // A wide table scrolls sideways inside the column instead of widening the page on a phone. The
  // gateway wraps each table in a focusable region, so the keyboard can scroll it too.
  '& .table-scroll': {
    maxWidth: '100%',
    overflowX: 'auto',
    borderRadius: 'sm',
    _focusVisible: { outline: '3px solid', outlineColor: 'gold.500', outlineOffset: '2px' },
  },
  '& table': {
    borderCollapse: 'collapse',
    fontSize: 'md',
    lineHeight: '1.5',
  },
  '& th, & td': {
    borderWidth: '1px',
    borderColor: 'gray.300',
    paddingBlock: '2',
    paddingInline: '3',
    textAlign: 'start',
    verticalAlign: 'top',
    minWidth: '8rem',
  },
  '& th': { bg: 'brand.50', color: 'brand.900', fontWeight: 'semibold' },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 'md' },
  '& figure': { marginInline: '0' },
  '& figcaption': { fontSize: 'sm', color: 'gray.600', marginTop: '2' },
  '& hr': { borderColor: 'gray.200', marginBlock: '2em' },
  '& code': { fontSize: '0.9em', bg: 'gray.100', paddingInline: '1', borderRadius: 'sm' },
  // Statutes and notices pasted as preformatted text wrap on a phone instead of scrolling sideways.
  '& pre': {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    bg: 'gray.100',
    padding: '4',
    borderRadius: 'md',
  },
  '& pre code': { bg: 'transparent', paddingInline: '0' },
  // WordPress's footnotes: smaller than the text, and the one a reference jumped to stands out.
  '& .wp-block-footnotes': { fontSize: 'md', color: 'gray.700' },
  '& li:target': { bg: 'gold.50', outline: '2px solid', outlineColor: 'gold.500', borderRadius: 'sm' },
};

export interface ProseProps extends Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'> {
  /** Sanitised HTML from the gateway. */
  html: string;
}

export function Prose({ html, ...rest }: ProseProps) {
  return (
    <Box
      // Marks the editor's HTML in the page: the browser suite tells the site's own ids from the body's by it.
      data-wordpress-html=""
      maxW="70ch"
      css={proseStyles}
      dangerouslySetInnerHTML={{ __html: html }}
      {...rest}
    />
  );
}
