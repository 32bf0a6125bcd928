import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  botTokenBody,
  botTokenResponse,
  channelBody,
  connectActionBody,
  connectActionResponse,
  connectionResponse,
  pairingBody,
  pairingResponse,
  qrResponse,
  registryConsentBody,
  statusChannelQuery,
  statusChannelResponse,
  testMessageBody,
  testMessageResponse,
  tgCodeBody,
  tgPasswordBody,
  tgPhoneBody,
  tgStepResponse,
} from '@salon/contract/connection';
import type { ChannelCode } from '@salon/contract/connection';
import { okSchema } from '@salon/contract/status';
import { requireBranch } from '../../platform/http/auth-hook.js';
import type { ConnectionService } from './service.js';

const guarded = { config: { guard: 'connection' as const } };
const actionOk = (status: string) => ({ ok: true as const, status });

// SPEC 7 Connection: every call acts on the branch in acc_id and needs the channels right.
export function connectionRoutes(service: ConnectionService, sandbox: boolean): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/connection', { ...guarded, schema: { response: { 200: connectionResponse } } }, async (req) =>
      service.state(requireBranch(req).accId, sandbox),
    );
    app.get(
      '/get_status_channel',
      { ...guarded, schema: { querystring: statusChannelQuery, response: { 200: statusChannelResponse } } },
      async (req) => service.statusOf(requireBranch(req).accId, req.query.channel),
    );
    app.post('/connection/wa/qr_code', { ...guarded, schema: { response: { 200: qrResponse } } }, async (req) =>
      service.qr(requireBranch(req).accId, 'WA'),
    );
    app.post(
      '/connection/wa/auth_code',
      { ...guarded, schema: { body: pairingBody, response: { 200: pairingResponse } } },
      async (req) => service.pairing(requireBranch(req).accId, req.body.phone),
    );
    app.post(
      '/connection/tg/send_phone',
      { ...guarded, schema: { body: tgPhoneBody, response: { 200: tgStepResponse } } },
      async (req) => service.tgPhone(requireBranch(req).accId, req.body.phone),
    );
    app.post(
      '/connection/tg/auth_code',
      { ...guarded, schema: { body: tgCodeBody, response: { 200: tgStepResponse } } },
      async (req) => service.tgCode(requireBranch(req).accId, req.body.code),
    );
    app.post(
      '/connection/tg/auth_2fa',
      { ...guarded, schema: { body: tgPasswordBody, response: { 200: tgStepResponse } } },
      async (req) => service.tgPassword(requireBranch(req).accId, req.body.password),
    );
    app.post('/connection/tg/qr_code', { ...guarded, schema: { response: { 200: qrResponse } } }, async (req) =>
      service.qr(requireBranch(req).accId, 'TG'),
    );
    for (const [path, code] of [
      ['/connection/tg_bot/token', 'TGB'],
      ['/connection/max/token', 'MAX'],
    ] as const) {
      app.post(path, { ...guarded, schema: { body: botTokenBody, response: { 200: botTokenResponse } } }, async (req) =>
        service.botToken(requireBranch(req).accId, code, req.body.token),
      );
    }
    app.post(
      '/connect_action',
      { ...guarded, schema: { body: connectActionBody, response: { 200: connectActionResponse } } },
      async (req) => {
        const { accId } = requireBranch(req);
        const { action, channel } = req.body;
        switch (action) {
          case 'logout':
            return actionOk(await service.logout(accId, channel));
          case 'reboot':
            return actionOk(await service.reboot(accId, channel));
          case 'drop_instance':
            return actionOk(await service.drop(accId, channel));
          case 'clean_queue':
            return { ok: true as const, status: 'cleaned', cleaned: await service.cleanQueue(accId) };
        }
      },
    );
    const byChannel = (path: string, run: (accId: number, channel: ChannelCode) => Promise<string>) =>
      app.post(
        path,
        { ...guarded, schema: { body: channelBody, response: { 200: connectActionResponse } } },
        async (req) => actionOk(await run(requireBranch(req).accId, req.body.channel)),
      );
    byChannel('/logout_channel', (a, c) => service.logout(a, c));
    byChannel('/restart_channel', (a, c) => service.reboot(a, c));
    byChannel('/drop_channel', (a, c) => service.drop(a, c));
    const telegram = (path: string, run: (accId: number) => Promise<string>) =>
      app.post(path, { ...guarded, schema: { response: { 200: connectActionResponse } } }, async (req) =>
        actionOk(await run(requireBranch(req).accId)),
      );
    telegram('/connection/tg/drop_instance', (a) => service.drop(a, 'TG'));
    telegram('/connection/tg/drop_channel', (a) => service.drop(a, 'TG'));
    app.post(
      '/connection/registry_consent',
      { ...guarded, schema: { body: registryConsentBody, response: { 200: okSchema } } },
      async (req) => {
        await service.acceptRegistry(requireBranch(req).accId);
        return { ok: true as const };
      },
    );
    app.post(
      '/send_test_message',
      { ...guarded, schema: { body: testMessageBody, response: { 200: testMessageResponse } } },
      async (req) => ({
        ok: true as const,
        outbox_id: await service.sendTest(requireBranch(req).accId, req.body.phone, req.body.text, req.body.channel),
      }),
    );
  };
}
