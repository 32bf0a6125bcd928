import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  DEFAULT_GENERAL_SETTINGS,
  SECRET_MASK,
  SETTINGS_STATUS,
  type BillData,
  type GeneralSettings,
  type PriorityChannelBody,
  type SmsSettingsWire,
  type systemMessagesResponse,
} from '@salon/contract/settings';
import { open } from '../../platform/crypto.js';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/harness.js';

const ENCRYPTION_KEY = 'a1'.repeat(32);
const SMS_RU_KEY = 'A3CA597E-3ACF-4E7D-82EE-CF82B52B1A8B';
const SMSC_PASSWORD = 'c0rrect-h0rse-battery';
const { moscow, yekaterinburg } = DEMO_BRANCHES;

type Fail = { ok: false; status: string; issues?: { path: string; code: string }[] };
// What GET /api/settings/<form> answers in `data`, per form (the contract's response shapes).
type FormWire = {
  general: GeneralSettings;
  bill_data: BillData;
  system_messages: z.infer<typeof systemMessagesResponse>['data'];
  priority_channel: PriorityChannelBody;
  sms: SmsSettingsWire;
};
type Form = keyof FormWire;

// SPEC 3/4/5/7 Settings: each form through the real routes, service and database.
describe.each(DB_KINDS)('settings API (%s)', (kind) => {
  let app: TestApp;
  let owner: string;

  beforeAll(async () => {
    app = await startTestApp(kind, { ENCRYPTION_KEY });
    owner = (await app.login(DEMO_USERS.owner, '10.40.0.1')).token;
  });
  afterAll(async () => {
    await app.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token = owner) => {
    const res = await app.request({ method, url, body, token });
    return { code: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
  const get = async <F extends Form>(form: F, accId: number = moscow): Promise<FormWire[F]> => {
    const res = await call('GET', `/api/settings/${form}?acc_id=${accId}`);
    expect(res.code).toBe(200);
    return res.body.data as FormWire[F];
  };
  const save = (form: string, body: unknown, accId: number = moscow, token = owner) =>
    call('POST', `/api/settings/${form}?acc_id=${accId}`, body, token);
  // A refused save answers 400 with `status` and changes nothing that GET shows.
  const refused = async (form: Form, body: unknown, status: string, issue?: { path: string; code: string }) => {
    const before = await get(form);
    const res = await save(form, body);
    expect(res.code).toBe(400);
    expect(res.body.ok).toBe(false);
    expect((res.body as Fail).status).toBe(status);
    if (issue) expect((res.body as Fail).issues).toContainEqual(issue);
    expect(await get(form)).toEqual(before);
    return res.body as Fail;
  };
  const rawSettings = async (accId: number = moscow) =>
    (
      await queryRows<Record<string, unknown>>(
        app.runtime.database.db,
        sql`select * from branch_settings where acc_id = ${accId}`,
      )
    )[0];
  const rawSmsInstance = async (accId: number = moscow) =>
    (
      await queryRows<{ provider: string; status: string; credentials: string | null }>(
        app.runtime.database.db,
        sql`select provider, status, credentials from channel_instances where acc_id = ${accId} and kind = 'sms'`,
      )
    )[0];
  const storedSecrets = async (accId: number = moscow) => {
    const sealed = (await rawSettings(accId))?.sms_secrets as string | null;
    return sealed ? (JSON.parse(open(Buffer.from(ENCRYPTION_KEY, 'hex'), sealed)) as Record<string, string>) : null;
  };

  describe('general', () => {
    const general: GeneralSettings = {
      phones_dont_show_in_bot: ['79161234567', '+7 916 12-34'],
      phone: '79161112233',
      reply_msg_check: true,
      enable_reply_in_bot: true,
      send_contact: true,
      disable_chat: true,
      enable_confirm: false,
      custom_name: 'Бархат',
    };

    it('starts from the defaults (confirmation on) and round-trips', async () => {
      expect(await get('general')).toEqual(DEFAULT_GENERAL_SETTINGS);
      expect(DEFAULT_GENERAL_SETTINGS.enable_confirm).toBe(true);
      const res = await save('general', general);
      expect(res).toEqual({ code: 200, body: { ok: true, status: SETTINGS_STATUS.saved, data: general } });
      expect(await get('general')).toEqual(general);
      // Another branch keeps its own.
      expect(await get('general', yekaterinburg)).toEqual(DEFAULT_GENERAL_SETTINGS);
    });

    it('refuses a “do not show in bot” entry over 12 characters, and takes 12', async () => {
      await refused('general', { ...general, phones_dont_show_in_bot: ['7916123456789'] }, 'Bad request', {
        path: 'body.phones_dont_show_in_bot.0',
        code: 'too_long',
      });
      const twelve = { ...general, phones_dont_show_in_bot: ['791612345678'] };
      expect((await save('general', twelve)).code).toBe(200);
      expect(await get('general')).toEqual(twelve);
    });

    it('refuses a malformed phone and a missing flag', async () => {
      await refused('general', { ...general, phone: '12-34' }, 'Bad request', {
        path: 'body.phone',
        code: 'invalid_phone',
      });
      const { disable_chat: _dropped, ...withoutFlag } = general;
      await refused('general', withoutFlag, 'Bad request');
    });
  });

  describe('bill data', () => {
    it.each([
      [{ inn: '7707083893', kpp: '773601001', name: 'ПАО Сбербанк' }],
      [{ inn: '500100732259', kpp: '', name: 'ИП Соколова А. В.' }],
      [{ inn: '', kpp: '', name: '' }],
    ])('round-trips %j', async (data) => {
      expect(await save('bill_data', data)).toEqual({
        code: 200,
        body: { ok: true, status: SETTINGS_STATUS.saved, data },
      });
      expect(await get('bill_data')).toEqual(data);
    });

    it.each([['7707083894'], ['500100732258'], ['770708389'], ['77O7083893']])(
      'refuses the INN %s with INN_NOT_VALID, changing nothing',
      async (inn) => {
        await save('bill_data', { inn: '7830002293', kpp: '783001001', name: 'ООО Бархат' });
        await refused('bill_data', { inn, kpp: '783001001', name: 'Другое' }, 'Bad request', {
          path: 'body.inn',
          code: SETTINGS_STATUS.innInvalid,
        });
        expect((await get('bill_data')).inn).toBe('7830002293');
      },
    );

    it.each([['78300100'], ['7830ab001'], ['78300100X']])('refuses the KPP %s', async (kpp) => {
      await refused('bill_data', { inn: '7707083893', kpp, name: 'ПАО Сбербанк' }, 'Bad request', {
        path: 'body.kpp',
        code: 'invalid_kpp',
      });
    });
  });

  describe('system messages', () => {
    it('round-trips the window and the excepted masters (names deduplicated), and clears them', async () => {
      expect(await get('system_messages')).toEqual({ message_sending_schedule: null, exception_masters_names: [] });
      const res = await save('system_messages', {
        message_sending_schedule: ['22:00', '08:30'],
        exception_masters_names: ['Анна', 'Ольга', 'Анна'],
      });
      expect(res.code).toBe(200);
      const data = { message_sending_schedule: ['22:00', '08:30'], exception_masters_names: ['Анна', 'Ольга'] };
      expect(res.body).toEqual({ ok: true, status: SETTINGS_STATUS.saved, data });
      expect(await get('system_messages')).toEqual(data);
      await save('system_messages', { message_sending_schedule: null, exception_masters_names: [] });
      expect(await get('system_messages')).toEqual({ message_sending_schedule: null, exception_masters_names: [] });
    });

    it.each([[['24:00', '08:00']], [['9:00', '18:00']], [['10:00', '10:00']], [['10:00']]])(
      'refuses the window %j',
      async (window) => {
        await refused(
          'system_messages',
          { message_sending_schedule: window, exception_masters_names: [] },
          'Bad request',
        );
      },
    );
  });

  describe('channel priority', () => {
    it('starts WhatsApp, Telegram, the Telegram bot, MAX, SMS with hard priority and no channel available', async () => {
      const res = await call('GET', `/api/settings/priority_channel?acc_id=${moscow}`);
      expect(res.body).toEqual({
        ok: true,
        data: { '1': 'Whatsapp', '2': 'Telegram', '3': 'TelegramBot', '4': 'MAX', '5': 'SMS', soft_priority: false },
        available: [],
      });
    });

    it('round-trips an order, completing the channels left out', async () => {
      const res = await save('priority_channel', { '1': 'SMS', '2': 'Telegram', soft_priority: true });
      expect(res.code).toBe(200);
      const data = {
        '1': 'SMS',
        '2': 'Telegram',
        '3': 'Whatsapp',
        '4': 'TelegramBot',
        '5': 'MAX',
        soft_priority: true,
      };
      expect(res.body).toMatchObject({ ok: true, status: SETTINGS_STATUS.saved, data });
      expect(await get('priority_channel')).toEqual(data);
      const row = await queryRows<{ channel_order: string[]; soft_priority: boolean }>(
        app.runtime.database.db,
        sql`select channel_order, soft_priority from sending_settings where acc_id = ${moscow}`,
      );
      expect(row).toEqual([{ channel_order: ['sms', 'telegram', 'whatsapp', 'tg_bot', 'max'], soft_priority: true }]);
    });

    it('round-trips all five positions', async () => {
      const data = {
        '1': 'MAX',
        '2': 'TelegramBot',
        '3': 'SMS',
        '4': 'Whatsapp',
        '5': 'Telegram',
        soft_priority: false,
      };
      expect((await save('priority_channel', data)).code).toBe(200);
      expect(await get('priority_channel')).toEqual(data);
    });

    // An order saved before the bot channels (three kinds) reads with the bots before a trailing
    // SMS, as the dispatcher's cascade completes it.
    it('completes an order saved with three channels, the bots before a trailing SMS', async () => {
      await app.runtime.database.db.execute(
        sql`update sending_settings set channel_order = '{telegram,whatsapp,sms}' where acc_id = ${moscow}`,
      );
      expect(await get('priority_channel')).toEqual({
        '1': 'Telegram',
        '2': 'Whatsapp',
        '3': 'TelegramBot',
        '4': 'MAX',
        '5': 'SMS',
        soft_priority: false,
      });
    });

    it.each([
      [{ '1': 'SMS', '2': 'SMS', soft_priority: false }],
      [{ '1': 'Viber', soft_priority: false }],
      [{ '6': 'SMS', soft_priority: false }],
      [{ '1': true, soft_priority: false }],
      [{ soft_priority: false }],
      [{ '1': 'SMS' }],
    ])('refuses %j', async (body) => {
      await refused('priority_channel', body, 'Bad request');
    });
  });

  describe('SMS', () => {
    const off = { sms_provider: null, sms_confirm: false };
    const smsRu = { sms_provider: 2, sms_apikey: SMS_RU_KEY, sms_sendername: '', sms_confirm: true };

    it('starts off, with nothing stored', async () => {
      expect(await get('sms')).toEqual({
        sms_provider: null,
        sms_apikey: '',
        sms_pass: '',
        sms_login: '',
        sms_sendername: '',
        sms_confirm: false,
      });
    });

    it('saves SMS.RU: the answer and GET show the key masked, the row keeps it sealed', async () => {
      const res = await save('sms', smsRu);
      expect(res.code).toBe(200);
      const shown: SmsSettingsWire = {
        sms_provider: 2,
        sms_apikey: `${SECRET_MASK}${SMS_RU_KEY.slice(-4)}`,
        sms_pass: '',
        sms_login: '',
        sms_sendername: '',
        sms_confirm: true,
      };
      expect(res.body).toEqual({ ok: true, status: SETTINGS_STATUS.saved, data: shown });
      expect(await get('sms')).toEqual(shown);
      expect(JSON.stringify(await get('sms'))).not.toContain(SMS_RU_KEY.slice(0, 8));

      // At rest: neither the settings row nor the channel instance holds the key in clear.
      const row = await rawSettings();
      expect(JSON.stringify(row)).not.toContain(SMS_RU_KEY);
      expect(await storedSecrets()).toEqual({ apiKey: SMS_RU_KEY, password: '' });
      const instance = (await rawSmsInstance())!;
      expect(instance).toMatchObject({ provider: 'sandbox', status: 'authenticated' });
      expect(instance.credentials).not.toContain(SMS_RU_KEY);
      expect(JSON.parse(open(Buffer.from(ENCRYPTION_KEY, 'hex'), instance.credentials!))).toMatchObject({
        apiKey: SMS_RU_KEY,
      });
      // The priority page now counts SMS as a channel with data.
      const priority = await call('GET', `/api/settings/priority_channel?acc_id=${moscow}`);
      expect(priority.body.available).toEqual(['SMS']);
    });

    it('keeps the stored key when the mask is sent back or the key is left out', async () => {
      const shown = await get('sms');
      const res = await save('sms', { ...smsRu, sms_apikey: shown.sms_apikey, sms_sendername: 'Barhat' });
      expect(res.code).toBe(200);
      expect(await storedSecrets()).toEqual({ apiKey: SMS_RU_KEY, password: '' });
      expect((await get('sms')).sms_sendername).toBe('Barhat');
      const { sms_apikey: _key, ...withoutKey } = smsRu;
      expect((await save('sms', { ...withoutKey, sms_confirm: false })).code).toBe(200);
      expect(await storedSecrets()).toEqual({ apiKey: SMS_RU_KEY, password: '' });
      expect(await get('sms')).toMatchObject({ sms_confirm: false, sms_sendername: '' });
      // A new key replaces it.
      await save('sms', { ...smsRu, sms_apikey: 'NEW-KEY-0000-1111' });
      expect(await storedSecrets()).toEqual({ apiKey: 'NEW-KEY-0000-1111', password: '' });
      await save('sms', smsRu);
    });

    it('never reuses the key of another provider', async () => {
      const masked = (await get('sms')).sms_apikey;
      // SMSC.RU takes an API key too: the SMS.RU key sent back masked must not become SMSC's.
      const body = await refused(
        'sms',
        { sms_provider: 3, sms_apikey: masked, sms_confirm: false },
        SETTINGS_STATUS.smsFields,
        { path: 'body.sms_apikey', code: 'api_key_or_login_required' },
      );
      expect(body.issues).toHaveLength(1);
      expect(await storedSecrets()).toEqual({ apiKey: SMS_RU_KEY, password: '' });

      const res = await save('sms', {
        sms_provider: 3,
        sms_apikey: masked,
        sms_login: 'barhat',
        sms_pass: SMSC_PASSWORD,
        sms_confirm: false,
      });
      expect(res.code).toBe(200);
      expect(res.body.data).toMatchObject({ sms_provider: 3, sms_apikey: '', sms_login: 'barhat' });
      expect(await storedSecrets()).toEqual({ apiKey: '', password: SMSC_PASSWORD });
      expect(JSON.stringify(await rawSettings())).not.toContain(SMSC_PASSWORD);
      const instance = (await rawSmsInstance())!;
      expect(JSON.parse(open(Buffer.from(ENCRYPTION_KEY, 'hex'), instance.credentials!))).toEqual({
        apiKey: '',
        login: 'barhat',
        password: SMSC_PASSWORD,
        senderName: '',
      });
      // And back: SMSC's password is not SMS.RU's key either.
      await refused('sms', { sms_provider: 2, sms_apikey: masked, sms_confirm: false }, SETTINGS_STATUS.smsFields, {
        path: 'body.sms_apikey',
        code: 'required',
      });
    });

    it.each([
      // SPEC 5: SMS-Prosto needs a sender name.
      [{ sms_provider: 5, sms_apikey: 'prosto-key', sms_confirm: false }, 'body.sms_sendername', 'required'],
      // An e-mail login, then a password, for SMS-Prosto's second way.
      [
        { sms_provider: 5, sms_login: 'not-an-email', sms_pass: 'x', sms_sendername: 'Barhat', sms_confirm: false },
        'body.sms_login',
        'invalid_email',
      ],
      [
        { sms_provider: 5, sms_login: 'salon@example.ru', sms_sendername: 'Barhat', sms_confirm: false },
        'body.sms_pass',
        'required',
      ],
      // SPEC 5: RuMessage takes only an MD5 password.
      [
        { sms_provider: 6, sms_login: 'barhat', sms_pass: 'plain-password', sms_confirm: false },
        'body.sms_pass',
        'md5_required',
      ],
      [{ sms_provider: 4, sms_apikey: 'aero-key', sms_confirm: false }, 'body.sms_login', 'required'],
      [{ sms_provider: 2, sms_apikey: '', sms_confirm: true }, 'body.sms_apikey', 'required'],
    ])('refuses %j with SMS_FIELDS_INVALID at %s', async (body, path, code) => {
      const before = await rawSettings();
      await refused('sms', body, SETTINGS_STATUS.smsFields, { path, code });
      expect(await rawSettings()).toEqual(before);
    });

    it('refuses confirmation without a provider with SMS_CONFIRM_WITHOUT_PROVIDER', async () => {
      const before = await rawSettings();
      await refused('sms', { ...off, sms_confirm: true }, SETTINGS_STATUS.smsConfirmWithoutProvider, {
        path: 'body.sms_confirm',
        code: 'confirm_requires_provider',
      });
      await refused('sms', { sms_provider: 1, sms_confirm: true }, SETTINGS_STATUS.smsConfirmWithoutProvider);
      expect(await rawSettings()).toEqual(before);
    });

    it.each([[0], [20], [-1], [2.5], ['2']])('refuses the provider id %j', async (id) => {
      await refused('sms', { sms_provider: id, sms_apikey: SMS_RU_KEY, sms_confirm: false }, 'Bad request');
    });

    it('turns off: nothing is kept, the SMS channel is unavailable', async () => {
      expect((await save('sms', off)).code).toBe(200);
      expect(await get('sms')).toEqual({
        sms_provider: null,
        sms_apikey: '',
        sms_pass: '',
        sms_login: '',
        sms_sendername: '',
        sms_confirm: false,
      });
      expect((await rawSettings())?.sms_secrets).toBeNull();
      expect(await rawSmsInstance()).toMatchObject({ status: 'not_authenticated', credentials: null });
      expect((await call('GET', `/api/settings/priority_channel?acc_id=${moscow}`)).body.available).toEqual([]);
      // Turning SMS.RU back on with its mask does not bring the old key back.
      await refused('sms', { ...smsRu, sms_apikey: `${SECRET_MASK}1A8B` }, SETTINGS_STATUS.smsFields, {
        path: 'body.sms_apikey',
        code: 'required',
      });
    });
  });

  describe('who may', () => {
    const forms: [Form, object][] = [
      ['general', { ...DEFAULT_GENERAL_SETTINGS, custom_name: 'Чужой салон' }],
      ['bill_data', { inn: '7707083893', kpp: '', name: 'Чужой' }],
      ['system_messages', { message_sending_schedule: ['01:00', '02:00'], exception_masters_names: [] }],
      ['priority_channel', { '1': 'Telegram', soft_priority: true }],
      ['sms', { sms_provider: 2, sms_apikey: 'STOLEN-KEY-123456', sms_confirm: false }],
    ];
    const everything = async () => Promise.all(forms.map(([form]) => get(form)));

    it('refuses an owner of another network’s branch with Access denied, changing nothing', async () => {
      const stranger = (await app.login(DEMO_USERS.sendOutOwner, '10.40.0.2')).token;
      const before = await everything();
      for (const [form, body] of forms) {
        expect(await call('GET', `/api/settings/${form}?acc_id=${moscow}`, undefined, stranger)).toEqual({
          code: 403,
          body: { ok: false, status: 'Access denied' },
        });
        expect(await save(form, body, moscow, stranger)).toEqual({
          code: 403,
          body: { ok: false, status: 'Access denied' },
        });
        // acc_id in the body is authorized as well.
        expect((await save(form, { ...body, acc_id: moscow }, DEMO_BRANCHES.sendOut, stranger)).code).toBe(403);
      }
      expect(await everything()).toEqual(before);
    });

    it('refuses an admin with only edit_templates with Fail rights, changing nothing', async () => {
      const admin = (await app.login(DEMO_USERS.templatesAdmin, '10.40.0.3')).token;
      const before = await everything();
      for (const [form, body] of forms) {
        expect(await call('GET', `/api/settings/${form}?acc_id=${moscow}`, undefined, admin)).toEqual({
          code: 403,
          body: { ok: false, status: 'Fail rights' },
        });
        expect(await save(form, body, moscow, admin)).toEqual({
          code: 403,
          body: { ok: false, status: 'Fail rights' },
        });
      }
      expect(await everything()).toEqual(before);
    });
  });
});
