import { Api, password as srp } from 'telegram';
import type { LoginResult, LoginStep } from '../../channel.js';
import { loginFailure, readRpcFailure } from './errors.js';
import { QrLogin } from './qr-login.js';
import type { TelegramClientLike } from './telegram-client.js';

// Where a phone login stands between two login() calls.
type Pending =
  | { kind: 'idle' }
  | { kind: 'code'; phone: string; phoneCodeHash: string }
  // SignIn or a QR scan answered SESSION_PASSWORD_NEEDED: only the cloud password is missing.
  | { kind: 'password' };

export interface LoginFlowDeps {
  client: Pick<TelegramClientLike, 'invoke' | '_switchDC'>;
  apiId: number;
  apiHash: string;
  now: () => Date;
  onQr(value: string, expiresAt: Date): void;
  // Telegram authorized this session as `user`.
  onAuthorized(user: Api.TypeUser): void;
  onBackgroundResult(result: LoginResult): void;
}

// The login steps of a Telegram user account: phone → code (→ 2FA password), or QR (→ 2FA password).
export class LoginFlow {
  #pending: Pending = { kind: 'idle' };
  readonly #qr: QrLogin;

  constructor(private readonly deps: LoginFlowDeps) {
    this.#qr = new QrLogin({
      client: deps.client,
      apiId: deps.apiId,
      apiHash: deps.apiHash,
      now: deps.now,
      onQr: deps.onQr,
      onAuthorization: (authorization) => this.#authorized(authorization),
      onPasswordNeeded: () => {
        this.#pending = { kind: 'password' };
      },
      onBackgroundResult: deps.onBackgroundResult,
    });
  }

  step(step: LoginStep): Promise<LoginResult> {
    switch (step.step) {
      case 'bot_token':
        return Promise.resolve({ result: 'error', error: 'not_supported' });
      case 'phone':
        return this.#sendCode(step.phone);
      case 'code':
        return this.#signIn(step.code);
      case 'password':
        return this.#checkPassword(step.password);
      case 'qr':
        this.#pending = { kind: 'idle' };
        return this.#qr.start();
      case 'pairing_code':
        return Promise.resolve({
          result: 'error',
          error: 'not_supported',
          detail: 'Telegram logs in by phone code or QR',
        });
    }
  }

  onLoginTokenUpdate(): void {
    this.#qr.onLoginTokenUpdate();
  }

  reset(): void {
    this.#pending = { kind: 'idle' };
    this.#qr.stop();
  }

  async #sendCode(rawPhone: string): Promise<LoginResult> {
    this.reset();
    const phone = normalizePhone(rawPhone);
    if (!phone) return { result: 'error', error: 'invalid_phone', detail: 'expected 10 to 15 digits' };
    const request = () =>
      this.deps.client.invoke(
        new Api.auth.SendCode({
          phoneNumber: phone,
          apiId: this.deps.apiId,
          apiHash: this.deps.apiHash,
          settings: new Api.CodeSettings({}),
        }),
      );
    try {
      let sent: Api.auth.TypeSentCode;
      try {
        sent = await request();
      } catch (error) {
        // Telegram asks to start over when an earlier attempt on this auth key is half-done.
        if (readRpcFailure(error)?.code !== 'AUTH_RESTART') throw error;
        sent = await request();
      }
      // Possible when this auth key was already authorized through a future-auth token.
      if (sent instanceof Api.auth.SentCodeSuccess) return this.#authorized(sent.authorization);
      this.#pending = { kind: 'code', phone, phoneCodeHash: sent.phoneCodeHash };
      return { result: 'code_sent' };
    } catch (error) {
      return loginFailure(error);
    }
  }

  async #signIn(rawCode: string): Promise<LoginResult> {
    const pending = this.#pending;
    // Without a phone step there is no code to check: the user has to ask for a new one.
    if (pending.kind !== 'code') return { result: 'error', error: 'code_expired', detail: 'no code was requested' };
    const phoneCode = rawCode.replace(/\s|-/g, '');
    if (!phoneCode) return { result: 'error', error: 'wrong_code', detail: 'empty code' };
    try {
      const authorization = await this.deps.client.invoke(
        new Api.auth.SignIn({ phoneNumber: pending.phone, phoneCodeHash: pending.phoneCodeHash, phoneCode }),
      );
      return this.#authorized(authorization);
    } catch (error) {
      if (readRpcFailure(error)?.code === 'SESSION_PASSWORD_NEEDED') {
        this.#pending = { kind: 'password' };
        return { result: '2fa' };
      }
      const failure = loginFailure(error);
      // A wrong code may be typed again; an expired one needs a new phone step.
      if (failure.error === 'code_expired') this.#pending = { kind: 'idle' };
      return failure;
    }
  }

  async #checkPassword(password: string): Promise<LoginResult> {
    if (this.#pending.kind !== 'password') {
      return { result: 'error', error: 'provider_error', detail: 'no password was requested' };
    }
    if (!password) return { result: 'error', error: 'wrong_password', detail: 'empty password' };
    for (let attempt = 0; ; attempt += 1) {
      try {
        // SRP: the password never leaves this process, only a proof computed against fresh parameters.
        const parameters = await this.deps.client.invoke(new Api.account.GetPassword());
        const check = await srp.computeCheck(parameters, password);
        const authorization = await this.deps.client.invoke(new Api.auth.CheckPassword({ password: check }));
        return this.#authorized(authorization);
      } catch (error) {
        // The SRP parameters changed between the two calls; one more round with new ones.
        if (attempt === 0 && readRpcFailure(error)?.code === 'SRP_ID_INVALID') continue;
        return loginFailure(error);
      }
    }
  }

  #authorized(authorization: Api.auth.TypeAuthorization): LoginResult {
    this.reset();
    // The number has no Telegram account; registering one is not this product's business.
    if (authorization instanceof Api.auth.AuthorizationSignUpRequired) {
      return { result: 'error', error: 'invalid_phone', detail: 'no Telegram account for this number' };
    }
    this.deps.onAuthorized(authorization.user);
    return { result: 'auth_success' };
  }
}

// Digits in international form; spaces, dashes, brackets and a leading '+' are tolerated.
export function normalizePhone(raw: string): string | null {
  const digits = raw
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s\-().]/g, '');
  return /^\d{10,15}$/.test(digits) ? digits : null;
}
