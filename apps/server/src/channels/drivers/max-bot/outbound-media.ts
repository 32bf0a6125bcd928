import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Api } from '@maxhub/max-bot-api';
import type { AttachmentRequest } from '@maxhub/max-bot-api/types';
import type { OutboundMessage } from '../../channel.js';

type Media = NonNullable<OutboundMessage['media']>;

// Uploads one file the way its content type asks (POST /uploads?type=…, then the bytes to the
// returned URL) and gives the attachment to put on the message.
export async function uploadMedia(api: Api, media: Media): Promise<AttachmentRequest> {
  const type = media.contentType.toLowerCase();
  if (type.startsWith('image/')) return (await api.uploadImage({ source: media.data })).toJson();
  if (type.startsWith('video/')) return (await api.uploadVideo({ source: media.data })).toJson();
  if (type.startsWith('audio/')) return (await api.uploadAudio({ source: media.data })).toJson();
  // A buffer is uploaded under a random name, and a document's name is what the client sees, so
  // documents go from a temporary file that carries it.
  const dir = await mkdtemp(join(tmpdir(), 'max-upload-'));
  try {
    const path = join(dir, safeFileName(media.fileName));
    await writeFile(path, media.data);
    return (await api.uploadFile({ source: path })).toJson();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function safeFileName(name: string): string {
  const base = [...basename(name.replace(/\\/g, '/'))].filter((c) => c.charCodeAt(0) >= 0x20).join('');
  return base && base !== '.' && base !== '..' ? base : 'file';
}
