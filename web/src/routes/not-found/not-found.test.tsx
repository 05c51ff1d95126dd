// @vitest-environment happy-dom
// The 404 pages in both languages (brief §10): an address under /hi/ that names nothing gets the Hindi
// page, whose ways on lead to Hindi pages; the English one is as it always was.
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { langOfPath } from '@site/content-model';
import { getSystem } from '../../app/theme';
import { RenderContext, type RenderContextValue } from '../../app/render-context';
import { ArticleNotFound } from '../../components/article/ArticleFrame';
import { inLang } from '../../i18n/test-render';
import { NotFound } from './NotFoundRoute';

function render(path: string, Page: () => React.ReactNode) {
  const router = createMemoryRouter(
    [{ id: 'root', path: '/', loader: () => null, children: [{ path: '*', Component: Page }] }],
    {
      initialEntries: [path],
      hydrationData: { loaderData: { root: { layout: { data: { site: { name: 'Law Partners' } } } } } },
    },
  );
  const ctx: RenderContextValue = { status: 200, head: null };
  const html = renderToString(
    <RenderContext.Provider value={ctx}>
      {inLang(
        <ChakraProvider value={getSystem()}>
          <RouterProvider router={router} />
        </ChakraProvider>,
        langOfPath(path),
      )}
    </RenderContext.Provider>,
  );
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return { doc, ctx, text: doc.body.textContent ?? '' };
}

const hrefs = (doc: Document) => [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'));

describe('the 404 page', () => {
  it('in Hindi under /hi/: its heading, title and a way back to the Hindi home page', () => {
    const { doc, ctx, text } = render('/hi/no/such/page', NotFound);
    expect(ctx.status).toBe(404);
    expect(ctx.head?.title).toBe('पेज नहीं मिला | Law Partners');
    expect(doc.querySelector('h1')?.textContent).toBe('क्षमा करें, यह पेज नहीं मिला');
    expect(text).toContain('मुखपृष्ठ पर लौटें');
    expect(text).not.toMatch(/Oops|Return to Home/);
    expect(hrefs(doc)).toEqual(['/hi/']);
  });

  it('in English as always', () => {
    const { doc, ctx, text } = render('/no/such/page', NotFound);
    expect(ctx.status).toBe(404);
    expect(ctx.head?.title).toBe('Page not found | Law Partners');
    expect(doc.querySelector('h1')?.textContent).toBe('Oops! Page not found');
    expect(text).toContain('Return to Home');
    expect(hrefs(doc)).toEqual(['/']);
  });
});

describe('a page or practice area that is not there', () => {
  const missingPage = () => <ArticleNotFound what="page" error={null} siteName="Law Partners" hint="…" />;

  it('says so in Hindi on a Hindi page, with a way back to the Hindi home page', () => {
    const { doc, ctx, text } = render('/hi/no-such-page', missingPage);
    expect(ctx.status).toBe(404);
    expect(doc.querySelector('h1')?.textContent).toBe('पेज नहीं मिला');
    expect(text).toContain('त्रुटि: पेज नहीं मिला');
    expect(hrefs(doc)).toEqual(['/hi/']);
  });

  it('keeps its English texts on an English page', () => {
    const { doc, text } = render('/no-such-page', missingPage);
    expect(doc.querySelector('h1')?.textContent).toBe('Page Not Found');
    expect(text).toContain('The requested page could not be found.');
    expect(text).toContain('Error: Page not found');
    const area = render('/practice/nothing', () => (
      <ArticleNotFound what="practiceArea" error={null} siteName="Law Partners" />
    ));
    expect(area.doc.querySelector('h1')?.textContent).toBe('Practice Area Not Found');
    expect(area.text).toContain('Error: Practice area not found');
    expect(area.text).toContain('Back to Home');
  });

  it('offers Try Again, in the page language, when the content could not be loaded', () => {
    const { ctx, doc } = render('/hi/practice/bail', () => (
      <ArticleNotFound
        what="practiceArea"
        error="सेवा क्षेत्र की जानकारी लोड नहीं हो सकी"
        siteName="Law Partners"
      />
    ));
    expect(ctx.status).toBe(503);
    expect([...doc.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'दोबारा कोशिश करें',
      'मुखपृष्ठ पर जाएँ',
    ]);
  });
});
