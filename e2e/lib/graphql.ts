import type { Page, Request, Route } from 'playwright-core';

/** The GraphQL operation a browser request carries, whether sent as POST JSON or as a GET query string. */
export function operationName(request: Request): string | null {
  const fromUrl = new URL(request.url()).searchParams.get('operationName');
  if (fromUrl) return fromUrl;
  try {
    const body = JSON.parse(request.postData() ?? '') as { operationName?: unknown };
    return typeof body.operationName === 'string' ? body.operationName : null;
  } catch {
    return null;
  }
}

/** Lets `answer` handle the browser's requests for the named operation; every other request goes through. */
export async function interceptOperation(
  page: Page,
  name: string,
  answer: (route: Route) => Promise<void>,
): Promise<void> {
  await page.route('**/graphql**', async (route) => {
    if (operationName(route.request()) === name) return answer(route);
    return route.continue();
  });
}
