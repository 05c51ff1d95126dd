/**
 * How a page prints. People print a guide to take to a lawyer or to court (the papers for bail, for
 * a divorce petition): on paper it is the article and the firm's contact lines, in black, without the
 * site's controls (the floating buttons would land on every sheet), its banners or its navigation.
 * An element marked `data-print="hide"` is left off. Written with `media="print"`: a screen never
 * styles or lays out by it.
 */
export const PRINT_CSS = [
  '*,*::before,*::after{color:#000!important;background:transparent!important;box-shadow:none!important;text-shadow:none!important}',
  '[data-print=hide]{display:none!important}',
  'header{position:static!important}',
  'img{max-height:9cm;width:auto!important;object-fit:contain;break-inside:avoid}',
  'h1,h2,h3,h4{break-after:avoid}',
  'p,li{orphans:3;widows:3}',
  'a{text-decoration:underline}',
].join('');
