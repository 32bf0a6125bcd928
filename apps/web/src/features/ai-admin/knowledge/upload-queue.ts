import { checkAiFile, type UploadRefusal } from './knowledge-rules';

// SPEC 4 page status uploadFile: the files the owner dropped, sent one after another.
export interface UploadItem {
  key: string;
  name: string;
  size: number;
  status: 'waiting' | 'sending' | 'failed';
  // 0..1 of the body sent while sending.
  progress: number;
  problem: UploadRefusal | null;
}

export type UploadAction =
  | { type: 'added'; files: { key: string; name: string; size: number; type: string }[] }
  | { type: 'started'; key: string }
  | { type: 'progress'; key: string; fraction: number }
  | { type: 'sent'; key: string }
  | { type: 'failed'; key: string; problem: UploadRefusal }
  | { type: 'removed'; key: string };

const update = (items: UploadItem[], key: string, change: Partial<UploadItem>) =>
  items.map((item) => (item.key === key ? { ...item, ...change } : item));

// A file refused by the checks before sending is listed as failed right away, with its reason.
export function uploadQueue(items: UploadItem[], action: UploadAction): UploadItem[] {
  switch (action.type) {
    case 'added':
      return [
        ...items,
        ...action.files.map((file): UploadItem => {
          const problem = checkAiFile(file);
          return {
            key: file.key,
            name: file.name,
            size: file.size,
            status: problem ? 'failed' : 'waiting',
            progress: 0,
            problem,
          };
        }),
      ];
    case 'started':
      return update(items, action.key, { status: 'sending', progress: 0 });
    case 'progress':
      return update(items, action.key, { progress: Math.min(1, Math.max(0, action.fraction)) });
    case 'failed':
      return update(items, action.key, { status: 'failed', problem: action.problem });
    // A sent file leaves the queue: it is in the file list now. Removing also cancels or dismisses.
    case 'sent':
    case 'removed':
      return items.filter((item) => item.key !== action.key);
  }
}

// The next file to send, once nothing is on its way.
export function nextUpload(items: readonly UploadItem[]): UploadItem | null {
  if (items.some((item) => item.status === 'sending')) return null;
  return items.find((item) => item.status === 'waiting') ?? null;
}
