import { describe, expect, it } from 'vitest';
import { AI_FILE_MAX_BYTES } from '@salon/contract/ai-files';
import { nextUpload, uploadQueue, type UploadItem } from './upload-queue';

const added = uploadQueue([], {
  type: 'added',
  files: [
    { key: 'a', name: 'prices.docx', size: 100, type: '' },
    { key: 'b', name: 'photo.png', size: 100, type: 'image/png' },
    { key: 'c', name: 'faq.pdf', size: AI_FILE_MAX_BYTES + 1, type: 'application/pdf' },
    { key: 'd', name: 'rules.md', size: 100, type: '' },
  ],
});

describe('upload queue', () => {
  it('lists refused files as failed with their reason and queues the rest', () => {
    expect(added.map((i) => [i.key, i.status, i.problem])).toEqual([
      ['a', 'waiting', null],
      ['b', 'failed', 'unsupported'],
      ['c', 'failed', 'tooBig'],
      ['d', 'waiting', null],
    ]);
  });

  it('sends one file at a time, in order', () => {
    expect(nextUpload(added)?.key).toBe('a');
    let items: UploadItem[] = uploadQueue(added, { type: 'started', key: 'a' });
    expect(nextUpload(items)).toBeNull();
    items = uploadQueue(items, { type: 'progress', key: 'a', fraction: 0.4 });
    expect(items[0]).toMatchObject({ status: 'sending', progress: 0.4 });
    items = uploadQueue(items, { type: 'progress', key: 'a', fraction: 7 });
    expect(items[0]!.progress).toBe(1);
    items = uploadQueue(items, { type: 'sent', key: 'a' });
    expect(items.map((i) => i.key)).toEqual(['b', 'c', 'd']);
    expect(nextUpload(items)?.key).toBe('d');
    items = uploadQueue(items, { type: 'started', key: 'd' });
    items = uploadQueue(items, { type: 'failed', key: 'd', problem: 'totalExceeded' });
    expect(items.find((i) => i.key === 'd')).toMatchObject({ status: 'failed', problem: 'totalExceeded' });
    expect(nextUpload(items)).toBeNull();
    items = uploadQueue(items, { type: 'removed', key: 'b' });
    expect(items.map((i) => i.key)).toEqual(['c', 'd']);
  });
});
