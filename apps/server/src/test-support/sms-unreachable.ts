import type { SendResult } from '../channels/channel.js';
import type { SmsCredentials, SmsProvider, SmsProviderOptions } from '../channels/drivers/sms/sms-provider.js';
import { unusedBaseUrl } from './fake-provider-server.js';

// One send of a gateway adapter pointed at a port nothing listens on: what every adapter must answer
// (a provider_error, never a throw) when its provider cannot be reached.
export async function sendThroughUnreachableGateway(
  make: (options: SmsProviderOptions) => SmsProvider,
  credentials: SmsCredentials,
  to: string,
  senderName: string | null,
): Promise<SendResult> {
  const offline = make({ baseUrl: await unusedBaseUrl(), timeoutMs: 2000 });
  return offline.send(credentials, { idempotencyKey: 'k', to, text: 'hi', senderName });
}
