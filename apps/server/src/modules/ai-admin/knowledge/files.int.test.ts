import { sql } from 'drizzle-orm';
import { Document, Packer, Paragraph } from 'docx';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AI_FILE_MAX_BYTES,
  AI_FILES_STATUS,
  FILE_ERRORS,
  type FileEvent,
  type KnowledgeFile,
  type TotalSize,
} from '@salon/contract/ai-files';
import { queryRows } from '../../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../../seed/demo.js';
import { DB_KINDS } from '../../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../../test-support/harness.js';
import { searchKnowledge } from './search.js';

const { moscow, yekaterinburg } = DEMO_BRANCHES;
const FILES = '/api/ai/api/v1/files/';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b1f1d10000000049454e44ae426082',
  'hex',
);

const PRICE_LIST = [
  'Прайс-лист салона красоты «Бархат» на Тверской.',
  'Стрижка женская — 2500 ₽. Стрижка мужская — 1500 ₽. Детская стрижка — 1000 ₽.',
  'Окрашивание волос в один тон — 5000 ₽. Мелирование — 6500 ₽.',
  'Маникюр с покрытием гель-лаком — 2200 ₽. Педикюр — 2800 ₽.',
  'Салон работает ежедневно с 9:00 до 21:00. Адрес: Москва, ул. Тверская, 12.',
];

async function docxOf(lines: string[]): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: lines.map((l) => new Paragraph(l)) }] }));
}

async function pdfOf(
  draw: (doc: PDFKit.PDFDocument) => void,
  options: PDFKit.PDFDocumentOptions = {},
): Promise<Buffer> {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  draw(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

async function form(name: string, bytes: Buffer): Promise<{ payload: Buffer; contentType: string }> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)]), name);
  const request = new Request('http://localhost/', { method: 'POST', body });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

const graphemes = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;

