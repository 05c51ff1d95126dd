type Height = `${number}px`;
type Heights = Height | Partial<Record<'base' | 'sm' | 'md' | 'lg' | 'xl', Height>>;

/**
 * Style props for a block that usually starts below a phone's first screen. The browser skips its
 * style, layout and paint until it comes near the viewport (`content-visibility: auto`), so the
 * first frame of a long page costs what the first screens hold, not the whole page (decision 0018).
 * The height (one, or one per breakpoint; without padding) is the guess the scrollbar works with
 * until the block is drawn; `auto` keeps the block's real height once it has been.
 * What this asks of the block: it clips what overflows it and is the containing block of anything
 * fixed inside it, so it suits full-width sections and cards, not a sticky column. Anchors, find in
 * page, printing and a screen reader still reach the whole block.
 */
export function renderWhenNear(estimatedHeight: Heights) {
  const guess = (h: Height) => `auto ${h}`;
  return {
    contentVisibility: 'auto',
    containIntrinsicBlockSize:
      typeof estimatedHeight === 'string'
        ? guess(estimatedHeight)
        : Object.fromEntries(Object.entries(estimatedHeight).map(([bp, h]) => [bp, guess(h)])),
    _print: { contentVisibility: 'visible' },
  } as const;
}
