import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AckReport, ChannelRepository } from '../../channels/repository.js';
import { smsAdapterOfInstance } from '../../channels/drivers/sms/registry.js';
import { isSmsReportSecret } from '../../channels/sms-reports/report-url.js';
import type { Clock } from '../../platform/clock.js';
import type { Routes } from '../../platform/http/hosts.js';
import { errors } from '../../platform/http/errors.js';

// A report is a few fields; providers batching them (Infobip: 100 by default) stay well under this.
const BODY_LIMIT = 256 * 1024;
const params = z.object({
  instanceId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  secret: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
});
type Params = z.infer<typeof params>;

function flatQuery(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof query !== 'object' || query === null) return out;
  for (const [key, value] of Object.entries(query)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[key] = first;
  }
  return out;
}

// GET and POST /channels/sms_report/:instanceId/:secret (main host: /api/channels/sms_report/…): the
// delivery reports SMS providers call back with (sms-reports/report-url.ts builds the URL). Public:
// the per-instance secret in the path decides before anything is read or stored, since providers set
// no header of ours. A report for a message not recorded yet is kept all the same (applyAcks keeps
// acks that come before the send's record).
export function smsReportRoutes(deps: { repo: ChannelRepository; clock: Clock; key: Buffer }): Routes {
  return async (app) => {
    // Scoped to this plugin: most providers post forms; the rest of the API stays JSON-only.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const handler = async (req: FastifyRequest<{ Params: Params }>) => {
      if (!isSmsReportSecret(deps.key, req.params.instanceId, req.params.secret)) {
        throw errors.unauthorized('bad_report_secret');
      }
      const instance = await deps.repo.instance(req.params.instanceId);
      const adapter = instance?.kind === 'sms' ? smsAdapterOfInstance(instance.provider) : undefined;
      if (!instance || !adapter?.parseReport) throw errors.notFound();
      const reports = adapter.parseReport({
        query: flatQuery(req.query),
        body: req.body,
        contentType: req.headers['content-type'] ?? '',
      });
      if (reports.length === 0) throw errors.badRequest('not_a_report');
      const acks = reports.flatMap((r): AckReport[] =>
        r.status === 'pending' ? [] : [{ providerMessageId: r.providerMessageId, ack: r.status }],
      );
      await deps.repo.applyAcks(instance.id, acks, deps.clock.now());
      return { ok: true as const };
    };

    const options = { config: { public: true }, bodyLimit: BODY_LIMIT, schema: { params } };
    app.get('/channels/sms_report/:instanceId/:secret', options, handler);
    app.post('/channels/sms_report/:instanceId/:secret', options, handler);
  };
}
