import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

afterEach(cleanup);

function Hello() {
  return <h1>Hello</h1>;
}

/** Whether the fallback entered the document while `run` ran. */
async function fallbackShown(run: () => Promise<void>): Promise<boolean> {
  let seen = false;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element && node.matches('p.loading')) seen = true;
      }
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  await run();
  await new Promise((resolve) => setTimeout(resolve, 0));
  observer.disconnect();
  return seen;
}

const show = (Page: ComponentType) => async () => {
  await act(async () => {
    render(
      <Suspense fallback={<p className="loading">Loading</p>}>
        <Page />
      </Suspense>,
    );
  });
  await screen.findByRole('heading', { name: 'Hello' });
};

describe('lazyPage', () => {
  it('renders a preloaded page at once, without the loading fallback', async () => {
    const Page = lazyPage(async () => ({ Hello }), 'Hello');
    await Page.preload();
    expect(await fallbackShown(show(Page))).toBe(false);
  });

  it('shows the fallback while a page not preloaded loads, then the page', async () => {
    const Page = lazyPage(async () => ({ Hello }), 'Hello');
    expect(await fallbackShown(show(Page))).toBe(true);
  });

  it('loads its module once, however often it is preloaded or rendered', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return { Hello };
    }, 'Hello');
    await Promise.all([Page.preload(), Page.preload()]);
    await show(Page)();
    expect(loads).toBe(1);
  });
});
