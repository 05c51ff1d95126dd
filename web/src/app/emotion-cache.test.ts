import { css, keyframes } from '@emotion/react';
import { describe, expect, it } from 'vitest';
import { createEmotionCache } from './emotion-cache';

/** The CSS a cache writes for one style object (the server's cache returns it as text). */
function cssOf(styles: ReturnType<typeof css>, selector = `.css-${styles.name}`): string {
  const cache = createEmotionCache();
  return String(cache.insert(selector, styles, cache.sheet, true) ?? cache.inserted[styles.name]);
}

describe('createEmotionCache', () => {
  it('writes no -moz-, -ms- or old flexbox copies of ordinary rules', () => {
    const out = cssOf(
      css({
        display: 'flex',
        alignItems: 'center',
        transform: 'scale(2)',
        flexDirection: 'column',
        appearance: 'none',
      }),
    );
    expect(out).toContain('display:flex;');
    expect(out).toContain('align-items:center;');
    expect(out).toContain('transform:scale(2);');
    expect(out).not.toMatch(/-(webkit|moz|ms)-/);
  });

  it('keeps the -webkit- copy Safari needs', () => {
    const out = cssOf(css({ userSelect: 'none', backdropFilter: 'blur(4px)', backgroundClip: 'text' }));
    expect(out).toContain('-webkit-user-select:none;user-select:none;');
    expect(out).toContain('-webkit-backdrop-filter:blur(4px);backdrop-filter:blur(4px);');
    expect(out).toContain('-webkit-background-clip:text;background-clip:text;');
    expect(cssOf(css({ backgroundClip: 'padding-box' }))).not.toContain('-webkit-');
  });

  it('writes each @keyframes once', () => {
    const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
    // Inserted as emotion inserts global rules: no selector.
    const out = cssOf(spin, '');
    expect(out.match(/@keyframes/g)).toHaveLength(1);
    expect(out).not.toContain('@-webkit-keyframes');
  });
});
