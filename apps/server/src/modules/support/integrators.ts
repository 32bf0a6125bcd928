import {
  INTEGRATOR_NAME_MAX,
  INTEGRATOR_SERVICE_MAX,
  INTEGRATOR_SYSTEM_MAX,
  SUPPORT_STATUS,
  type IntegratorRequestBody,
  type IntegratorWebhookPayload,
} from '@salon/contract/support';
import { normalizeStrictPhone } from '@salon/contract/phone';
import type { Clock } from '../../platform/clock.js';
import { errors } from '../../platform/http/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { SupportRepository } from './repository.js';

// Posts one request to the automation webhook; resolves with the answer's status, throws when the
// address guard refuses the URL or the network fails (platform/net/guarded-post.ts in production).
export type IntegratorWebhook = (payload: IntegratorWebhookPayload) => Promise<number>;

function refused(status: string, field: string) {
  return errors.invalid(status, [{ path: `body.${field}`, code: status }]);
}

function requiredText(value: string | null | undefined, max: number, status: string, field: string): string {
  const text = (value ?? '').trim();
  if (text === '' || text.length > max) throw refused(status, field);
  return text;
}

function phone(value: string | number | null | undefined, status: string, field: string): string {
  const digits = value === null || value === undefined ? null : normalizeStrictPhone(String(value));
  if (!digits) throw refused(status, field);
  return digits;
}

// SPEC 3 Integrator request, SPEC 7 "Integrator form: POST to an external automation webhook …;
// response not read". The request is kept first (pending), then posted; its row says what became of
// it. The salon sees "sent" either way: only its own bad input is refused.
export class IntegratorRequests {
  constructor(
    private readonly deps: {
      repo: SupportRepository;
      clock: Clock;
      logger: Logger;
      // Absent without INTEGRATOR_WEBHOOK_URL: requests are only kept ('stored').
      webhook: IntegratorWebhook | undefined;
    },
  ) {}

  // The form's checks in its order: name, phone, integrator, service, WhatsApp number.
  validate(accId: number, body: IntegratorRequestBody): IntegratorWebhookPayload {
    const name = requiredText(body.name, INTEGRATOR_NAME_MAX, SUPPORT_STATUS.nameRequired, 'name');
    const contact = phone(body.phone, SUPPORT_STATUS.phoneInvalid, 'phone');
    const system = requiredText(
      body.integranor_name,
      INTEGRATOR_SYSTEM_MAX,
      SUPPORT_STATUS.integratorRequired,
      'integranor_name',
    );
    const service = requiredText(body.service, INTEGRATOR_SERVICE_MAX, SUPPORT_STATUS.serviceRequired, 'service');
    const whatsapp = phone(body.whatsapp_number, SUPPORT_STATUS.whatsappInvalid, 'whatsapp_number');
    const branchId = /^\d{1,15}$/.test(String(body.branch_id ?? '')) ? Number(body.branch_id) : accId;
    return {
      branch_id: branchId,
      integranor_name: system,
      name,
      phone: contact,
      service,
      whatsapp_number: Number(whatsapp),
    };
  }

  async submit(userId: number, accId: number, body: IntegratorRequestBody): Promise<number> {
    const payload = this.validate(accId, body);
    const { repo, clock, logger, webhook } = this.deps;
    const id = await repo.insertIntegratorRequest(userId, accId, payload, clock.now());
    if (!webhook) {
      await repo.markIntegratorRequest(id, 'stored', null, clock.now());
      return id;
    }
    try {
      const status = await webhook(payload);
      const ok = status >= 200 && status < 300;
      await repo.markIntegratorRequest(id, ok ? 'sent' : 'failed', ok ? null : `HTTP ${status}`, clock.now());
      if (!ok) logger.warn({ id, status }, 'integrator webhook refused the request');
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      logger.warn({ id, err: message }, 'integrator webhook failed');
      await repo.markIntegratorRequest(id, 'failed', message, clock.now());
    }
    return id;
  }
}
