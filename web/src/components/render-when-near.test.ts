import { describe, expect, it } from 'vitest';
import { renderWhenNear } from './render-when-near';

describe('renderWhenNear', () => {
  it('lets the browser skip the block, with a height guess it replaces once the block is drawn', () => {
    expect(renderWhenNear('600px')).toEqual({
      contentVisibility: 'auto',
      containIntrinsicBlockSize: 'auto 600px',
      _print: { contentVisibility: 'visible' },
    });
  });

  it('takes a guess per breakpoint', () => {
    expect(renderWhenNear({ base: '1250px', lg: '490px' }).containIntrinsicBlockSize).toEqual({
      base: 'auto 1250px',
      lg: 'auto 490px',
    });
  });
});
