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

/**
 * Answers every SubmitEnquiry as the gateway does when it accepts one, without sending it on; the
 * returned list collects what each request carried (`variables.input`).
 */
export async function acceptEnquiries(page: Page): Promise<Array<Record<string, unknown>>> {
  const sent: Array<Record<string, unknown>> = [];
  await interceptOperation(page, 'SubmitEnquiry', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as {
      variables?: { input?: Record<string, unknown> };
    };
    sent.push(body.variables?.input ?? {});
    await route.fulfill({
      json: {
        data: {
          submitEnquiry: {
            __typename: 'EnquiryResult',
            ok: true,
            message: 'Thank you. We will reply within 24 hours.',
            fieldErrors: [],
          },
        },
      },
    });
  });
  return sent;
}
