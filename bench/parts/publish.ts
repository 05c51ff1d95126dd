// Publish-to-visible against the real WordPress of `npm run wordpress:up`: a post's title is changed
// through the REST API and the public page is polled until it shows the new title. WordPress's
// webhook is pointed at the web server's /purge for the run and restored afterwards.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  CONTRACT_SLUG_PREFIX,
  createPost,
  credentials,
  currentWebhook,
  deletePost,
  updatePost,
  wordpressAnswers,
  wordpressUp,
} from '../../wordpress/contract/lib/wordpress.js';
import { median, type BenchResults } from '../lib/report.js';
import { startSite } from './render.js';

async function pollUntil(url: string, text: string, timeoutMs: number): Promise<number> {
  const t = performance.now();
  while (performance.now() - t < timeoutMs) {
    const res = await fetch(url);
    const html = await res.text();
    if (res.status === 200 && html.includes(text)) return performance.now() - t;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not show '${text}' within ${timeoutMs} ms`);
}

export async function measurePublish(): Promise<NonNullable<BenchResults['publish']>> {
  if (!(await wordpressAnswers().catch(() => false))) {
    return { measured: false, reason: 'no WordPress running (npm run wordpress:up first)' };
  }
  const creds = credentials();
  const secret = randomBytes(24).toString('hex');
  const previous = currentWebhook();
  // Long TTLs: only the webhook can explain a change showing within seconds.
  const site = await startSite(
    { WORDPRESS_URL: creds.url, PURGE_SECRET: secret, CONTENT_CACHE_TTL: '600' },
    { PAGE_CACHE_TTL: '600' },
  );
  const tag = randomBytes(4).toString('hex');
  let postId: number | null = null;
  try {
    await wordpressUp({ url: `${site.url}/purge`, secret });
    const post = await createPost({
      slug: `${CONTRACT_SLUG_PREFIX}bench-${tag}`,
      title: `Bench ${tag} v0`,
      content: '<p>A post the benchmark edits and deletes.</p>',
      status: 'publish',
    });
    postId = post.id;
    const pageUrl = `${site.url}/blog/${post.slug}`;
    await pollUntil(pageUrl, `Bench ${tag} v0`, 10_000);
    const samples: number[] = [];
    for (let i = 1; i <= 3; i += 1) {
      const title = `Bench ${tag} v${i}`;
      const t = performance.now();
      await updatePost(post.id, { title });
      await pollUntil(pageUrl, title, 10_000);
      samples.push(performance.now() - t);
    }
    console.log(`   publish-to-visible: ${samples.map((s) => s.toFixed(0)).join(', ')} ms`);
    return { measured: true, visibleMs: median(samples), samplesMs: samples };
  } finally {
    if (postId !== null) await deletePost(postId, true).catch(() => undefined);
    await wordpressUp(previous).catch(() => undefined);
    await site.stop();
  }
}
