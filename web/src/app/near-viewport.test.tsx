// @vitest-environment happy-dom
// A part of the page whose code comes when the visitor comes near it: rendered whole on the server;
// in the browser its server HTML stays, untouched, until it is near (or touched), then the code is
// loaded once and hydrates that same HTML.
import { act, useState, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEAR_MARGIN, nearViewport } from './near-viewport';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Props {
  label: string;
}

function Counter({ label }: Props) {
  const [count, setCount] = useState(0);
  return (
    <section id="part">
      <h2>{label}</h2>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        {`Pressed ${count}`}
      </button>
    </section>
  );
}

/** Observers the part created; `near()` reports the part as near the viewport. */
const observers: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit }> = [];
class FakeIntersectionObserver {
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    observers.push({ callback, options });
  }
  observe() {}
  disconnect() {}
}
function near() {
  for (const { callback } of observers)
    callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
}

/** The server's HTML for the part (its code loaded there, as the route loader makes sure). */
async function serverHtml(): Promise<string> {
  const server = nearViewport<Props>(() => Promise.resolve(Counter));
  await server.preload();
  return renderToString(<server.Component label="Case stories" />);
}

let container: HTMLElement;
let root: Root | undefined;
const recoverable: unknown[] = [];

beforeEach(() => {
  observers.length = 0;
  recoverable.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  vi.unstubAllGlobals();
});

async function hydrate(part: { Component: ComponentType<Props> }): Promise<void> {
  container.innerHTML = await serverHtml();
  await act(async () => {
    root = hydrateRoot(container, <part.Component label="Case stories" />, {
      onRecoverableError: (error) => recoverable.push(error),
    });
  });
}

const button = () => container.querySelector('button')!;

describe('nearViewport', () => {
  it('the server renders the part whole once its code is loaded', async () => {
    const html = await serverHtml();
    expect(html).toContain('<h2>Case stories</h2>');
    expect(html).toContain('Pressed 0');
  });

  it('keeps the server HTML without its code until the part is near, then hydrates that HTML in place', async () => {
    const load = vi.fn(() => Promise.resolve(Counter));
    const part = nearViewport<Props>(load);
    await hydrate(part);
    const serverButton = button();
    expect(load).not.toHaveBeenCalled();
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options?.rootMargin).toBe(NEAR_MARGIN);
    // Not hydrated: React does not handle the click.
    await act(async () => serverButton.click());
    expect(serverButton.textContent).toBe('Pressed 0');

    await act(async () => near());
    expect(load).toHaveBeenCalledTimes(1);
    expect(button()).toBe(serverButton);
    await act(async () => button().click());
    expect(button().textContent).toBe('Pressed 1');
    expect(recoverable).toEqual([]);
  });

  it('a touch or focus inside the part loads its code before the observer reports it', async () => {
    const load = vi.fn(() => Promise.resolve(Counter));
    const part = nearViewport<Props>(load);
    await hydrate(part);
    await act(async () => button().dispatchEvent(new Event('pointerdown', { bubbles: true })));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => button().click());
    expect(button().textContent).toBe('Pressed 1');
  });

  it('a failed download leaves the HTML readable and is tried again on the next touch', async () => {
    const load = vi
      .fn<() => Promise<ComponentType<Props>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Counter);
    const part = nearViewport<Props>(load);
    await hydrate(part);
    await act(async () => near());
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('h2')!.textContent).toBe('Case stories');
    await act(async () => button().dispatchEvent(new Event('focusin', { bubbles: true })));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => button().click());
    expect(button().textContent).toBe('Pressed 1');
    expect(recoverable).toEqual([]);
  });

  it('rendered in the browser (after a navigation), it waits for its code and then shows the part', async () => {
    const load = vi.fn(() => Promise.resolve(Counter));
    const part = nearViewport<Props>(load);
    await act(async () => {
      root = createRoot(container);
      root.render(<part.Component label="Case stories" />);
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('h2')!.textContent).toBe('Case stories');
  });

  it('preload loads the code once for every caller', async () => {
    const load = vi.fn(() => Promise.resolve(Counter));
    const part = nearViewport<Props>(load);
    await Promise.all([part.preload(), part.preload()]);
    await part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
