// SPEC 5 Attachments: at most 20 MB; files are grouped as image, video, audio or document.
export const MAX_ATTACHMENT_BYTES = 20_971_520;

export const ATTACHMENT_GROUPS = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
  video: ['mp4', '3gp', 'mov', 'avi', 'mkv'],
  audio: ['mp3', 'ogg', 'oga', 'm4a', 'aac', 'wav', 'opus'],
  document: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'txt', 'csv', 'ppt', 'pptx', 'rtf', 'odt', 'zip'],
} as const;
export type AttachmentGroup = keyof typeof ATTACHMENT_GROUPS;

export type AttachmentCheck = { ok: true; group: AttachmentGroup } | { ok: false; error: 'too_big' | 'unsupported_type' | 'empty' };

export function checkAttachment(fileName: string, size: number): AttachmentCheck {
  if (size <= 0) return { ok: false, error: 'empty' };
  if (size > MAX_ATTACHMENT_BYTES) return { ok: false, error: 'too_big' };
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  for (const [group, extensions] of Object.entries(ATTACHMENT_GROUPS) as [AttachmentGroup, readonly string[]][]) {
    if (fileName.includes('.') && extensions.includes(extension)) return { ok: true, group };
  }
  return { ok: false, error: 'unsupported_type' };
}
