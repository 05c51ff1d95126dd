// submitEnquiry: limit per address, honeypot, validation, minimum fill time, then the outbox (the
// answer waits for the enquiry to be on disk), then delivery in the background. The answer holds
// only fixed texts and the field names at fault: nothing any visitor typed.
import { ENQUIRY_MESSAGES, ENQUIRY_RULES, MIN_FILL_MS } from '@site/content-model';
import type { GatewayContext } from '../context.js';
import { parseEnquiry, practiceAreaField } from '../enquiry/schema.js';
import type { EnquiryResult, MutationResolvers } from '../generated/resolvers.js';
import { isListedPracticeArea } from './practice-area.js';

const accepted = (): EnquiryResult => ({ ok: true, message: ENQUIRY_MESSAGES.success, fieldErrors: [] });
const refused = (message: string): EnquiryResult => ({ ok: false, message, fieldErrors: [] });

export const Mutation: MutationResolvers<GatewayContext> = {
  submitEnquiry: async (_parent, { input }, ctx) => {
    const log = ctx.logger.child({ op: 'submitEnquiry' });
    const admitted = await ctx.enquiries.admit(ctx.clientIp);
    if (!admitted.allowed) {
      log.warn({ retryAfterS: admitted.retryAfterS }, 'enquiry refused: rate limit');
      return refused(ENQUIRY_MESSAGES.rateLimited);
    }
    // People never see the honeypot; whatever filled it is told it worked and nothing is kept.
    if (typeof input.website === 'string' && input.website.trim() !== '') {
      log.info('enquiry discarded: honeypot filled');
      return accepted();
    }
    const parsed = parseEnquiry(input);
    // The rules say what a slug looks like; the site's list (which WordPress extends) which ones
    // exist. Checked with the other fields, so a visitor is shown every mistake at once.
    const fieldErrors = parsed.ok ? [] : [...parsed.fieldErrors];
    if (!fieldErrors.some((e) => e.field === 'practiceArea')) {
      const slug = practiceAreaField.safeParse(input.practiceArea).data ?? null;
      if (slug !== null && !(await isListedPracticeArea(ctx, slug))) {
        const { messages } = ENQUIRY_RULES.practiceArea;
        fieldErrors.push({ field: 'practiceArea', message: messages.invalid ?? messages.tooLong });
      }
    }
    if (!parsed.ok || fieldErrors.length > 0) {
      log.info({ fields: fieldErrors.map((e) => e.field) }, 'enquiry refused: invalid fields');
      return { ok: false, message: null, fieldErrors };
    }
    if (typeof input.elapsedMs !== 'number' || input.elapsedMs < MIN_FILL_MS) {
      log.info({ elapsedMs: input.elapsedMs ?? null }, 'enquiry refused: sent too fast');
      return refused(ENQUIRY_MESSAGES.tooFast);
    }
    try {
      const entry = await ctx.enquiries.accept(parsed.enquiry);
      log.info({ key: entry.key, mode: ctx.enquiries.mode }, 'enquiry accepted');
      return accepted();
    } catch (error) {
      const err = error as NodeJS.ErrnoException;
      log.error({ err: { message: err.message, code: err.code } }, 'enquiry not stored: outbox write failed');
      return refused(ENQUIRY_MESSAGES.unavailable);
    }
  },
};
