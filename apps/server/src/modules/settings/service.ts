import {
  DEFAULT_GENERAL_SETTINGS,
  generalSettings,
  PRIORITY_TO_KIND,
  SETTINGS_STATUS,
  type BillData,
  type GeneralSettings,
  type PriorityChannel,
  type PriorityChannelBody,
  type SmsBalance,
  type SmsSettingsBody,
  type SmsSettingsWire,
  type SystemMessages,
} from '@salon/contract/settings';
import { resolveSmsProvider, SMS_PROVIDER_OFF, smsProviderByKey } from '@salon/contract/sms-providers';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import { open, seal } from '../../platform/crypto.js';
import { errors } from '../../platform/http/errors.js';
import { CHANNEL_KINDS, type ChannelKind } from '../../channels/channel.js';
import { withAllKinds } from '../../channels/dispatch/cascade.js';
import type { ChannelRepository } from '../../channels/repository.js';
import type { SettingsRepository } from './repository.js';
import { smsBalance } from './sms-balance.js';
import { applySmsChange, smsWire, type SmsSecrets } from './sms-settings.js';

export interface SettingsDeps {
  repo: SettingsRepository;
  channels: ChannelRepository;
  clock: Clock;
  encryptionKey: Buffer;
  // 'sandbox': the sandbox network carries every branch's SMS; 'gateways': the chosen provider does.
  smsDriver: 'sandbox' | 'gateways';
  // SMS_GATEWAY_URLS, for the balance asked of the branch's gateway.
  smsGatewayUrls: Readonly<Record<string, string>>;
  logger: Logger;
}

const KIND_TO_PRIORITY: Record<ChannelKind, PriorityChannel> = {
  whatsapp: 'Whatsapp',
  telegram: 'Telegram',
  tg_bot: 'TelegramBot',
  max: 'MAX',
  sms: 'SMS',
};

// The rules of SPEC 4/5 for the settings forms, and their effects on the dispatcher: the sending
// window, excepted masters and channel order live in sending_settings, which it reads per message;
// the SMS provider becomes the branch's SMS channel instance.
export class SettingsService {
  constructor(private readonly d: SettingsDeps) {}

  async general(accId: number): Promise<GeneralSettings> {
    const row = await this.d.repo.branchSettings(accId);
    // Stored JSON is re-read through the schema: a key added later takes its default.
    const parsed = generalSettings.partial().safeParse(row.general);
    return { ...DEFAULT_GENERAL_SETTINGS, ...(parsed.success ? parsed.data : {}) };
  }

  async saveGeneral(accId: number, value: GeneralSettings): Promise<GeneralSettings> {
    await this.d.repo.saveBranchSettings(accId, { general: value }, this.d.clock.now());
    return this.general(accId);
  }

  async billData(accId: number): Promise<BillData> {
    const row = await this.d.repo.branchSettings(accId);
    return { inn: row.billInn, kpp: row.billKpp, name: row.billName };
  }

  async saveBillData(accId: number, value: BillData): Promise<BillData> {
    await this.d.repo.saveBranchSettings(
      accId,
      { billInn: value.inn, billKpp: value.kpp, billName: value.name },
      this.d.clock.now(),
    );
    return this.billData(accId);
  }

  async systemMessages(accId: number): Promise<SystemMessages> {
    const row = await this.d.repo.sendingSettings(accId);
    return {
      message_sending_schedule: row.sendFrom && row.sendTo ? [row.sendFrom, row.sendTo] : null,
      exception_masters_names: row.exceptionMastersNames,
    };
  }

  async saveSystemMessages(accId: number, value: SystemMessages): Promise<SystemMessages> {
    const [from, to] = value.message_sending_schedule ?? [null, null];
    await this.d.repo.saveSendingSettings(accId, {
      sendFrom: from,
      sendTo: to,
      exceptionMastersNames: value.exception_masters_names,
    });
    return this.systemMessages(accId);
  }

  async priority(accId: number): Promise<{ data: PriorityChannelBody; available: PriorityChannel[] }> {
    const row = await this.d.repo.sendingSettings(accId);
    const order = normaliseOrder(row.channelOrder.filter(isKind));
    const data: PriorityChannelBody = { soft_priority: row.softPriority };
    order.forEach((kind, i) => (data[String(i + 1)] = KIND_TO_PRIORITY[kind]));
    return { data, available: await this.available(accId, order) };
  }

