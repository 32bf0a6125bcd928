import type { AnyMessageContent } from '@whiskeysockets/baileys';
import type { OutboundMessage } from '../../channel.js';

// The WhatsApp messages one outbox row becomes. Usually one; an audio file cannot carry a caption,
// so its text follows as a second message.
export function outboundContents(message: OutboundMessage): AnyMessageContent[] {
  const { media } = message;
  if (!media) return [{ text: message.text }];
  const caption = message.text.length > 0 ? message.text : undefined;
  const mimetype = media.contentType;
  const type = mimetype.toLowerCase();
  if (type.startsWith('image/')) return [{ image: media.data, caption, mimetype }];
  if (type.startsWith('video/')) return [{ video: media.data, caption, mimetype }];
  if (type.startsWith('audio/')) {
    const audio: AnyMessageContent = { audio: media.data, mimetype };
    return caption === undefined ? [audio] : [audio, { text: caption }];
  }
  return [{ document: media.data, mimetype, fileName: media.fileName, caption }];
}
