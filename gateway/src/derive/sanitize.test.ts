import { mediaPath, type MediaWidth } from '../media/address.js';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { serializeHtml } from './dom.js';
import { sanitizeToDocument, type SanitizeOptions } from './sanitize.js';
import { findUnsafe, wordpressLinkPayloads, XSS_PAYLOADS } from '../../test/fixtures/xss.js';

// Large-input tests do real work; the limit only keeps a loaded CI machine from failing them.
const HEAVY_TEST_TIMEOUT_MS = 60_000;

/** The sanitised body as HTML. */
function sanitizeContent(html: string, options: SanitizeOptions = {}): string {
  return serializeHtml(sanitizeToDocument(html, options).children);
}

const m = (w: number) => mediaPath('/wp-content/uploads/a.jpg', w as MediaWidth);

describe('sanitizeContent: XSS corpus', () => {
  it('has a corpus of at least 50 payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(XSS_PAYLOADS.map((p) => [p]))('neutralises %s', (payload) => {
    const out = sanitizeContent(payload);
    expect(findUnsafe(out)).toEqual([]);
    // A fixed point: sanitising again changes nothing, so a re-parse cannot resurrect anything.
    expect(sanitizeContent(out)).toBe(out);
  });

  it('neutralises every payload wrapped in legitimate content and concatenated', () => {
    const all = XSS_PAYLOADS.map((p) => `<p>safe</p>${p}<h2>after</h2>`).join('\n');
    const out = sanitizeContent(all);
    expect(findUnsafe(out)).toEqual([]);
  });

  it('neutralises payloads split across attribute boundaries', () => {
    for (const payload of XSS_PAYLOADS) {
      const out = sanitizeContent(
        `<a href="/x" title="${payload.replace(/"/g, '&quot;')}">t</a><img src="/i.jpg" alt='${payload}'>`,
      );
      expect(findUnsafe(out)).toEqual([]);
    }
  });

  it('checker catches what it should (so the corpus assertions can fail)', () => {
    expect(findUnsafe('<img src=x onerror=alert(1)>')).not.toEqual([]);
    expect(findUnsafe('<a href="java\tscript:alert(1)">x</a>')).not.toEqual([]);
    expect(findUnsafe('<a href="//evil.example">x</a>')).not.toEqual([]);
    expect(findUnsafe('<a href="/%2Fevil.example/x">x</a>')).not.toEqual([]);
    expect(findUnsafe('<a href="/%5cevil.example/x">x</a>')).not.toEqual([]);
    expect(findUnsafe('<a href="https://evil.example/">x</a>')).not.toEqual([]);
    expect(findUnsafe('<a href="https://evil.example/" rel="nofollow noopener">x</a>')).not.toEqual([]);
    expect(
      findUnsafe('<a href="https://cms.example.in/x">x</a>', { internalHosts: ['cms.example.in'] }),
    ).toEqual([]);
    expect(findUnsafe('<a href="/" target="_blank">x</a>')).not.toEqual([]);
    expect(findUnsafe('<!-- c -->')).not.toEqual([]);
    expect(findUnsafe('<p class="evil">x</p>')).not.toEqual([]);
    expect(findUnsafe('<img src="/a.jpg" srcset="data:x 1x" decoding="async">')).not.toEqual([]);
  });
});

