import { describe, expect, it } from 'vitest';
import { AI_STATUS } from '@salon/contract/ai-agents';
import { AI_FILE_MAX_BYTES, AI_FILES_STATUS, summaryPatchBody, type KnowledgeFile } from '@salon/contract/ai-files';
import { ApiError } from '../../../shared/api/api-error';
import {
  AI_FILE_DROP_ACCEPT,
  checkAiFile,
  fileErrorCode,
  hasUnsavedFiles,
  stageView,
  summaryDraft,
  summaryRefusal,
  totalSizeView,
  uploadRefusal,
  visibleFiles,
  visibleLength,
} from './knowledge-rules';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('checkAiFile', () => {
  it('passes the six kept types up to 10 MB', () => {
    expect(new Set(Object.values(AI_FILE_DROP_ACCEPT).flat())).toEqual(
      new Set(['.doc', '.docx', '.txt', '.rtf', '.md', '.pdf']),
    );
    expect(checkAiFile({ name: 'Прайс.DOCX', size: 10, type: DOCX })).toBeNull();
    expect(checkAiFile({ name: 'faq.md', size: 10, type: '' })).toBeNull();
    expect(checkAiFile({ name: 'rules.rtf', size: 10, type: 'text/rtf' })).toBeNull();
    expect(checkAiFile({ name: 'a.doc', size: 10, type: 'application/msword' })).toBeNull();
    expect(checkAiFile({ name: 'a.txt', size: 10, type: 'text/plain' })).toBeNull();
    expect(checkAiFile({ name: 'a.pdf', size: AI_FILE_MAX_BYTES, type: 'application/pdf' })).toBeNull();
    expect(checkAiFile({ name: 'a.pdf', size: 10, type: 'application/octet-stream' })).toBeNull();
  });

  it('refuses other extensions and names without one', () => {
    expect(checkAiFile({ name: 'photo.jpg', size: 10, type: 'image/jpeg' })).toBe('unsupported');
    expect(checkAiFile({ name: 'prices.xlsx', size: 10, type: '' })).toBe('unsupported');
    expect(checkAiFile({ name: 'docx', size: 10, type: '' })).toBe('unsupported');
    expect(checkAiFile({ name: 'README', size: 10, type: 'text/plain' })).toBe('unsupported');
  });

  it('refuses a kept name over content of another kind', () => {
    expect(checkAiFile({ name: 'scan.pdf', size: 10, type: 'image/png' })).toBe('wrongExtension');
    expect(checkAiFile({ name: 'notes.txt', size: 10, type: 'application/pdf' })).toBe('wrongExtension');
    expect(checkAiFile({ name: 'song.docx', size: 10, type: 'audio/mpeg' })).toBe('wrongExtension');
  });

  it('refuses files over 10 MB and empty files', () => {
    expect(checkAiFile({ name: 'big.pdf', size: AI_FILE_MAX_BYTES + 1, type: 'application/pdf' })).toBe('tooBig');
    expect(checkAiFile({ name: 'empty.txt', size: 0, type: 'text/plain' })).toBe('empty');
  });
});

describe('server refusals', () => {
  it('maps the upload status texts to messages', () => {
    expect(uploadRefusal(new ApiError(AI_FILES_STATUS.tooBig, 413))).toBe('tooBig');
    expect(uploadRefusal(new ApiError(AI_FILES_STATUS.wrongType, 415, 'extension'))).toBe('unsupported');
    expect(uploadRefusal(new ApiError(AI_FILES_STATUS.wrongType, 415, 'content'))).toBe('wrongExtension');
    expect(uploadRefusal(new ApiError(AI_FILES_STATUS.totalExceeded, 400))).toBe('totalExceeded');
    expect(uploadRefusal(new ApiError(AI_STATUS.notPaid, 403))).toBe('notPaid');
    expect(uploadRefusal(new ApiError('Access denied', 403))).toBe('accessDenied');
    expect(uploadRefusal(new ApiError('Fail rights', 403))).toBe('accessDenied');
    expect(uploadRefusal(new ApiError('Network error', 0))).toBe('network');
    expect(uploadRefusal(new ApiError('Internal error', 500))).toBe('failed');
    expect(uploadRefusal(new Error('x'))).toBe('failed');
  });

  it('maps the summary refusals', () => {
    expect(summaryRefusal(new ApiError(AI_FILES_STATUS.summaryTooLong, 400))).toBe('tooLong');
    expect(
      summaryRefusal(new ApiError('Bad request', 400, undefined, [{ path: 'body.summary', code: 'summary_too_long' }])),
    ).toBe('tooLong');
    expect(summaryRefusal(new ApiError(AI_FILES_STATUS.notFound, 404))).toBe('notFound');
    expect(summaryRefusal(new ApiError(AI_FILES_STATUS.notReady, 409))).toBe('notReady');
    expect(summaryRefusal(new ApiError('Internal error', 500))).toBe('failed');
  });
});

