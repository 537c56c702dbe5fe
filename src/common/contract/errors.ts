/** The one error shape of the API; the OpenAPI document describes it from this schema. */
import * as z from 'zod/mini';

export const apiErrorBody = z.object({
  error: z.object({
    /** A stable word a program can test, e.g. `invalid_input`, `not_found`, `rate_limited`. */
    code: z.string(),
    message: z.string(),
    /** For `invalid_input`: each refused field and why. */
    fields: z.optional(z.record(z.string(), z.string())),
    /** For `proof_required` (428): the proof-of-work challenge (PowChallenge) to solve and send again with. */
    challenge: z.optional(z.record(z.string(), z.unknown())),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
