// Before and after the contract suite: WordPress must answer (one clear line if not), and posts
// left behind by an interrupted run are deleted, so every file sees exactly content/.
import { deleteContractPosts, wordpressAnswers, credentials } from './lib/wordpress.js';

export async function setup(): Promise<void> {
  const { url } = credentials();
  if (!(await wordpressAnswers())) {
    throw new Error(`WordPress does not answer at ${url}: run npm run wordpress:up first`);
  }
  const removed = await deleteContractPosts();
  if (removed > 0) console.log(`[contract] deleted ${removed} post(s) left by an earlier run`);
}

export async function teardown(): Promise<void> {
  if (await wordpressAnswers()) await deleteContractPosts();
}
