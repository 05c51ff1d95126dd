// Enquiries are specified (validation, durable storage, delivery) but not built yet; say so
// plainly instead of pretending to accept them.
import { GraphQLError } from 'graphql';
import type { GatewayContext } from '../context.js';
import type { MutationResolvers } from '../generated/resolvers.js';

export const Mutation: MutationResolvers<GatewayContext> = {
  submitEnquiry: () => {
    throw new GraphQLError('Online enquiries are not available yet. Please call or e-mail the office.', {
      extensions: { code: 'NOT_IMPLEMENTED' },
    });
  },
};
