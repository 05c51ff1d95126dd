// submitEnquiry: limit per address, honeypot, validation, minimum fill time, then the outbox (the
// answer waits for the enquiry to be on disk), then delivery in the background. The answer holds
// only fixed texts and the field names at fault: nothing any visitor typed.
import type { GatewayContext } from '../context.js';
import { ENQUIRY_MESSAGES, MIN_FILL_MS } from '../enquiry/rules.js';
import { parseEnquiry } from '../enquiry/schema.js';
import type { EnquiryResult, MutationResolvers } from '../generated/resolvers.js';

const accepted = (): EnquiryResult => ({ ok: true, message: ENQUIRY_MESSAGES.success, fieldErrors: [] });
const refused = (message: string): EnquiryResult => ({ ok: false, message, fieldErrors: [] });

export const Mutation: MutationResolvers<GatewayContext> = {
  submitEnquiry: async (_parent, { input }, ctx) => {
    const log = ctx.logger.child({ op: 'submitEnquiry' });
    const admitted = ctx.enquiries.admit(ctx.clientIp);
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
    if (!parsed.ok) {
      log.info({ fields: parsed.fieldErrors.map((e) => e.field) }, 'enquiry refused: invalid fields');
      return { ok: false, message: null, fieldErrors: parsed.fieldErrors };
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
