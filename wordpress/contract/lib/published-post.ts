// A post published for one contract test file, with an in-process gateway over the real WordPress,
// for the files that send one body through both (blocks, forms, right-to-left).
import { inProcessGateway, type InProcessGateway } from './gateway.js';
import { createPost, credentials, deletePost, wpRest } from './wordpress.js';

export interface PublishedPost {
  id: number;
  gw: InProcessGateway;
  /** The body as WordPress renders it to anyone (`content.rendered`, no credentials). */
  rendered(): Promise<string>;
  /** Closes the gateway and deletes the post for good. */
  close(): Promise<void>;
}

export async function publishPost(fields: {
  slug: string;
  title: string;
  content: string;
}): Promise<PublishedPost> {
  const { id } = await createPost({ ...fields, status: 'publish' });
  const gw = await inProcessGateway(credentials().url);
  return {
    id,
    gw,
    rendered: async () =>
      (
        await wpRest<{ content: { rendered: string } }>('GET', `/posts/${id}?_fields=content`, {
          auth: false,
        })
      ).json.content.rendered,
    close: async () => {
      await gw.close();
      await deletePost(id, true);
    },
  };
}