describe('sanitizeContent: exact results for dangerous input', () => {
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>', '<img src="x" loading="lazy" decoding="async">'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#x6A;avascript&colon;alert(1)">x</a>', '<a>x</a>'],
    ['<img src="javascript:alert(1)" alt="gone">', ''],
    [
      '<img src="/ok.jpg" srcset="/a.jpg 1x, jav&#x09;ascript:alert(1) 2x">',
      '<img src="/ok.jpg" srcset="/a.jpg 1x" loading="lazy" decoding="async">',
    ],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>ok', 'ok'],
    ['<svg><script>alert(1)</script><text>t</text></svg>after', 'after'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['<iframe src="javascript:alert(1)">fallback</iframe><p>p</p>', '<p>p</p>'],
    ['<iframe srcdoc="<script>alert(1)</script>">fallback</iframe><p>p</p>', '<p>p</p>'],
    [
      '<iframe src="https://e.example/" title="<img src=x onerror=alert(1)>"><script>alert(1)</script></iframe>',
      '<a href="https://e.example/" rel="nofollow noopener noreferrer">&lt;img src=x onerror=alert(1)&gt; (on e.example)</a>',
    ],
    ['<video src="data:video/mp4;base64,AAAA"></video><audio src="javascript:x"></audio>', ''],
    ['<h2 id="__proto__">a</h2><p id="x y">b</p><p id="-x">c</p>', '<h2>a</h2><p>b</p><p>c</p>'],
    ['<form action="/x"><input name="q"><button>Go</button></form>', ''],
    ['<p style="color:red" onclick="x()">styled</p>', '<p>styled</p>'],
    ['<!-- comment --><p>c</p><![CDATA[x]]>', '<p>c</p>'],
    ['<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    [
      '<p title="&quot;><script>alert(1)</script>">x</p>',
      '<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</p>',
    ],
    [
      '<a title="</a><img src=x onerror=alert(1)>">x</a>',
      '<a title="&lt;/a&gt;&lt;img src=x onerror=alert(1)&gt;">x</a>',
    ],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['<a href="/\\evil.example/">x</a>', '<a>x</a>'],
  ])('%s -> %s', (input, expected) => {
    expect(sanitizeContent(input)).toBe(expected);
  });

  it('keeps an attribute value with markup inside as an escaped, inert string', () => {
    const out = sanitizeContent('<p title="&quot;><script>alert(1)</script>">x</p>');
    const p = parseDocument(out).children[0];
    expect(p && 'attribs' in p ? p.attribs.title : undefined).toBe('"><script>alert(1)</script>');
  });
});

