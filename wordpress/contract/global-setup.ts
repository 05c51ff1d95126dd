// Before and after the contract suite: WordPress must answer (one clear line if not), and posts and
// media left behind by an interrupted run are deleted and the settings it changed restored, so every
// file sees exactly content/.
import { deleteContractMedia, restoreMediaSettings } from './lib/media.js';
import { deleteContractPosts, wordpressAnswers, credentials } from './lib/wordpress.js';

async function cleanUp(): Promise<void> {
  if (await restoreMediaSettings()) console.log('[contract] restored media settings left by an earlier run');
  const removed = await deleteContractPosts();
  if (removed > 0) console.log(`[contract] deleted ${removed} post(s) left by an earlier run`);
  const media = await deleteContractMedia();
  if (media > 0) console.log(`[contract] deleted ${media} media item(s) left by an earlier run`);
}

export async function setup(): Promise<void> {
  const { url } = credentials();
  if (!(await wordpressAnswers())) {
    throw new Error(`WordPress does not answer at ${url}: run npm run wordpress:up first`);
  }
  await cleanUp();
}

export async function teardown(): Promise<void> {
  if (await wordpressAnswers()) {
    await restoreMediaSettings();
    await deleteContractPosts();
    await deleteContractMedia();
  }
}
