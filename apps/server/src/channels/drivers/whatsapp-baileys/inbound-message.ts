import { normalizeMessageContent, type WAMessage, type proto } from '@whiskeysockets/baileys';
import type { InboundMessage } from '../../channel.js';
import { isDirectChat, senderOf } from './jid.js';

type Content = Pick<InboundMessage, 'type' | 'body' | 'caption' | 'file'>;
type Numeric = number | { toNumber(): number } | null | undefined;

interface MediaFields {
  mimetype?: string | null;
  fileLength?: Numeric;
  caption?: string | null;
  fileName?: string | null;
}

// A message of a one-to-one chat as the core stores it, or null for what is not one: groups,
// status broadcasts, reactions, receipts and protocol messages. A 'notify' message from our own
// account (`fromMe`) was typed on the salon's phone (what this session sends comes back as
// 'append', which the session drops): it is the salon's, written to the chat's client.
export function inboundFrom(message: WAMessage, receivedAt: Date): InboundMessage | null {
  const { key } = message;
  if (!key.id || !key.remoteJid || !isDirectChat(key.remoteJid)) return null;
  const from = senderOf(key);
  // Disappearing, view-once and edited messages wrap the real content one or more levels deep.
  const content = normalizeMessageContent(message.message);
  const mapped = content ? contentOf(content) : null;
  if (!from || !mapped) return null;
  const seconds = toNumber(message.messageTimestamp);
  return {
    providerMessageId: key.id,
    from,
    // The salon's own messages carry the salon's name, not the client's.
    name: key.fromMe ? null : message.pushName || null,
    at: seconds ? new Date(seconds * 1000) : receivedAt,
    ...mapped,
    ...(key.fromMe ? { fromSalon: true } : {}),
  };
}

function contentOf(m: proto.IMessage): Content | null {
  if (m.conversation) return text(m.conversation);
  if (m.extendedTextMessage?.text) return text(m.extendedTextMessage.text);
  if (m.imageMessage) return file('image', m.imageMessage);
  if (m.videoMessage) return file('video', m.videoMessage);
  if (m.audioMessage) return file('audio', m.audioMessage);
  if (m.documentMessage) return file('document', m.documentMessage);
  if (m.stickerMessage) return file('sticker', m.stickerMessage);
  const location = m.locationMessage ?? m.liveLocationMessage;
  if (location) {
    const body = `${location.degreesLatitude ?? 0},${location.degreesLongitude ?? 0}`;
    return { type: 'geo', body, caption: null, file: null };
  }
  const contacts = m.contactMessage ? [m.contactMessage] : (m.contactsArrayMessage?.contacts ?? []);
  if (contacts.length > 0) {
    return { type: 'contact', body: contacts.map(contactLine).join('\n'), caption: null, file: null };
  }
  return null;
}

function text(body: string): Content {
  return { type: 'text', body, caption: null, file: null };
}

function file(kind: string, media: MediaFields): Content {
  const contentType = media.mimetype ?? 'application/octet-stream';
  const caption = media.caption || null;
  return {
    type: 'file',
    body: caption ?? '',
    caption,
    // Photos and voice notes have no name on WhatsApp; the core still needs one to show and save.
    file: {
      fileName: media.fileName || `${kind}.${extensionOf(contentType)}`,
      contentType,
      size: toNumber(media.fileLength) ?? 0,
    },
  };
}

// "Anna 79161234567": the name the sender gave the contact and the number WhatsApp put in the vCard.
function contactLine(contact: proto.Message.IContactMessage): string {
  const vcard = contact.vcard ?? '';
  const waid = /waid=(\d+)/.exec(vcard)?.[1];
  const tel = /^TEL[^:]*:(.+)$/m.exec(vcard)?.[1]?.replace(/\D/g, '');
  const name = contact.displayName ?? /^FN:(.+)$/m.exec(vcard)?.[1]?.trim();
  return [name, waid ?? tel].filter((part) => part).join(' ');
}

function extensionOf(contentType: string): string {
  const subtype = contentType.split(';')[0]?.split('/')[1]?.trim();
  return subtype || 'bin';
}

function toNumber(value: Numeric): number | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'number' ? value : value.toNumber();
}
