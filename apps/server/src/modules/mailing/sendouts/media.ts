import type { StoredFile } from '../../../platform/files/file-store.js';

// A send-out's attachment as kept in sendouts.media: the stored file's id (the file belongs to the
// branch), what the cabinet shows, and the absolute path the dispatcher reads. The outbox takes
// {fileName, contentType, path} of it as is (the dispatcher's StoredMedia).
export interface SendoutMedia {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
  path: string;
}

export function sendoutMedia(file: StoredFile): SendoutMedia {
  return { fileId: file.id, fileName: file.fileName, contentType: file.contentType, size: file.size, path: file.path };
}