  async savePriority(accId: number, body: PriorityChannelBody) {
    const listed = Object.keys(body)
      .filter((k) => k !== 'soft_priority')
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => PRIORITY_TO_KIND[body[k] as PriorityChannel]);
    await this.d.repo.saveSendingSettings(accId, {
      channelOrder: normaliseOrder(listed),
      softPriority: body.soft_priority,
    });
    return this.priority(accId);
  }

  // Channels with "priority data" (SPEC 6 Menu): a messenger or a salon bot (Telegram, MAX) connected
  // at least once and not dropped, and SMS when a provider that can send here is chosen.
  private async available(accId: number, order: ChannelKind[]): Promise<PriorityChannel[]> {
    const [messengers, settings] = await Promise.all([
      this.d.repo.messengerStates(accId),
      this.d.repo.branchSettings(accId),
    ]);
    const has = new Set<ChannelKind>();
    for (const m of messengers) {
      if (m.kind === 'sms' || !isKind(m.kind)) continue;
      if ((m.everConnected || m.status === 'authenticated') && m.status !== 'no_pay' && m.status !== 'drop') {
        has.add(m.kind);
      }
    }
    const sms = resolveSmsProvider(settings.smsProvider);
    if (sms && this.canSend(sms.key)) has.add('sms');
    return order.filter((k) => has.has(k)).map((k) => KIND_TO_PRIORITY[k]);
  }

  private secrets(sealed: string | null): SmsSecrets {
    if (!sealed) return { apiKey: '', password: '' };
    const parsed = JSON.parse(open(this.d.encryptionKey, sealed)) as Partial<SmsSecrets>;
    return { apiKey: parsed.apiKey ?? '', password: parsed.password ?? '' };
  }

  async sms(accId: number): Promise<SmsSettingsWire> {
    const row = await this.d.repo.branchSettings(accId);
    return smsWire(row, this.secrets(row.smsSecrets));
  }

  // The saved provider's account balance, asked live with the saved credentials.
  async smsBalance(accId: number): Promise<SmsBalance> {
    const row = await this.d.repo.branchSettings(accId);
    const secrets = this.secrets(row.smsSecrets);
    return smsBalance(
      { smsDriver: this.d.smsDriver, gatewayUrls: this.d.smsGatewayUrls, logger: this.d.logger },
      {
        accId,
        providerId: row.smsProvider,
        credentials: {
          apiKey: secrets.apiKey,
          login: row.smsLogin,
          password: secrets.password,
          senderName: row.smsSenderName,
        },
        now: this.d.clock.now(),
      },
    );
  }

  async saveSms(accId: number, body: SmsSettingsBody): Promise<SmsSettingsWire> {
    const row = await this.d.repo.branchSettings(accId);
    const change = applySmsChange(body, row, this.secrets(row.smsSecrets));
    if (change.problems.some((p) => p.code === 'confirm_requires_provider')) {
      throw errors.invalid(SETTINGS_STATUS.smsConfirmWithoutProvider, change.problems);
    }
    if (change.problems.length > 0) throw errors.invalid(SETTINGS_STATUS.smsFields, change.problems);
    const now = this.d.clock.now();
    const off = change.providerKey === SMS_PROVIDER_OFF;
    const secrets = off ? null : seal(this.d.encryptionKey, JSON.stringify(change.secrets));
    const saved = await this.d.repo.saveBranchSettings(
      accId,
      {
        smsProvider: change.providerId,
        smsLogin: change.login,
        smsSenderName: change.senderName,
        smsSecrets: secrets,
        smsConfirm: change.confirm,
      },
      now,
    );
    await this.syncSmsInstance(accId, change.providerKey, {
      apiKey: change.secrets.apiKey,
      login: change.login,
      password: change.secrets.password,
      senderName: change.senderName,
    });
    return smsWire(saved, change.secrets);
  }

  // The SMS channel the dispatcher sees. Off: a provider no driver serves, so no session is opened
  // and the dispatcher skips SMS. On: the sandbox or the chosen gateway's driver, with the credentials.
  // A gateway without an adapter is stored but not ready: marked authenticated, the dispatcher would
  // pick it and wait forever for a session no driver opens, instead of falling back.
  private async syncSmsInstance(
    accId: number,
    providerKey: string,
    credentials: Record<'apiKey' | 'login' | 'password' | 'senderName', string>,
  ): Promise<void> {
    const now = this.d.clock.now();
    const off = providerKey === SMS_PROVIDER_OFF;
    const provider = off ? SMS_PROVIDER_OFF : this.d.smsDriver === 'sandbox' ? 'sandbox' : `sms:${providerKey}`;
    const sends = this.canSend(providerKey);
    const instance = await this.d.channels.ensureInstance(accId, 'sms', provider, now);
    await this.d.repo.configureSmsInstance(
      instance.id,
      {
        provider,
        credentials: off ? null : seal(this.d.encryptionKey, JSON.stringify(credentials)),
        status: sends ? 'authenticated' : 'not_authenticated',
        statusReason: off || sends ? null : 'provider_not_supported',
      },
      now,
    );
  }

  // Whether SMS saved with this provider can go out here: the sandbox carries any provider; the
  // gateways mode only those with an adapter (the contract's flag, held to the registry by its test).
  private canSend(providerKey: string): boolean {
    if (providerKey === SMS_PROVIDER_OFF) return false;
    return this.d.smsDriver === 'sandbox' || smsProviderByKey(providerKey)?.supported === true;
  }
}

function isKind(value: string): value is ChannelKind {
  return (CHANNEL_KINDS as readonly string[]).includes(value);
}

// Listed channels first in their order, then the rest as the dispatcher completes them (an order
// saved before the bots gets them before a trailing SMS): the page always shows all the channels
// in the order the cascade tries them.
function normaliseOrder(listed: ChannelKind[]): ChannelKind[] {
  return withAllKinds([...new Set(listed)]);
}
