import { ApiError, failureCause } from './api.ts';

/**
 * The words for a contact that could not be shown: the post's own daily limit or the hour's
 * budget of all contacts (write through the post instead), this connection's limit, or a failure.
 */
export const revealFailureKey = (error: unknown) =>
  error instanceof ApiError && error.code === 'contact_limit' ? 'reveal.leaveMessage' : failureCause(error) === 'rate_limited' ? 'reveal.tooMany' : 'reveal.failed';
