import { InputFile, type Api } from 'grammy';
import type { OutboundMessage } from '../../channel.js';

// Bot API limits (https://core.telegram.org/bots/api#sendphoto, #sendmessage): a caption holds
// 1024 characters; sendPhoto takes JPEG, PNG and WebP only (anything else goes as a document).
const CAPTION_MAX = 1024;
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

type Media = NonNullable<OutboundMessage['media']>;

// Sends one outbox message to a chat; resolves with the Telegram message id the client sees.
export async function deliver(api: Api, chatId: number, message: OutboundMessage): Promise<number> {
  if (!message.media) return (await api.sendMessage(chatId, message.text)).message_id;
  const fitsCaption = message.text.length <= CAPTION_MAX;
  const caption = fitsCaption && message.text ? { caption: message.text } : {};
  const sent = await sendMedia(api, chatId, message.media, caption);
  // A text too long for a caption follows the file as its own message.
  if (!fitsCaption) await api.sendMessage(chatId, message.text);
  return sent;
}

async function sendMedia(api: Api, chatId: number, media: Media, other: { caption?: string }): Promise<number> {
  const file = new InputFile(media.data, media.fileName);
  const type = media.contentType.toLowerCase();
  if (PHOTO_TYPES.has(type)) return (await api.sendPhoto(chatId, file, other)).message_id;
  if (type.startsWith('video/')) return (await api.sendVideo(chatId, file, other)).message_id;
  if (type.startsWith('audio/')) return (await api.sendAudio(chatId, file, other)).message_id;
  return (await api.sendDocument(chatId, file, other)).message_id;
}