describe('stageView', () => {
  it('reads the 1-based stage and its count', () => {
    expect(stageView({ current_stage: 2, stage_count: 4, stage_system_name: 'convert' })).toEqual({
      current: 2,
      count: 4,
      stage: 'convert',
    });
  });

  it('places a stage left at 0 by its name and never past the count', () => {
    expect(stageView({ current_stage: 0, stage_count: 4, stage_system_name: 'summarize' }).current).toBe(3);
    expect(stageView({ current_stage: 0, stage_count: 4, stage_system_name: 'upload' }).current).toBe(1);
    expect(stageView({ current_stage: 9, stage_count: 4, stage_system_name: 'vectorize' }).current).toBe(4);
  });
});

describe('fileErrorCode', () => {
  it('keeps the known codes and calls the rest unknown', () => {
    expect(fileErrorCode('no_text_layer')).toBe('no_text_layer');
    expect(fileErrorCode(' password_protected ')).toBe('password_protected');
    expect(fileErrorCode('total_size_exceeded')).toBe('total_size_exceeded');
    expect(fileErrorCode('Traceback: something')).toBe('unknown');
    expect(fileErrorCode('')).toBe('unknown');
  });
});

describe('summaryDraft', () => {
  it('counts visible characters and truncates over 200 before sending', () => {
    expect(visibleLength('👍🏽 ok')).toBe(4);
    const short = summaryDraft('Цены на стрижки');
    expect(short).toEqual({ length: 15, over: false, toSend: 'Цены на стрижки' });
    const long = summaryDraft('а'.repeat(250));
    expect(long.length).toBe(250);
    expect(long.over).toBe(true);
    expect(visibleLength(long.toSend)).toBe(200);
    expect(long.toSend.endsWith('…')).toBe(true);
    expect(summaryDraft('б'.repeat(200)).over).toBe(false);
  });
});

describe('lists and totals', () => {
  const base = { applied: true, state: 'ready' as const };
  it('flags files not yet saved with the settings', () => {
    expect(hasUnsavedFiles([base, base])).toBe(false);
    expect(hasUnsavedFiles([base, { applied: false, state: 'convert' }])).toBe(true);
    expect(hasUnsavedFiles([{ applied: false, state: 'deleted' }])).toBe(false);
    expect(hasUnsavedFiles([])).toBe(false);
  });

  it('shows the total size as a bar that stops at its end', () => {
    expect(totalSizeView({ max_total_size: 50, current_total_size: 12.5, unit_of_measurement: 'MB' })).toEqual({
      current: 12.5,
      max: 50,
      percent: 25,
      full: false,
    });
    expect(totalSizeView({ max_total_size: 50, current_total_size: 60, unit_of_measurement: 'MB' })).toMatchObject({
      percent: 100,
      full: true,
    });
    expect(totalSizeView({ max_total_size: 0, current_total_size: 0, unit_of_measurement: 'MB' }).percent).toBe(0);
  });

  it('lists at most 500 files, newest first, without deleted ones', () => {
    const make = (id: number, state: KnowledgeFile['state'] = 'ready') =>
      ({ id, state, created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, id)).toISOString() }) as KnowledgeFile;
    const files = Array.from({ length: 600 }, (_, i) => make(i + 1));
    const shown = visibleFiles([...files, make(700, 'deleted')]);
    expect(shown).toHaveLength(500);
    expect(shown[0]!.id).toBe(600);
    expect(shown.some((f) => f.state === 'deleted')).toBe(false);
  });
});

describe('summaryDraft with emoji', () => {
  it('counts an emoji as one character, as the server does', () => {
    const fits = summaryDraft('💇‍♀️'.repeat(150));
    expect(fits).toMatchObject({ length: 150, over: false });
    expect(fits.toSend).toBe('💇‍♀️'.repeat(150));
    const long = summaryDraft('💇‍♀️'.repeat(230));
    expect(long.over).toBe(true);
    expect(visibleLength(long.toSend)).toBe(200);
    expect(summaryPatchBody.safeParse({ summary: long.toSend }).success).toBe(true);
  });
});
