import type { Ack, SendResult } from '../../channel.js';

// The SMS gateway port: one adapter per provider of the contract list (@salon/contract/sms-providers),
// each speaking only its provider's HTTP API. The SMS channel driver (sms-driver.ts) owns sessions,
// acks and the delivery-report poll.

/** What the branch stored in the /sms settings (wire sms_apikey, sms_login, sms_pass, sms_sendername). */
export interface SmsCredentials {
  apiKey?: string;
  login?: string;
  password?: string;
  senderName?: string;
}

export interface SmsSendInput {
  /** Stable for one outbox row; passed as the provider's client message id where it has one. */
  idempotencyKey: string;
  /** Digits in international form, e.g. 79161234567. */
  to: string;
  text: string;
  /** Resolved by the driver (the branch name for sms.ru when empty); null: the account's default. */
  senderName: string | null;
  /**
   * Where the provider should post this message's delivery report, for the providers that take a
   * callback URL per message; null or absent: none (the installation has no PUBLIC_URL), the driver polls.
   */
  reportUrl?: string | null;
}

/** A delivery report a provider called back with (modules/connection/sms-report-routes.ts). */
export interface SmsReportInput {
  query: Record<string, string>;
  // The parsed body: an object for JSON and urlencoded forms, undefined when there was none.
  body: unknown;
  contentType: string;
}

export interface SmsReport {
  providerMessageId: string;
  status: SmsDeliveryStatus;
}

/** A delivery report: an ack, or 'pending' when the provider does not know the message yet. */
export type SmsDeliveryStatus = Ack | 'pending';

export interface SmsProvider {
  /** The provider's key in the contract list, e.g. 'smsru'. */
  readonly key: string;
  /** Never throws: transport and provider errors come back as a SendFailure. */
  send(credentials: SmsCredentials, input: SmsSendInput): Promise<SendResult>;
  /** Throws SmsProviderError when the report cannot be had now (network, credentials); try later. */
  status(credentials: SmsCredentials, providerMessageId: string): Promise<SmsDeliveryStatus>;
  /**
   * Reads a delivery-report callback in the provider's documented format; [] when the request is not
   * one (the route answers 400). Only for providers that document their callbacks.
   */
  parseReport?(input: SmsReportInput): SmsReport[];
  /** The account balance in the account's currency. Throws SmsProviderError. */
  balance?(credentials: SmsCredentials): Promise<number>;
  /** The currency of balance() (ISO 4217) when every account of the provider has the same one. */
  readonly balanceCurrency?: string;
}

/** Every adapter takes these so tests (and a proxy or a mirror host) can replace the network. */
export interface SmsProviderOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export class SmsProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SmsProviderError';
  }
}
