import { fileTypeFromFile } from 'file-type';
import type { AttachmentGroup } from '@salon/contract/attachments';
import { contentTypeOf, FileRejected, type StagedFile } from './file-store.js';

// What the bytes may really be, for each SPEC 5 group the file's name puts it in (file-type's
// extensions). Old Office files (doc, xls, ppt) are all one container, 'cfb'; an audio-only MP4
// (m4a) may carry a generic 'mp4' brand.
const DETECTED: Record<AttachmentGroup, readonly string[]> = {
  image: ['jpg', 'png', 'gif', 'webp'],
  video: ['mp4', 'm4v', '3gp', '3g2', 'mov', 'avi', 'mkv'],
  audio: ['mp3', 'ogg', 'oga', 'opus', 'm4a', 'mp4', 'aac', 'wav'],
  document: ['pdf', 'cfb', 'docx', 'xlsx', 'pptx', 'zip', 'rtf', 'odt'],
};
// Plain text has no magic number: a name ending so is taken at its word only when the bytes match
// no known binary format at all.
const PLAIN_TEXT = ['txt', 'csv'];

// The content type of a staged upload, decided from its bytes (magic numbers), never from what the
// client declared: a program named photo.png is refused as an unsupported file. The name still
// chooses the group (SPEC 5), and the bytes must be a format of that group.
export async function sniffContentType(staged: StagedFile): Promise<string> {
  const detected = await fileTypeFromFile(staged.tmpPath);
  const extension = staged.fileName.toLowerCase().split('.').pop() ?? '';
  if (!detected) {
    if (PLAIN_TEXT.includes(extension)) return contentTypeOf(staged.fileName, undefined);
    throw new FileRejected('unsupported_type');
  }
  if (PLAIN_TEXT.includes(extension) || !DETECTED[staged.group].includes(detected.ext)) {
    throw new FileRejected('unsupported_type');
  }
  // A CFB container says nothing more precise than "Office 97": the name tells which.
  return detected.ext === 'cfb' ? contentTypeOf(staged.fileName, undefined) : detected.mime;
}
