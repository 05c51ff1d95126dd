// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { pageScriptsAttributes, readPageScripts } from './page-boot';

function scriptWith(attributes: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script;
}

describe('the page scripts named on the boot script element', () => {
  it('read back what the server wrote', () => {
    const scripts = { entry: '/assets/entry-1.js', chunks: ['/assets/entry-1.js', '/assets/shared-1.js'] };
    expect(readPageScripts(scriptWith(pageScriptsAttributes(scripts)))).toEqual(scripts);
  });

  it('need an entry; the chunks may be none', () => {
    expect(readPageScripts(scriptWith({}))).toBeNull();
    expect(readPageScripts(scriptWith({ 'data-entry': '' }))).toBeNull();
    expect(readPageScripts(scriptWith({ 'data-entry': '/assets/entry-1.js' }))).toEqual({
      entry: '/assets/entry-1.js',
      chunks: [],
    });
  });
});
