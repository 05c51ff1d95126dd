// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { initChips } from './chips';

describe('the category row', () => {
  it('scrolls the row (only the row) to the chosen chip when it is out of view', () => {
    document.body.innerHTML = `<nav data-chips><a>All</a><a aria-current="true">Family Law</a></nav>`;
    const row = document.querySelector<HTMLElement>('[data-chips]')!;
    const chip = row.querySelector<HTMLElement>('[aria-current]')!;
    row.getBoundingClientRect = () => ({ left: 0, right: 375, width: 375 }) as DOMRect;
    chip.getBoundingClientRect = () => ({ left: 600, right: 700, width: 100 }) as DOMRect;
    initChips(document);
    expect(row.scrollLeft).toBe(600 - (375 - 100) / 2);
  });
});
