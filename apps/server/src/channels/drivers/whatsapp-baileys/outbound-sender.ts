import type { Logger } from '../../../platform/logger.js';
import type { OutboundMessage, SendResult } from '../../channel.js';
import { messageIdFor } from './message-id.js';
import { outboundContents } from './outbound-content.js';
import { sendFailureOf } from './provider-errors.js';
import type { RecipientDirectory } from './recipient-directory.js';
import type { WhatsappSocket } from './socket.js';

export interface SenderDeps {
  // The open socket right now, or null; asked again after every wait, since a reconnect replaces it.
  socket: () => WhatsappSocket | null;
  directory: RecipientDirectory;
  typingMs: number;
  sleep: (ms: number) => Promise<void>;
  logger: Logger;
}

const PHONE_DIGITS = /^\d{7,15}$/;
const NOT_CONNECTED: SendResult = { ok: false, failure: 'not_connected' };

export async function sendOutbound(deps: SenderDeps, message: OutboundMessage): Promise<SendResult> {
  if (!PHONE_DIGITS.test(message.to)) {
    return { ok: false, failure: 'invalid_recipient', detail: 'expected 7 to 15 digits' };
  }
  try {
    let sock = deps.socket();
    if (!sock) return NOT_CONNECTED;
    const open = sock;
    const recipient = await deps.directory.lookup(message.to, (jid) => open.onWhatsApp(jid));
    if (!recipient.exists) return { ok: false, failure: 'not_on_channel' };

    if (deps.typingMs > 0) {
      // A typing pause before the text is what a person does; a failed indicator must not cost the message.
      await sock.sendPresenceUpdate('composing', recipient.jid).catch((err: unknown) => {
        deps.logger.warn({ err }, 'whatsapp typing indicator failed');
      });
      await deps.sleep(deps.typingMs);
      sock = deps.socket();
      if (!sock) return NOT_CONNECTED;
    }

    let providerMessageId: string | undefined;
    for (const [index, content] of outboundContents(message).entries()) {
      const key = index === 0 ? message.idempotencyKey : `${message.idempotencyKey}#${index}`;
      const messageId = messageIdFor(key);
      const sent = await sock.sendMessage(recipient.jid, content, { messageId });
      providerMessageId ??= sent?.key.id ?? messageId;
    }
    return { ok: true, providerMessageId: providerMessageId ?? messageIdFor(message.idempotencyKey) };
  } catch (err) {
    const mapped = sendFailureOf(err);
    deps.logger.warn({ err, failure: mapped.failure }, 'whatsapp send failed');
    return { ok: false, ...mapped };
  }
}
