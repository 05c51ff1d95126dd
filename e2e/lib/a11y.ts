import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { drawWholePage } from './ui.js';

const BLOCKING = new Set(['serious', 'critical']);

/**
 * axe-core on the page as it is now, drawn whole. Fails on any serious or critical violation and lists each one
 * with the elements it was found on, so the report reads without opening a browser.
 */
export async function checkA11y(page: Page, label = page.url()): Promise<void> {
  // axe reads colours from what is drawn: the parts of a long page below the first screen are drawn
  // when the reader comes near them (decision 0018), so the whole page is drawn for it first.
  await drawWholePage(page);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  if (blocking.length === 0) return;
  const lines = blocking.flatMap((v) => [
    `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
    ...v.nodes.slice(0, 5).map((n) => {
      const summary = (n.failureSummary ?? '').replace(/\s+/g, ' ').trim();
      return `    at ${n.target.join(' ')}: ${n.html.slice(0, 160)}${summary ? `\n      ${summary}` : ''}`;
    }),
    ...(v.nodes.length > 5 ? [`    ... and ${v.nodes.length - 5} more elements`] : []),
  ]);
  throw new Error(
    `${blocking.length} serious/critical accessibility violation(s) on ${label}:\n  ${lines.join('\n  ')}`,
  );
}