describe('sanitizeContent: the allow-list', () => {
  it('keeps blog markup as it is', () => {
    const html =
      '<h2>Heading</h2><p>Text <strong>b</strong> <em>i</em> <b>b</b> <i>i</i> <u>u</u> <s>s</s> <mark>m</mark> ' +
      '<code>c</code> <sub>1</sub><sup>2</sup> <small>sm</small> <del>d</del> <ins>n</ins> <span>sp</span> ' +
      '<abbr title="First Information Report">FIR</abbr> <cite>c</cite> <q>q</q></p>' +
      '<ul><li>a</li></ul><ol start="3" reversed="" type="a"><li value="7">b</li></ol><dl><dt>t</dt><dd>d</dd></dl>' +
      '<pre>a\n  b</pre><hr><br><details open=""><summary>s</summary>d</details>' +
      '<h1>1</h1><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6><div>div</div>';
    expect(sanitizeContent(html)).toBe(html);
  });

  it('keeps tables with valid cell attributes only', () => {
    expect(
      sanitizeContent(
        '<table><caption>C</caption><colgroup span="2"><col span="1"></colgroup><thead><tr><th scope="col" colspan="2">H</th></tr></thead>' +
          '<tbody><tr><td rowspan="x" width="10">1</td></tr></tbody><tfoot><tr><td colspan="3">f</td></tr></tfoot></table>',
      ),
    ).toBe(
      '<table><caption>C</caption><colgroup span="2"><col span="1"></colgroup><thead><tr><th scope="col" colspan="2">H</th></tr></thead>' +
        '<tbody><tr><td>1</td></tr></tbody><tfoot><tr><td colspan="3">f</td></tr></tfoot></table>',
    );
  });

  it('keeps WordPress figures, images and captions with lazy, async images', () => {
    expect(
      sanitizeContent(
        '<figure class="wp-block-image size-large"><img src="/wp-content/uploads/a.jpg" alt="A" width="1024" height="683" ' +
          'srcset="/a-300.jpg 300w, /a.jpg 1024w" sizes="(max-width: 1024px) 100vw, 1024px" class="wp-image-12"/>' +
          '<figcaption class="wp-element-caption">Cap</figcaption></figure>',
      ),
    ).toBe(
      `<figure class="wp-block-image"><img src="${m(1280)}" alt="A" width="1024" height="683" ` +
        `srcset="${[160, 320, 480, 640, 768, 960].map((w) => `${m(w)} ${w}w`).join(', ')}, ${m(1280)} 1024w" ` +
        'sizes="(max-width: 1024px) 100vw, 1024px" loading="lazy" decoding="async">' +
        '<figcaption>Cap</figcaption></figure>',
    );
  });

  it("shows WordPress's uploads from the site's /media, and leaves other images as they are", () => {
    const hosts = { contentHosts: ['cms.firm.example'] };
    const onWordPress = sanitizeContent(
      '<img src="https://cms.firm.example/wp-content/uploads/b.png?v=2" alt="">',
      hosts,
    );
    expect(onWordPress).toContain(`src="${mediaPath('/wp-content/uploads/b.png?v=2', 1280)}"`);
    // Without its width no srcset can say how wide each candidate is; the article's column is the size.
    expect(onWordPress).not.toContain('srcset=');
    expect(sanitizeContent('<img src="/wp-content/uploads/c.jpg" width="400" alt="">')).toContain(
      'sizes="(min-width: 48em) 720px, 100vw"',
    );
    for (const other of [
      'https://elsewhere.example/wp-content/uploads/d.jpg',
      'https://cms.firm.example/images/logo.png',
      'https://cms.firm.example/a/b/wp-content/uploads/deep.png',
    ]) {
      expect(sanitizeContent(`<img src="${other}" alt="">`, hosts)).toContain(`src="${other}"`);
    }
  });

  it('shows the uploads of a WordPress installed in a folder from /media, by their whole address', () => {
    const src = 'https://firm.example/cms/wp-content/uploads/2026/01/e.jpg';
    expect(sanitizeContent(`<img src="${src}" alt="">`, { contentHosts: ['firm.example'] })).toContain(
      `src="${mediaPath(src, 1280)}"`,
    );
  });

  it("shows images on WordPress's media hosts (MEDIA_HOSTS, its own public address) from /media too, whatever their path", () => {
    const options = {
      contentHosts: ['wordpress'],
      mediaHosts: ['wordpress', 'cdn.firm.example', 'cms.firm.example:8443'],
    };
    for (const src of [
      'https://cdn.firm.example/2026/06/a.jpg',
      'https://cms.firm.example:8443/wp-content/uploads/b.png',
    ]) {
      expect(sanitizeContent(`<img src="${src}" alt="">`, options), src).toContain(
        `src="${mediaPath(src, 1280)}"`,
      );
    }
    // The same host on another port, and any other host, are not WordPress's media.
    for (const other of [
      'https://cms.firm.example/wp-content/uploads/b.png',
      'https://elsewhere.example/wp-content/uploads/d.jpg',
    ]) {
      expect(sanitizeContent(`<img src="${other}" alt="">`, options), other).toContain(`src="${other}"`);
    }
  });

  it('keeps an explicit loading="eager", forces decoding="async" and drops bad dimensions', () => {
    expect(
      sanitizeContent('<img src="/e.jpg" loading="eager" decoding="sync" width="100%" height="50">'),
    ).toBe('<img src="/e.jpg" loading="eager" decoding="async" height="50">');
    expect(sanitizeContent('<img src="/e.jpg" loading="soon">')).toBe(
      '<img src="/e.jpg" loading="lazy" decoding="async">',
    );
  });

  it('drops images without a usable source', () => {
    expect(
      sanitizeContent('<p>a<img alt="x">b<img src="">c<img src="data:image/png;base64,AAAA">d</p>'),
    ).toBe('<p>abcd</p>');
  });

  it('keeps only wp-block-*, has-* and align* class names', () => {
    expect(
      sanitizeContent(
        '<p class="has-text-align-center has-large-font-size is-style-x foo wp-image-1">a</p>' +
          '<div class="alignwide wp-block-group evil">b</div><span class="align">c</span><blockquote class="wp-block-quote is-style-large"><p>q</p></blockquote>',
      ),
    ).toBe(
      '<p class="has-text-align-center has-large-font-size">a</p><div class="alignwide wp-block-group">b</div><span>c</span>' +
        '<blockquote class="wp-block-quote"><p>q</p></blockquote>',
    );
  });

  it('drops names, styles, data and aria attributes, and keeps an anchor-shaped id', () => {
    expect(
      sanitizeContent('<h2 id="intro" name="n" style="color:red" data-x="1" aria-describedby="y">Intro</h2>'),
    ).toBe('<h2 id="intro">Intro</h2>');
  });

  it("keeps a link's aria-label (WordPress names a footnote's back link with it), and no other element's", () => {
    expect(
      sanitizeContent(
        '<li id="f1">Note. <a href="#f1-link" aria-label="Jump to footnote reference 1">↩︎</a></li>' +
          '<p aria-label="x">p</p><a aria-label="   ">y</a>',
      ),
    ).toBe(
      '<li id="f1">Note. <a href="#f1-link" aria-label="Jump to footnote reference 1">↩︎</a></li><p>p</p><a>y</a>',
    );
  });

  it('keeps lang, dir and title when valid', () => {
    expect(sanitizeContent('<p lang="hi" dir="rtl" title="t">हिंदी</p><p lang="x y" dir="up">z</p>')).toBe(
      '<p lang="hi" dir="rtl" title="t">हिंदी</p><p>z</p>',
    );
  });

  it('removes disallowed wrappers but keeps their text', () => {
    expect(
      sanitizeContent('<section><article><p>Keep</p></article></section><font color=red>Kept</font>'),
    ).toBe('<p>Keep</p>Kept');
  });
});

