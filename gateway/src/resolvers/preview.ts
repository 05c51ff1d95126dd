// Query.preview: a draft as an editor sees it from WordPress's Preview button, mapped by the same
// resolvers as published content. Only with a valid preview token (@site/server-kit's
// preview-token.ts) for this very item; read live from WordPress (preview/wordpress.ts), never
// through the cached source, the loaders' caches, the response cache or Redis.
import { findBuiltInPracticeArea, type BuiltInPracticeArea } from '@site/content-model';
import { verifyPreviewToken, type PreviewType } from '@site/server-kit';
import { GraphQLError } from 'graphql';
import { z } from 'zod';
import type { GatewayContext } from '../context.js';
import { practiceAreaList } from '../derive/practice-areas.js';
import type { QueryResolvers } from '../generated/resolvers.js';
import { markDraft } from '../preview/drafts.js';
import {
  wpPageSchema,
  wpPostSchema,
  wpPracticeAreaSchema,
  type WpPage,
  type WpPost,
  type WpPracticeArea,
} from '../sources/types.js';
import { errorSummary, upstreamUnavailable } from './errors.js';
import { model } from './practice-area.js';
import { editUrl } from './shared.js';

function forbidden(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'FORBIDDEN' } });
}

const renderedField = z.looseObject({ rendered: z.string() }).optional().catch(undefined);

/** What an autosave brings: its text, and when it was saved. */
const autosaveSchema = z.looseObject({
  modified_gmt: z.string().nullish(),
  date_gmt: z.string().nullish(),
  title: renderedField,
  content: renderedField,
  excerpt: renderedField,
});
type Autosave = z.infer<typeof autosaveSchema>;

/** The edit context's fields the published shape lacks. */
const editFields = z.looseObject({ generated_slug: z.string().optional().catch(undefined) });

/** WordPress's GMT times ('2026-01-01T09:30:00', no zone) as milliseconds; null when unreadable. */
function gmtMs(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(ms) ? null : ms;
}

const savedAtOf = (a: Autosave) => gmtMs(a.modified_gmt) ?? gmtMs(a.date_gmt);

/** The newest autosave (whoever saved it) not older than the item's last save, if any. */
function latestAutosave(autosaves: readonly unknown[], itemModifiedMs: number | null): Autosave | null {
  let best: Autosave | null = null;
  let bestMs = -Infinity;
  for (const raw of autosaves) {
    const parsed = autosaveSchema.safeParse(raw);
    if (!parsed.success) continue;
    const ms = savedAtOf(parsed.data);
    if (ms === null || ms <= bestMs) continue;
    // WordPress keeps whole seconds: an autosave made in the second of the last save is the newer.
    if (itemModifiedMs !== null && ms < itemModifiedMs) continue;
    best = parsed.data;
    bestMs = ms;
  }
  return best;
}

type Item = WpPost | WpPage | WpPracticeArea;

/** The item with the autosave's title, body and excerpt, and a slug even when WordPress has none yet. */
function applied(item: Item, raw: unknown, autosave: Autosave | null): Item {
  const generated = editFields.safeParse(raw);
  const slug =
    item.slug || (generated.success ? generated.data.generated_slug : undefined) || String(item.id);
  return markDraft({
    ...item,
    slug,
    title: autosave?.title ? { ...item.title, rendered: autosave.title.rendered } : item.title,
    content: autosave?.content ? { ...item.content, rendered: autosave.content.rendered } : item.content,
    excerpt: autosave?.excerpt ? { ...item.excerpt, rendered: autosave.excerpt.rendered } : item.excerpt,
  });
}

const SCHEMAS = {
  post: wpPostSchema,
  page: wpPageSchema,
  practice_area: wpPracticeAreaSchema,
} as const satisfies Record<PreviewType, z.ZodType>;

/** The built-in area a practice page or practice_area post shows as, if any (as the lists decide). */
function builtInFor(type: PreviewType, item: Item): BuiltInPracticeArea | null {
  if (type === 'page') {
    const builtIn = findBuiltInPracticeArea(item.slug);
    return builtIn && builtIn.wpSlug === item.slug ? builtIn : null;
  }
  return practiceAreaList([item as WpPracticeArea]).find((e) => e.post !== null)?.builtIn ?? null;
}

export const previewQueries: Pick<QueryResolvers<GatewayContext>, 'preview'> = {
  preview: async (_parent, args, ctx) => {
    const { config } = ctx;
    if (!config.previewSecret || !ctx.drafts) throw forbidden('Previews are not set up');
    const type = args.type;
    const verdict = verifyPreviewToken(config.previewSecret, args.token, { type, id: args.id }, ctx.now());
    if (!verdict.ok) {
      ctx.logger.info({ type, id: args.id, reason: verdict.reason }, 'preview refused');
      throw forbidden('This preview link is invalid or has expired');
    }

    let answer;
    try {
      answer = await ctx.drafts(type, args.id);
    } catch (error) {
      ctx.logger.warn({ type, id: args.id, err: errorSummary(error) }, 'preview fetch failed');
      throw upstreamUnavailable('Failed to fetch preview');
    }
    if (answer.item === null) return null;
    const parsed = SCHEMAS[type].safeParse(answer.item);
    if (!parsed.success) {
      ctx.logger.warn({ type, id: args.id }, 'preview item has an unexpected shape');
      throw upstreamUnavailable('Failed to fetch preview');
    }
    const base = parsed.data as Item;
    const modifiedMs = gmtMs(base.modified_gmt);
    const autosave = latestAutosave(answer.autosaves, modifiedMs);
    const item = applied(base, answer.item, autosave);
    const savedMs = (autosave ? savedAtOf(autosave) : null) ?? modifiedMs ?? ctx.now();

    const builtIn = type === 'post' ? null : builtInFor(type, item);
    const practiceArea =
      type === 'practice_area'
        ? model(ctx, { builtIn, page: null, post: item as WpPracticeArea })
        : builtIn
          ? model(ctx, { builtIn, page: item as WpPage, post: null })
          : null;
    return {
      type,
      savedAt: new Date(savedMs).toISOString(),
      editUrl: editUrl(config, item.id),
      post: type === 'post' ? (item as WpPost) : null,
      page: type === 'page' ? (item as WpPage) : null,
      practiceArea,
    };
  },
};
