// Hostile inputs for URLs, query strings, GraphQL variables and headers, from a seeded generator so
// a failure can be replayed (HARDENING_SEED).

/** mulberry32: small, fast, good enough to pick test inputs. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Fuzzer {
  constructor(private readonly random: () => number) {}

  int(max: number): number {
    return Math.floor(this.random() * max);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  /** Odd characters and strings: scripts, RTL, emoji, combining marks, NUL, surrogate halves, long runs. */
  text(): string {
    const pieces = [
      'तलाक-की-प्रक्रिया',
      'طلاق',
      '\u202egnp.exe',
      '👩‍⚖️⚖️',
      'e\u0301\u0301\u0301',
      '\u0000',
      '\ud800',
      '\udfff',
      '\uffff',
      '\u2028\u2029',
      '<script>alert(1)</script>',
      '"><img src=x onerror=alert(1)>',
      "' OR '1'='1",
      '${7*7}{{7*7}}',
      '../../../../etc/passwd',
      '..\\..\\windows\\win.ini',
      '%00',
      '%',
      '%zz',
      '%c0%ae%c0%ae/',
      '%252e%252e%252f',
      '\r\nSet-Cookie: x=1',
      'null',
      'undefined',
      '-1',
      '99999999999999999999999',
      '1e309',
      'NaN',
      '[]',
      '{}',
      '__proto__',
      'constructor',
      ' ',
      '\t',
      'a'.repeat(300),
      'ß'.repeat(120),
    ];
    let out = '';
    const n = 1 + this.int(4);
    for (let i = 0; i < n; i++) {
      out += this.chance(0.3) ? String.fromCharCode(this.int(0x10000)) : this.pick(pieces);
    }
    if (this.chance(0.02)) out += 'x'.repeat(10 * 1024);
    return out;
  }

  /**
   * A path segment as a hostile client writes it on the wire: mostly percent-encoded text, with raw
   * latin-1 bytes and broken escapes (what http.request lets through: 0x21..0xff).
   */
  segment(): string {
    const raw = [
      '..',
      '.',
      '%2e%2e',
      '%2e%2e%2f',
      '..%2f',
      '..%5c',
      '%c0%ae%c0%ae',
      '%c0%af',
      '%e0%80%ae',
      '%u002e',
      '%00',
      '%',
      '%z',
      '%zz',
      '%ff%fe',
      '%ed%a0%80',
      '\u00ff\u00fe',
      '\u00e9',
      '%0d%0a',
      '~',
      "!$&'()*+,;=:@",
      'index.html',
      'wp-login.php',
      '.env',
      '.git%2fconfig',
      'package.json',
    ];
    if (this.chance(0.5)) return this.pick(raw);
    return encodeURIComponent(this.text().replace(/[\ud800-\udfff]/g, '')).replace(/%25/g, () =>
      this.chance(0.3) ? '%' : '%25',
    );
  }

  path(): string {
    const prefixes = [
      '/',
      '/blog/',
      '/practice/',
      '/practice-areas/',
      '/blog/page/',
      '/criminal-defense/',
      '/assets/',
      '/images/',
      '/wp-content/uploads/',
      '/wp-admin/',
      '//',
      '/\\',
    ];
    let path = this.pick(prefixes);
    const n = 1 + this.int(3);
    for (let i = 0; i < n; i++) path += (i > 0 ? '/' : '') + this.segment();
    if (this.chance(0.15)) path += `?${this.segment()}=${this.segment()}`;
    return path;
  }

  /** A header value as raw bytes allow (no CR/LF/NUL: the client library refuses those). */
  headerValue(): string {
    return this.text()
      .replace(/[^\u0020-\u007e\u0080-\u00ff\t]/g, () =>
        String.fromCharCode(this.pick([0x21 + this.int(0x5e), 0x80 + this.int(0x80)])),
      )
      .slice(0, 8000);
  }
}