describe('sanitizeContent: links', () => {
  it('leaves internal links alone', () => {
    expect(
      sanitizeContent('<a href="/about/">About</a><a href="#section-2">jump</a><a href="page?x=a:b">q</a>'),
    ).toBe('<a href="/about/">About</a><a href="#section-2">jump</a><a href="page?x=a:b">q</a>');
  });

  it('marks external links nofollow noopener noreferrer', () => {
    expect(sanitizeContent('<a href="https://indiankanoon.org/doc/1/">Judgment</a>')).toBe(
      '<a href="https://indiankanoon.org/doc/1/" rel="nofollow noopener noreferrer">Judgment</a>',
    );
  });

  it('adds noopener noreferrer to new-tab links and drops other targets', () => {
    expect(sanitizeContent('<a href="/pdf/form.pdf" target="_blank">Form</a>')).toBe(
      '<a href="/pdf/form.pdf" target="_blank" rel="noopener noreferrer">Form</a>',
    );
    expect(sanitizeContent('<a href="https://ok.example/" target="_BLANK" rel="noopener">x</a>')).toBe(
      '<a href="https://ok.example/" target="_blank" rel="noopener nofollow noreferrer">x</a>',
    );
    expect(sanitizeContent('<a href="/x" target="_top">x</a><a href="/y" target="evilframe">y</a>')).toBe(
      '<a href="/x">x</a><a href="/y">y</a>',
    );
  });

  it('keeps meaningful rel tokens and drops the rest', () => {
    expect(sanitizeContent('<a href="https://ok.example/" rel="author me sponsored">x</a>')).toBe(
      '<a href="https://ok.example/" rel="sponsored nofollow noopener noreferrer">x</a>',
    );
    expect(sanitizeContent('<a href="/x" rel="opener">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('treats the firm’s own hosts as internal', () => {
    const opts = { internalHosts: ['www.firm.example', 'https://cms.firm.example', ' ', 'http://[bad'] };
    expect(
      sanitizeContent(
        '<a href="https://www.firm.example/a" target="_blank">x</a><a href="https://CMS.firm.example/b">y</a>',
        opts,
      ),
    ).toBe(
      '<a href="https://www.firm.example/a" target="_blank" rel="noopener noreferrer">x</a><a href="https://CMS.firm.example/b">y</a>',
    );
    expect(sanitizeContent('<a href="https://other.example/">z</a>', opts)).toBe(
      '<a href="https://other.example/" rel="nofollow noopener noreferrer">z</a>',
    );
  });

  it('keeps mailto and tel links without rel', () => {
    expect(sanitizeContent('<a href="mailto:info@x.example">m</a> <a href="tel:+911204001985">t</a>')).toBe(
      '<a href="mailto:info@x.example">m</a> <a href="tel:+911204001985">t</a>',
    );
  });

  it('refuses mailto and tel as image sources', () => {
    expect(sanitizeContent('<img src="mailto:a@b.example"><img src="tel:1">')).toBe('');
  });

  it('drops unknown schemes and scheme-like relative URLs', () => {
    expect(
      sanitizeContent('<a href="ftp://x.example/">f</a><a href="10:30">t</a><a href="sms:123">s</a>'),
    ).toBe('<a>f</a><a>t</a><a>s</a>');
  });
});

describe('sanitizeContent: text and encoding', () => {
  it('keeps Unicode text literal and escapes only what HTML needs', () => {
    expect(sanitizeContent('<p>&#8217; &amp; &nbsp; &hellip; a &lt; b — धारा ४९८</p>')).toBe(
      '<p>’ &amp; &nbsp; … a &lt; b — धारा ४९८</p>',
    );
  });

  it('replaces NUL characters', () => {
    expect(sanitizeContent('<p>a\u0000b</p>')).toBe('<p>a\uFFFDb</p>');
  });

  it('closes unclosed markup', () => {
    expect(sanitizeContent('<p>unclosed <b>bold <i>both')).toBe('<p>unclosed <b>bold <i>both</i></b></p>');
  });

  it('returns an empty string for empty and non-string input', () => {
    expect(sanitizeContent('')).toBe('');
    expect(sanitizeContent(null as unknown as string)).toBe('');
    expect(sanitizeContent(42 as unknown as string)).toBe('');
  });

  it('bounds nesting depth', () => {
    const out = sanitizeContent('<div>'.repeat(500) + 'deep' + '</div>'.repeat(500));
    expect(out.match(/<div>/g)?.length).toBe(100);
    expect(out).toContain('deep');
  });

  it(
    'handles a 1 MB body with hostile parts',
    () => {
      const chunk =
        '<h2 onclick="x()">Bail</h2><p>The <a href="javascript:alert(1)">court</a> may grant bail.</p>' +
        '<img src="/a.jpg" onerror="alert(1)"><script>alert(1)</script>';
      const body = chunk.repeat(Math.ceil(1_050_000 / chunk.length));
      expect(body.length).toBeGreaterThan(1_000_000);
      const out = sanitizeContent(body);
      const count = body.length / chunk.length;
      expect(out.match(/<h2>Bail<\/h2>/g)?.length).toBe(count);
      expect(out.match(/<img src="\/a.jpg" loading="lazy" decoding="async">/g)?.length).toBe(count);
      expect(out).not.toMatch(/script|onclick|onerror|javascript/);
    },
    HEAVY_TEST_TIMEOUT_MS,
  );
});

describe('sanitizeContent: embedded frames and players become links', () => {
  it('links a YouTube player to the video, named by its title, and drops what the frame held', () => {
    expect(
      sanitizeContent(
        '<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">' +
          '<iframe title="Bail explained" width="500" height="281" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" ' +
          'frameborder="0" allowfullscreen>fallback <b>x</b><iframe src="https://f.example/"></iframe></iframe>' +
          '</div><figcaption class="wp-element-caption">Our partner explains bail.</figcaption></figure>',
      ),
    ).toBe(
      '<figure class="wp-block-embed wp-block-embed-youtube"><div class="wp-block-embed__wrapper">' +
        '<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="nofollow noopener noreferrer">Watch on YouTube: Bail explained</a>' +
        '</div><figcaption>Our partner explains bail.</figcaption></figure>',
    );
  });

  it('links the address WordPress left in an embed block it could not fetch', () => {
    expect(
      sanitizeContent(
        '<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">\nhttps://youtu.be/dQw4w9WgXcQ\n</div></figure>' +
          '<div class="wp-block-embed__wrapper"> https://www.facebook.com/lawfirm/posts/1 </div>' +
          '<div class="wp-block-embed__wrapper">not an address</div>',
      ),
    ).toBe(
      '<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">' +
        '<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="nofollow noopener noreferrer">Watch the video on YouTube</a></div></figure>' +
        '<div class="wp-block-embed__wrapper"><a href="https://www.facebook.com/lawfirm/posts/1" rel="nofollow noopener noreferrer">' +
        'https://www.facebook.com/lawfirm/posts/1</a></div>' +
        '<div class="wp-block-embed__wrapper">not an address</div>',
    );
  });

  it('links video and audio files, other frames to their address, and drops what has no address', () => {
    expect(
      sanitizeContent(
        '<figure class="wp-block-video"><video controls src="https://wp.example/wp-content/uploads/bail.mp4"></video></figure>' +
          '<figure class="wp-block-audio"><audio controls src="https://wp.example/wp-content/uploads/talk.mp3"></audio></figure>' +
          '<iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e"></iframe>' +
          '<iframe title="Our office" src="https://www.google.com/maps/embed?pb=1"></iframe>' +
          '<video><source src="https://wp.example/a.mp4"></video><iframe></iframe>',
        { internalHosts: ['wp.example'] },
      ),
    ).toBe(
      '<figure class="wp-block-video"><a href="https://wp.example/wp-content/uploads/bail.mp4">Watch the video</a></figure>' +
        '<figure class="wp-block-audio"><a href="https://wp.example/wp-content/uploads/talk.mp3">Listen to the recording</a></figure>' +
        '<a href="https://vimeo.com/76979871" rel="nofollow noopener noreferrer">Watch the video on Vimeo</a>' +
        '<a href="https://www.google.com/maps/embed?pb=1" rel="nofollow noopener noreferrer">Our office (on google.com)</a>',
    );
  });
});

/** A site at www.example.in over a WordPress at cms.example.in. */
const wordpressHostOptions = {
  internalHosts: ['cms.example.in', 'www.example.in'],
  contentHosts: ['cms.example.in'],
};

describe('links to the WordPress host', () => {
  const options = wordpressHostOptions;
  it('become site-relative, keeping query and hash', () => {
    const html = sanitizeContent(
      '<p><a href="https://cms.example.in/bail-explained/?ref=1#types">bail</a></p>',
      options,
    );
    expect(html).toBe('<p><a href="/bail-explained/?ref=1#types">bail</a></p>');
  });
  it('to uploads, the admin and the API stay on WordPress, also for a WordPress in a folder', () => {
    for (const href of [
      'https://cms.example.in/wp-content/uploads/2026/01/form.pdf',
      'https://cms.example.in/wp-admin/',
      'https://cms.example.in/wp-json/wp/v2/posts',
      'https://cms.example.in/cms/wp-admin/post.php?post=1',
      'https://cms.example.in/cms/wp-content/uploads/2026/01/form.pdf',
    ]) {
      expect(sanitizeContent(`<a href="${href}">x</a>`, options)).toBe(`<a href="${href}">x</a>`);
    }
  });
  it('never become protocol-relative: a path that would read as another host stays absolute', () => {
    expect(sanitizeContent('<a href="https://cms.example.in//evil.example/x">x</a>', options)).toBe(
      '<a href="https://cms.example.in//evil.example/x">x</a>',
    );
    expect(
      sanitizeContent(
        '<a href="https://cms.example.in/\\evil.example/x?a=1#b" target="_blank">x</a>',
        options,
      ),
    ).toBe(
      '<a href="https://cms.example.in//evil.example/x?a=1#b" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeContent('<a href="https://cms.example.in/%2Fevil.example/x">x</a>', options)).toBe(
      '<a href="https://cms.example.in/%2Fevil.example/x">x</a>',
    );
    const payloads = wordpressLinkPayloads('https://cms.example.in');
    for (const payload of payloads) {
      const out = sanitizeContent(payload, options);
      expect(findUnsafe(out, options), payload).toEqual([]);
      const hrefs = [...out.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      expect(hrefs, payload).toHaveLength(1);
      expect(hrefs[0], payload).toMatch(/^https:\/\/cms\.example\.in\/[/%]/);
    }
    expect(payloads.length).toBe(13);
  });
  it('keep a doubled slash further along the path site-relative', () => {
    expect(sanitizeContent('<a href="https://cms.example.in/bail//types/">x</a>', options)).toBe(
      '<a href="/bail//types/">x</a>',
    );
  });
  it('other hosts are untouched and marked external', () => {
    expect(sanitizeContent('<a href="https://indiankanoon.org/doc/1/">x</a>', options)).toBe(
      '<a href="https://indiankanoon.org/doc/1/" rel="nofollow noopener noreferrer">x</a>',
    );
  });
});

describe("root-relative links to WordPress's own files", () => {
  const withOrigin = { ...wordpressHostOptions, wordpressOrigin: 'https://cms.example.in/' };
  it('resolve against WordPress, where the file is: uploads, the admin, the API, also in a folder', () => {
    for (const path of [
      '/wp-content/uploads/2026/01/form.pdf?v=2#page=3',
      '/wp-admin/',
      '/wp-json/wp/v2/posts',
      '/wp-login.php',
      '/cms/wp-content/uploads/2026/01/form.pdf',
    ]) {
      expect(sanitizeContent(`<a href="${path}">x</a>`, withOrigin)).toBe(
        `<a href="https://cms.example.in${path}">x</a>`,
      );
    }
  });
  it("leave the site's own paths, WordPress's feed (the site answers it) and other hosts' links alone", () => {
    for (const href of ['/blog/bail-explained/', '/feed/', '/wp-contentious/', 'form.pdf', '#top']) {
      expect(sanitizeContent(`<a href="${href}">x</a>`, withOrigin)).toBe(`<a href="${href}">x</a>`);
    }
    expect(sanitizeContent('<a href="/\\evil.example/wp-content/x">x</a>', withOrigin)).not.toContain(
      'evil.example/wp-content',
    );
  });
  it('stay as they are without an origin (the embedded snapshot: the web server serves its uploads)', () => {
    expect(
      sanitizeContent('<a href="/wp-content/uploads/2026/01/form.pdf">x</a>', wordpressHostOptions),
    ).toBe('<a href="/wp-content/uploads/2026/01/form.pdf">x</a>');
  });
  it('leave images to /media as before', () => {
    const html = sanitizeContent('<img src="/wp-content/uploads/2026/01/photo.jpg" alt="">', withOrigin);
    expect(html).toContain('src="/media/');
  });
});
