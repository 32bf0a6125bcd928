import { Api } from 'telegram';
import type { InboundMessage, OutboundMessage } from '../../channel.js';
import type { Long } from './random-id.js';

type Content = Pick<InboundMessage, 'type' | 'body' | 'caption' | 'file'>;

export interface IncomingPrivateMessage {
  id: number;
  userId: Long;
  // Unix seconds, as Telegram sends it.
  date: number;
  content: Content;
}

// A message a person wrote to the account in a private chat, or null for everything else: our own
// messages, groups and channels, service messages, and media we cannot describe without text.
export function incomingPrivateMessage(update: unknown): IncomingPrivateMessage | null {
  // Telegram sends a text-only private message as this compact update when it knows we know the sender.
  if (update instanceof Api.UpdateShortMessage) {
    if (update.out || !update.message) return null;
    return { id: update.id, userId: update.userId, date: update.date, content: text(update.message) };
  }
  if (!(update instanceof Api.UpdateNewMessage) || !(update.message instanceof Api.Message)) return null;
  const message = update.message;
  // In a private chat the peer of an incoming message is its sender.
  if (message.out || !(message.peerId instanceof Api.PeerUser)) return null;
  const content = contentOf(message);
  if (!content) return null;
  return { id: message.id, userId: message.peerId.userId, date: message.date, content };
}

function contentOf(message: Api.Message): Content | null {
  const caption = message.message || null;
  const media = message.media;
  if (media instanceof Api.MessageMediaPhoto && media.photo instanceof Api.Photo) {
    // Photos carry no name or type on Telegram; they are always served as JPEG.
    const fileName = `photo_${media.photo.id.toString()}.jpg`;
    return file(caption, { fileName, contentType: 'image/jpeg', size: largestPhotoSize(media.photo) });
  }
  if (media instanceof Api.MessageMediaDocument && media.document instanceof Api.Document) {
    const document = media.document;
    const contentType = document.mimeType || 'application/octet-stream';
    const named = document.attributes.find((a) => a instanceof Api.DocumentAttributeFilename);
    const fileName = named?.fileName || `file_${document.id.toString()}.${extensionOf(contentType)}`;
    return file(caption, { fileName, contentType, size: document.size.toJSNumber() });
  }
  if (
    (media instanceof Api.MessageMediaGeo ||
      media instanceof Api.MessageMediaGeoLive ||
      media instanceof Api.MessageMediaVenue) &&
    media.geo instanceof Api.GeoPoint
  ) {
    const place =
      media instanceof Api.MessageMediaVenue ? [media.title, media.address].filter((p) => p).join(', ') : '';
    return { type: 'geo', body: `${media.geo.lat},${media.geo.long}`, caption: place || caption, file: null };
  }
  if (media instanceof Api.MessageMediaContact) {
    // "Anna Petrova 79161234567", the same shape the WhatsApp driver gives a shared contact.
    const name = [media.firstName, media.lastName].filter((p) => p).join(' ');
    const body = [name, digitsOf(media.phoneNumber)].filter((p) => p).join(' ');
    return { type: 'contact', body, caption: null, file: null };
  }
  // Link previews, polls, dice and the like: keep the text, if there is any.
  return caption ? text(caption) : null;
}

function text(body: string): Content {
  return { type: 'text', body, caption: null, file: null };
}

function file(caption: string | null, meta: NonNullable<Content['file']>): Content {
  return { type: 'file', body: caption ?? '', caption, file: meta };
}

function largestPhotoSize(photo: Api.Photo): number {
  let largest = 0;
  for (const size of photo.sizes) {
    if (size instanceof Api.PhotoSize) largest = Math.max(largest, size.size);
    else if (size instanceof Api.PhotoSizeProgressive) largest = Math.max(largest, ...size.sizes);
    else if (size instanceof Api.PhotoCachedSize) largest = Math.max(largest, size.bytes.length);
  }
  return largest;
}

function extensionOf(contentType: string): string {
  const subtype = contentType.split(';')[0]?.split('/')[1]?.trim();
  return subtype || 'bin';
}

export function digitsOf(phone: string): string {
  return phone.replace(/\D/g, '');
}

export function displayName(user: Api.User): string | null {
  return [user.firstName, user.lastName].filter((p) => p).join(' ') || null;
}

// The id Telegram gave the message we just sent. A plain text message to a user usually comes back
// as UpdateShortSentMessage; media come back as Updates where UpdateMessageID ties our random_id
// to the new id.
export function sentMessageId(result: Api.TypeUpdates, randomId: Long): number | null {
  if (result instanceof Api.UpdateShortSentMessage) return result.id;
  const updates =
    result instanceof Api.Updates || result instanceof Api.UpdatesCombined
      ? result.updates
      : result instanceof Api.UpdateShort
        ? [result.update]
        : [];
  for (const update of updates) {
    if (update instanceof Api.UpdateMessageID && update.randomId?.equals(randomId)) return update.id;
  }
  for (const update of updates) {
    if (update instanceof Api.UpdateNewMessage && update.message instanceof Api.Message && update.message.out) {
      return update.message.id;
    }
  }
  return null;
}

// Images Telegram can show inline go as photos (it recompresses them); everything else as a document
// that keeps its name and bytes.
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export function outboundMedia(
  media: NonNullable<OutboundMessage['media']>,
  uploaded: Api.TypeInputFile,
): Api.TypeInputMedia {
  if (PHOTO_TYPES.has(media.contentType) && media.data.length <= PHOTO_MAX_BYTES) {
    return new Api.InputMediaUploadedPhoto({ file: uploaded });
  }
  return new Api.InputMediaUploadedDocument({
    file: uploaded,
    mimeType: media.contentType || 'application/octet-stream',
    attributes: [new Api.DocumentAttributeFilename({ fileName: media.fileName })],
    forceFile: true,
  });
}
