import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billData,
  billDataResponse,
  billDataSaved,
  generalSettings,
  generalSettingsResponse,
  generalSettingsSaved,
  priorityChannelBody,
  priorityChannelResponse,
  priorityChannelSaved,
  SETTINGS_STATUS,
  smsBalanceResponse,
  smsSettingsBody,
  smsSettingsResponse,
  smsSettingsSaved,
  systemMessages,
  systemMessagesResponse,
  systemMessagesSaved,
} from '@salon/contract/settings';
import { requireBranch } from '../../platform/http/auth-hook.js';
import type { SettingsService } from './service.js';

const saved = SETTINGS_STATUS.saved;

// SPEC 7 Settings. Guards follow SPEC 6: system messages are the owner's; the rest need the
// settings right (owner/support or translation_switch).
export function settingsRoutes(service: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    const settings = { guard: 'settings' } as const;
    const owner = { guard: 'systemMessages' } as const;

    app.get(
      '/settings/general',
      { config: settings, schema: { response: { 200: generalSettingsResponse } } },
      async (req) => ({
        ok: true as const,
        data: await service.general(requireBranch(req).accId),
      }),
    );
    app.post(
      '/settings/general',
      { config: settings, schema: { body: generalSettings, response: { 200: generalSettingsSaved } } },
      async (req) => ({
        ok: true as const,
        status: saved,
        data: await service.saveGeneral(requireBranch(req).accId, req.body),
      }),
    );

    app.get(
      '/settings/bill_data',
      { config: settings, schema: { response: { 200: billDataResponse } } },
      async (req) => ({
        ok: true as const,
        data: await service.billData(requireBranch(req).accId),
      }),
    );
    app.post(
      '/settings/bill_data',
      { config: settings, schema: { body: billData, response: { 200: billDataSaved } } },
      async (req) => ({
        ok: true as const,
        status: saved,
        data: await service.saveBillData(requireBranch(req).accId, req.body),
      }),
    );

    app.get(
      '/settings/system_messages',
      { config: owner, schema: { response: { 200: systemMessagesResponse } } },
      async (req) => ({ ok: true as const, data: await service.systemMessages(requireBranch(req).accId) }),
    );
    app.post(
      '/settings/system_messages',
      { config: owner, schema: { body: systemMessages, response: { 200: systemMessagesSaved } } },
      async (req) => ({
        ok: true as const,
        status: saved,
        data: await service.saveSystemMessages(requireBranch(req).accId, req.body),
      }),
    );

    app.get(
      '/settings/priority_channel',
      { config: settings, schema: { response: { 200: priorityChannelResponse } } },
      async (req) => ({ ok: true as const, ...(await service.priority(requireBranch(req).accId)) }),
    );
    app.post(
      '/settings/priority_channel',
      { config: settings, schema: { body: priorityChannelBody, response: { 200: priorityChannelSaved } } },
      async (req) => ({
        ok: true as const,
        status: saved,
        ...(await service.savePriority(requireBranch(req).accId, req.body)),
      }),
    );

    app.get('/settings/sms', { config: settings, schema: { response: { 200: smsSettingsResponse } } }, async (req) => ({
      ok: true as const,
      data: await service.sms(requireBranch(req).accId),
    }));
    // Read with the same right as the SMS settings it reports on.
    app.get(
      '/settings/sms_balance',
      { config: settings, schema: { response: { 200: smsBalanceResponse } } },
      async (req) => ({ ok: true as const, data: await service.smsBalance(requireBranch(req).accId) }),
    );
    app.post(
      '/settings/sms',
      { config: settings, schema: { body: smsSettingsBody, response: { 200: smsSettingsSaved } } },
      async (req) => ({
        ok: true as const,
        status: saved,
        data: await service.saveSms(requireBranch(req).accId, req.body),
      }),
    );
  };
}