describe.each(DB_KINDS)('AI knowledge files (%s)', (kind) => {
  let app: TestApp;
  let owner: string;
  let consultant: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    owner = (await app.login(DEMO_USERS.owner)).token;
    consultant = (await app.login(DEMO_USERS.salonConsultant)).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.runtime.database.db;
  const upload = async (name: string, bytes: Buffer, accId: number = moscow, token = owner) => {
    const { payload, contentType } = await form(name, bytes);
    const res = await app.runtime.http!.inject({
      method: 'POST',
      url: `${FILES}?acc_id=${accId}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
    return { code: res.statusCode, body: res.json<{ data: KnowledgeFile; status?: string; issues?: unknown }>() };
  };
  const uploaded = async (name: string, bytes: Buffer) => {
    const res = await upload(name, bytes);
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const call = async (method: 'GET' | 'DELETE' | 'PATCH', url: string, body?: unknown, token = owner) => {
    const res = await app.request({ method, url, token, body });
    return { code: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
  const state = async (id: number) => {
    const res = await call('GET', `${FILES}state?acc_id=${moscow}&file_id=${id}`);
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data as KnowledgeFile;
  };
  const total = async (accId: number = moscow) => {
    const res = await call('GET', `${FILES}total_size?acc_id=${accId}&account_id=${accId}`);
    expect(res.code).toBe(200);
    return res.body as unknown as TotalSize;
  };
  const list = async () => {
    const res = await call(
      'GET',
      `${FILES}?acc_id=${moscow}&account_id=${moscow}&origin=lk&backend=main&limit=10000&skip=0`,
    );
    expect(res.code).toBe(200);
    return res.body as unknown as { data: KnowledgeFile[]; total: number };
  };
  // Without a queue the runtime's sweeps process the uploads (as a worker's job would).
  const processAll = () => app.runtime.runSweeps();
  const fileRows = async () =>
    Number((await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ai_knowledge_files`))[0]!.n);

  it('turns an uploaded .docx price list into a ready file with passages and a short summary', async () => {
    const file = await uploaded('Прайс 2026.docx', await docxOf(PRICE_LIST));
    expect(file).toMatchObject({
      account_id: moscow,
      agent_id: moscow,
      file_name: 'Прайс 2026.docx',
      state: 'upload',
      origin: 'file',
      applied: false,
      is_active: true,
      current_stage: 1,
      stage_count: 4,
      stage_system_name: 'upload',
      stage_description: '',
      chunk_count: 0,
    });
    await processAll();
    const ready = await state(file.id);
    expect(ready).toMatchObject({
      state: 'ready',
      current_stage: 4,
      stage_system_name: 'vectorize',
      stage_description: '',
    });
    expect(ready.chunk_count).toBeGreaterThan(0);
    expect(graphemes(ready.summary)).toBeLessThanOrEqual(200);
    expect(ready.summary).toMatch(/Стрижка/);
    const listed = await list();
    expect(listed.data.find((f) => f.id === file.id)).toEqual(ready);

    // SPEC 4 unsaved-file flag: a settings save applies the branch's files.
    const saved = await call('PATCH', `/api/ai/api/v1/agents/?acc_id=${moscow}`, { settings: { mark_read: true } });
    expect(saved.code, JSON.stringify(saved.body)).toBe(200);
    expect((await state(file.id)).applied).toBe(true);
  });

  it('finds the price passage by a question, also with a typo, and only in the branch', async () => {
    const hits = await searchKnowledge(db(), moscow, 'сколько стоит стрижка', 3);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]!.text).toMatch(/Стрижка женская — 2500 ₽/);
    expect(hits[0]!.fileName).toBe('Прайс 2026.docx');
    expect(hits[0]!.score).toBeGreaterThan(0);
    expect(hits[0]!.score).toBeLessThanOrEqual(1);
    const typo = await searchKnowledge(db(), moscow, 'стришка', 3);
    expect(typo[0]?.text).toMatch(/Стрижка женская/);
    expect(await searchKnowledge(db(), yekaterinburg, 'сколько стоит стрижка', 3)).toEqual([]);
    // An off-topic question finds nothing worth answering from.
    const offTopic = await searchKnowledge(db(), moscow, 'какая погода на марсе', 3);
    expect(offTopic.every((h) => h.score < 0.2)).toBe(true);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(0.4);
  });

  it('reads a PDF with text, .txt, .md and a hand-written .rtf', async () => {
    const pdf = await uploaded(
      'price.pdf',
      await pdfOf((d) => d.text('Haircut for women costs 2500 roubles. Colouring 5000.')),
    );
    const txt = await uploaded('about.txt', Buffer.from('Мы работаем без выходных.\nМаникюр стоит 2200 ₽.', 'utf8'));
    const md = await uploaded(
      'faq.md',
      Buffer.from(
        '# Частые вопросы\n\n**Парковка** есть во дворе. [Карта](https://example.com/map)\n\n- Оплата картой',
        'utf8',
      ),
    );
    const rtf = await uploaded(
      'rules.rtf',
      Buffer.from(
        "{\\rtf1\\ansi\\ansicpg1251{\\fonttbl{\\f0\\fcharset204 Arial;}}\\f0 \\'cf\\'f0\\'e0\\'e2\\'e8\\'eb\\'e0 \\emdash  " +
          '\\uc1\\u1079?\\u1072?\\u1087?\\u1080?\\u1089?\\u1100? \\u1079?\\u1072? 24 \\u1095?\\u1072?\\u1089?\\u1072?.\\par}',
        'latin1',
      ),
    );
    await processAll();
    for (const f of [pdf, txt, md, rtf]) {
      const now = await state(f.id);
      expect(now, f.file_name).toMatchObject({ state: 'ready' });
      expect(now.chunk_count, f.file_name).toBeGreaterThan(0);
    }
    expect((await state(pdf.id)).summary).toMatch(/Haircut for women costs 2500/);
    const mdSummary = (await state(md.id)).summary;
    expect(mdSummary).toMatch(/Парковка есть во дворе\. Карта/);
    expect(mdSummary).not.toMatch(/[#*[\]]/);
    expect((await state(rtf.id)).summary).toBe('Правила — запись за 24 часа.');
  });

  it('ends a scanned PDF (no text layer), a protected PDF and a damaged .docx in error, taking no space', async () => {
    const before = await total();
    const scan = await uploaded('scan.pdf', await pdfOf((d) => d.rect(50, 50, 200, 300).fill('#333')));
    const locked = await uploaded(
      'locked.pdf',
      await pdfOf((d) => d.text('Secret prices'), { userPassword: 'salon', ownerPassword: 'owner' }),
    );
    const full = await docxOf(PRICE_LIST);
    const damaged = await uploaded('broken.docx', full.subarray(0, Math.floor(full.length * 0.9)));
    expect((await total()).current_total_size).toBeGreaterThanOrEqual(before.current_total_size);
    await processAll();
    expect(await state(scan.id)).toMatchObject({
      state: 'error',
      stage_description: FILE_ERRORS.noText,
      chunk_count: 0,
    });
    expect(await state(locked.id)).toMatchObject({ state: 'error', stage_description: FILE_ERRORS.encrypted });
    expect(await state(damaged.id)).toMatchObject({ state: 'error', stage_description: FILE_ERRORS.damaged });
    expect(await total()).toEqual(before);
  });

  it('refuses a wrong type, an over-size file and a missing file with a status, storing nothing', async () => {
    const rows = await fileRows();
    const png = await upload('price.pdf', PNG);
    expect([png.code, png.body.status]).toEqual([415, AI_FILES_STATUS.wrongType]);
    const exe = await upload('notes.exe', Buffer.from('hello'));
    expect([exe.code, exe.body.status]).toEqual([415, AI_FILES_STATUS.wrongType]);
    const binaryTxt = await upload('notes.txt', Buffer.from([0x61, 0x00, 0x62]));
    expect([binaryTxt.code, binaryTxt.body.status]).toEqual([415, AI_FILES_STATUS.wrongType]);
    const big = await upload('big.txt', Buffer.alloc(AI_FILE_MAX_BYTES + 1, 'a'));
    expect([big.code, big.body.status]).toEqual([413, AI_FILES_STATUS.tooBig]);
    expect(await fileRows()).toBe(rows);

    const viewer = await upload('about.txt', Buffer.from('text'), moscow, consultant);
    expect([viewer.code, viewer.body.status]).toEqual([403, 'Fail rights']);
    expect(await fileRows()).toBe(rows);
  });

  it('refuses an upload past the total size and frees the space of a deleted file', async () => {
    const used = await total();
    expect(used.max_total_size).toBe(50);
    // Fill the branch up to its 50 MB with 10 MB files (not processed: an upload counts at once).
    const big = Buffer.alloc(AI_FILE_MAX_BYTES, 'ab ');
    const fillers: KnowledgeFile[] = [];
    while ((await total()).current_total_size + 10 <= 50)
      fillers.push(await uploaded(`big-${fillers.length}.txt`, big));
    const rows = await fileRows();
    const refused = await upload('one-more.txt', Buffer.alloc(AI_FILE_MAX_BYTES, 'x'));
    expect([refused.code, refused.body.status]).toEqual([413, AI_FILES_STATUS.totalExceeded]);
    expect(await fileRows()).toBe(rows);

    const deleted = await call('DELETE', `${FILES}?acc_id=${moscow}&file_id=${fillers[0]!.id}`);
    expect(deleted.code).toBe(200);
    expect((deleted.body.data as KnowledgeFile).state).toBe('deleted');
    expect((await list()).data.map((f) => f.id)).not.toContain(fillers[0]!.id);
    const fits = await upload('one-more.txt', Buffer.alloc(AI_FILE_MAX_BYTES, 'x'));
    expect(fits.code).toBe(200);
    for (const f of [...fillers.slice(1), fits.body.data]) {
      expect((await call('DELETE', `${FILES}?acc_id=${moscow}&file_id=${f.id}`)).code).toBe(200);
    }
    expect(await total()).toEqual(used);
  });

  it('keeps an owner-edited summary of up to 200 characters and refuses a longer one', async () => {
    const file = (await list()).data.find((f) => f.file_name === 'about.txt')!;
    const tooLong = await call('PATCH', `${FILES}summary?acc_id=${moscow}&file_id=${file.id}`, {
      summary: 'я'.repeat(201),
    });
    expect([tooLong.code, tooLong.body.status]).toEqual([400, AI_FILES_STATUS.summaryTooLong]);
    const emoji = `${'👍🏽'.repeat(10)}${'я'.repeat(190)}`;
    const edited = await call('PATCH', `${FILES}summary?acc_id=${moscow}&file_id=${file.id}`, { summary: emoji });
    expect(edited.code, JSON.stringify(edited.body)).toBe(200);
    expect((edited.body.data as KnowledgeFile).summary).toBe(emoji);
    // A re-run (a crashed worker's file taken over) keeps the owner's summary.
    await db().execute(sql`update ai_knowledge_files set state = 'upload' where id = ${file.id}`);
    await processAll();
    const rerun = await state(file.id);
    expect(rerun).toMatchObject({ state: 'ready', summary: emoji, chunk_count: file.chunk_count });
    // The passages were replaced, not added.
    const [stored] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ai_knowledge_chunks where file_id = ${file.id}`,
    );
    expect(stored!.n).toBe(file.chunk_count);
  });

  it('keeps files to their branch: another branch answers not found, a different account_id is refused', async () => {
    const file = (await list()).data[0]!;
    const other = await call('GET', `${FILES}state?acc_id=${yekaterinburg}&file_id=${file.id}`);
    expect([other.code, other.body.status]).toEqual([404, AI_FILES_STATUS.notFound]);
    // Paid, so the delete reaches the file lookup rather than stopping at the paid check.
    await db().execute(sql`update branches set show_neiro_interface = true where acc_id = ${yekaterinburg}`);
    const del = await call('DELETE', `${FILES}?acc_id=${yekaterinburg}&file_id=${file.id}`);
    expect([del.code, del.body.status]).toEqual([404, AI_FILES_STATUS.notFound]);
    const mixed = await call('GET', `${FILES}state?acc_id=${moscow}&account_id=${yekaterinburg}&file_id=${file.id}`);
    expect([mixed.code, mixed.body.status]).toEqual([403, 'Access denied']);
    expect((await state(file.id)).state).not.toBe('deleted');
  });

  it('streams a file’s progress over server-sent events until it is ready', async () => {
    const address = await app.runtime.http!.listen({ port: 0, host: '127.0.0.1' });
    const file = await uploaded('stream.txt', Buffer.from('Стрижка женская — 2500 ₽.', 'utf8'));
    const url = (token: string, accId = moscow) =>
      `${address}${FILES}${accId}/${file.id}/state/sse?file_id=${file.id}&account_id=${accId}&origin=lk&backend=main&token=${encodeURIComponent(token)}`;

    expect((await fetch(url('at1.bad.token'))).status).toBe(401);

    const res = await fetch(url(owner));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    const events: { name: string; data: FileEvent }[] = [];
    const nextEvent = async () => {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (name && data) return { name, data: JSON.parse(data) as FileEvent };
          continue;
        }
        const chunk = await reader.read();
        if (chunk.done) return null;
        buffered += decoder.decode(chunk.value, { stream: true });
      }
    };
    const first = await nextEvent();
    expect(first).toMatchObject({
      name: 'processing',
      data: { event: 'processing', file: { id: file.id, state: 'upload' } },
    });
    await processAll();
    for (let e = await nextEvent(); e; e = await nextEvent()) events.push(e);
    expect(events.at(-1)).toMatchObject({ name: 'done', data: { event: 'done', file: { state: 'ready' } } });
    expect(events.slice(0, -1).every((e) => e.name === 'processing')).toBe(true);

    // A file deleted while it is watched ends its stream with an error event.
    const second = await uploaded('stream-2.txt', Buffer.from('Маникюр — 2200 ₽.', 'utf8'));
    const watched = await fetch(
      url(owner).replace(`/${file.id}/`, `/${second.id}/`).replace(`file_id=${file.id}`, `file_id=${second.id}`),
    );
    const text = watched.text();
    expect((await call('DELETE', `${FILES}?acc_id=${moscow}&file_id=${second.id}`)).code).toBe(200);
    const blocks = (await text).split('\n\n').filter((b) => b.startsWith('event:'));
    expect(blocks.at(-1)).toMatch(/^event: error\ndata: .*"state":"deleted"/);

    // Another network's member is refused.
    const stranger = (await app.login(DEMO_USERS.sendOutOwner)).token;
    expect((await fetch(url(stranger))).status).toBe(403);
  });
});
