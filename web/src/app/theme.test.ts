import type { SystemContext } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { getSystem, hydratingSystem, withoutGlobalCss } from './theme';

describe('the system a page hydrates with', () => {
  it('has no global CSS and otherwise is the whole system', () => {
    const system = hydratingSystem();
    expect(system._global).toEqual([]);
    expect(system.css).toBe(getSystem().css);
    expect(system.token('colors.brand.800')).toBe('#1a365d');
    expect(Object.keys(system).sort()).toEqual(Object.keys(getSystem()).sort());
  });

  it('does not compute the global CSS of the system it copies', () => {
    let computed = 0;
    const system = {
      css: () => ({}),
      get _global() {
        computed += 1;
        return [{ html: {} }];
      },
    } as unknown as SystemContext;
    const copy = withoutGlobalCss(system);
    expect(copy._global).toEqual([]);
    expect(copy.css).toBe(system.css);
    expect(computed).toBe(0);
  });
});
