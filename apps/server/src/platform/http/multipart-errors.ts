// What the multipart parser (@fastify/busboy under @fastify/multipart) throws for a body that is
// not a well-formed form: a Content-Type without a boundary, a body cut short. They are plain
// Errors without a status code, so without this they would answer 500 — they are the client's.
const BROKEN_FORM = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of (multipart data|form)$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Unsupported Content-Type\.$/,
  /^Missing Content-Type-header\.$/,
  /^Malformed part header$/,
];

// `formRequest`: the request is multipart. There a stream closed early is the form's body ending
// before its closing boundary (a truncated upload); elsewhere it may be the server's own file.
export function isBrokenMultipart(error: unknown, formRequest: boolean): boolean {
  if (!(error instanceof Error) || (error as { statusCode?: unknown }).statusCode !== undefined) return false;
  if (formRequest && (error as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
  return BROKEN_FORM.some((pattern) => pattern.test(error.message));
}
