// A coded failure a service raises. It knows nothing of HTTP: `kind` says what went wrong and
// `status` is the spec's status text; the one HTTP error mapper (http/error-handler.ts) turns the
// kind into the response code.
export const ERROR_KINDS = [
  'invalid',
  'unauthorized',
  // The branch has not paid for what it asks (SPEC 7: a send-out of an unpaid mailing module).
  'payment_required',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_media',
  'too_many',
  'upstream',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly status: string,
    readonly detail?: string,
    // Field-level problems (`path: code`) the cabinet shows next to the inputs.
    readonly issues?: { path: string; code: string }[],
  ) {
    super(status);
  }
}
