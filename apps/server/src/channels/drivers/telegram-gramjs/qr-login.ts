import { Api } from 'telegram';
import type { LoginResult } from '../../channel.js';
import { loginFailure, readRpcFailure } from './errors.js';
import type { TelegramClientLike } from './telegram-client.js';

// Telegram's login tokens live about 30 s; after this many unscanned tokens (about five minutes)
// we stop asking for new ones, so an abandoned login page does not keep calling Telegram forever.
const MAX_TOKENS = 10;
const MIN_REFRESH_MS = 1_000;
const MAX_REFRESH_MS = 60_000;
const CANCELLED: LoginResult = { result: 'error', error: 'provider_error', detail: 'qr_login_cancelled' };

export interface QrLoginDeps {
  client: Pick<TelegramClientLike, 'invoke' | '_switchDC'>;
  apiId: number;
  apiHash: string;
  now: () => Date;
  // Every token to show, the first one included.
  onQr(value: string, expiresAt: Date): void;
  // The scan was accepted; returns the outcome of the login.
  onAuthorization(authorization: Api.auth.TypeAuthorization): LoginResult;
  // The scan was accepted but the account has a cloud password: the next step is 'password'.
  onPasswordNeeded(): void;
  // An outcome reached after login() returned (a scan or a refresh): '2fa' or an error.
  onBackgroundResult(result: LoginResult): void;
}

// QR login: auth.exportLoginToken gives a token shown as tg://login?token=<base64url>; the phone
// that scans it triggers UpdateLoginToken, and exporting again then yields the authorization
// (or a redirect to the account's data centre, where the token is imported).
export class QrLogin {
  #active = false;
  // Bumped by every start and stop, so a refresh or an update that raced a restart does nothing.
  #generation = 0;
  #tokens = 0;
  #timer: NodeJS.Timeout | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: QrLoginDeps) {}

  start(): Promise<LoginResult> {
    this.stop();
    this.#active = true;
    const generation = this.#generation;
    return this.#serial(() => this.#export(generation));
  }

  // UpdateLoginToken: someone scanned the current token.
  onLoginTokenUpdate(): void {
    if (!this.#active) return;
    this.#inBackground(this.#generation);
  }

  stop(): void {
    this.#active = false;
    this.#generation += 1;
    this.#tokens = 0;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #current(generation: number): boolean {
    return this.#active && generation === this.#generation;
  }

  // One export at a time: a scan can land while a refresh is in flight.
  #serial(task: () => Promise<LoginResult>): Promise<LoginResult> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #inBackground(generation: number): void {
    void this.#serial(() => this.#export(generation))
      .catch((error: unknown) => loginFailure(error))
      .then((result) => {
        if (result.result === '2fa' || result.result === 'error') this.deps.onBackgroundResult(result);
      });
  }

  async #export(generation: number): Promise<LoginResult> {
    if (!this.#current(generation)) return CANCELLED;
    try {
      const token = await this.deps.client.invoke(
        new Api.auth.ExportLoginToken({ apiId: this.deps.apiId, apiHash: this.deps.apiHash, exceptIds: [] }),
      );
      if (!this.#current(generation)) return CANCELLED;
      return await this.#handle(token, generation, false);
    } catch (error) {
      if (!this.#current(generation)) return CANCELLED;
      this.stop();
      if (readRpcFailure(error)?.code === 'SESSION_PASSWORD_NEEDED') {
        this.deps.onPasswordNeeded();
        return { result: '2fa' };
      }
      return loginFailure(error);
    }
  }

  async #handle(token: Api.auth.TypeLoginToken, generation: number, migrated: boolean): Promise<LoginResult> {
    if (token instanceof Api.auth.LoginToken) {
      if (this.#tokens >= MAX_TOKENS) {
        this.stop();
        return { result: 'error', error: 'code_expired', detail: 'qr_expired' };
      }
      this.#tokens += 1;
      const expiresAt = new Date(token.expires * 1000);
      const qr = `tg://login?token=${token.token.toString('base64url')}`;
      this.deps.onQr(qr, expiresAt);
      this.#scheduleRefresh(expiresAt, generation);
      return { result: 'qr', qr, expiresAt };
    }
    if (token instanceof Api.auth.LoginTokenSuccess) {
      this.stop();
      return this.deps.onAuthorization(token.authorization);
    }
    // LoginTokenMigrateTo: the account lives on another data centre; the token must be imported
    // there, over a connection (and auth key) of that data centre.
    if (migrated) throw new Error(`QR login redirected twice (to DC ${token.dcId})`);
    await this.deps.client._switchDC(token.dcId);
    const imported = await this.deps.client.invoke(new Api.auth.ImportLoginToken({ token: token.token }));
    return this.#handle(imported, generation, true);
  }

  #scheduleRefresh(expiresAt: Date, generation: number): void {
    if (this.#timer) clearTimeout(this.#timer);
    const untilExpiry = expiresAt.getTime() - this.deps.now().getTime();
    // Clamped: the expiry is the server's clock, ours may be off.
    const delay = Math.min(MAX_REFRESH_MS, Math.max(MIN_REFRESH_MS, untilExpiry));
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#current(generation)) this.#inBackground(generation);
    }, delay);
    this.#timer.unref();
  }
}
