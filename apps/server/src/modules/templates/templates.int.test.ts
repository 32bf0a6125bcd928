import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '@salon/contract/attachments';
import { STATUS } from '@salon/contract/status';
import { COPY_TAG, TEMPLATE_STATUS, type TemplateListItem, type TemplateWire } from '@salon/contract/templates';
import { queryRows } from '../../platform/db/client.js';
import { DEMO_BRANCHES, DEMO_USERS } from '../../seed/demo.js';
import { DB_KINDS } from '../../test-support/databases.js';
import { formData, startTemplatesTestApp, type TemplatesTestApp } from '../../test-support/templates/test-app.js';

const { moscow, yekaterinburg, vladivostok, sendOut } = DEMO_BRANCHES;

// A template as the editor sends it (SPEC 3 server names).
const draft = (over: Record<string, unknown> = {}) => ({
  title: 'Напоминание о визите',
  active: true,
  settings: { when_send: 'before_start', when_send2: 24, attendance: [0, 2] },
  text_sms: 'Ждём вас {day_month} в {start_time}',
  content: [{ type: 'text', body: 'Здравствуйте, {name}! Ждём вас {day_month} в {start_time}.' }],
  ...over,
});

const PDF = Buffer.from('%PDF-1.4\n% прайс\n1 0 obj << >> endobj\n%%EOF\n');
// The smallest heads the type sniffer recognises: uploads are typed by their bytes, not their names.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600', 'hex'), Buffer.from('jpeg-bytes')]);
const MP4_HEAD = Buffer.from('000000186674797069736d6f6d0000020069736f6d', 'hex');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512)]);

describe.each(DB_KINDS)('templates API (%s)', (kind) => {
  let app: TemplatesTestApp;
  let owner: string;
  let editor: string;
  let viewer: string;
  let sendOutOwner: string;

  // Access tokens live minutes: a test that moves the clock logs everyone in again.
  const loginAll = async () => {
    owner = (await app.base.login(DEMO_USERS.owner)).token;
    editor = (await app.base.login(DEMO_USERS.templatesAdmin)).token;
    viewer = (await app.base.login(DEMO_USERS.salonConsultant)).token;
    sendOutOwner = (await app.base.login(DEMO_USERS.sendOutOwner)).token;
  };
  beforeAll(async () => {
    app = await startTemplatesTestApp(kind);
    await loginAll();
  });
  afterAll(async () => {
    await app?.close();
  });

  const db = () => app.base.runtime.database.db;
  const count = async (table: string) =>
    Number((await queryRows<{ n: number }>(db(), sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);
  const uploads = (accId: number) => {
    try {
      return readdirSync(path.join(app.files.root, String(accId)));
    } catch {
      return [];
    }
  };
  const save = async (
    data: unknown,
    options: { token?: string; accId?: number; files?: Parameters<typeof formData>[1]; query?: string } = {},
  ) => {
    const res = await app.request({
      method: 'POST',
      url: `/api/template?acc_id=${options.accId ?? moscow}${options.query ?? ''}`,
      token: options.token ?? owner,
      multipart: await formData(data, options.files),
    });
    return { code: res.statusCode, body: res.json() };
  };
  const get = async (id: number, token = owner, accId: number = moscow) => {
    const res = await app.request({ method: 'GET', url: `/api/template?acc_id=${accId}&template_id=${id}`, token });
    return { code: res.statusCode, body: res.json() };
  };
  const post = async (url: string, body: unknown, token = owner) => {
    const res = await app.request({ method: 'POST', url, token, body });
    return { code: res.statusCode, body: res.json() };
  };
  const list = async (query = '', token = owner, accId: number = moscow) => {
    const res = await app.request({ method: 'GET', url: `/api/template_list?acc_id=${accId}${query}`, token });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { tm: TemplateListItem[]; em: TemplateListItem[] } }>().data;
  };

  it('saves a template with an uploaded file and reads it back, file included', async () => {
    const before = app.planner.calls.length;
    const saved = await save(
      draft({
        content: [
          { type: 'text', body: 'Здравствуйте, {name}!' },
          { type: 'file', body: '', caption: 'Прайс для {name}', name_field_file: 'file_1' },
        ],
      }),
      {
        files: { file_1: { name: 'прайс 2026.pdf', bytes: PDF, type: 'application/pdf' } },
        query: '&tm=1&new_template=1',
      },
    );
    expect(saved).toMatchObject({ code: 200, body: { ok: true, status: TEMPLATE_STATUS.created, version: 1 } });
    const id = (saved.body as { id: number }).id;
    expect(app.planner.calls.slice(before)).toEqual([{ accId: moscow, templateId: id }]);

    const read = await get(id);
    expect(read.code).toBe(200);
    const template = (read.body as { data: TemplateWire }).data;
    expect(template).toMatchObject({
      id,
      type: 'tm',
      title: 'Напоминание о визите',
      active: true,
      version: 1,
      can_edit: true,
      text_sms: 'Ждём вас {day_month} в {start_time}',
      settings: { when_send: 'before_start', when_send2: 24, attendance: [0, 2], blacklist: [] },
    });
    const file = template.content[1]!;
    expect(file).toMatchObject({ type: 'file', caption: 'Прайс для {name}', file_name: 'прайс 2026.pdf' });
    expect(file.content_type).toBe('application/pdf');
    expect(file.file_url).toBe(`/template_file?file_id=${file.file_id}`);

    const download = await app.request({ method: 'GET', url: `/api${file.file_url}&acc_id=${moscow}`, token: owner });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('прайс 2026.pdf')}`,
    );
    // The bytes are whole in the branch's folder, no temporary file is left.
    expect(uploads(moscow).some((n) => n.startsWith(file.file_id!))).toBe(true);
    expect(readdirSync(path.join(app.files.root, '.tmp'))).toEqual([]);

    // Another branch cannot read the file, even with its id.
    const foreign = await app.request({
      method: 'GET',
      url: `/api${file.file_url}&acc_id=${yekaterinburg}`,
      token: owner,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('bumps the version only when the text changes', async () => {
    const created = await save(draft({ title: 'Версии' }));
    const id = (created.body as { id: number }).id;
    const versions = async () =>
      (
        await queryRows<{ version: number }>(
          db(),
          sql`select version from template_versions where template_id = ${id} order by version`,
        )
      ).map((r) => r.version);

    // Title, active flag and settings: same version.
    const settingsOnly = await save(
      draft({
        id,
        title: 'Версии (новое имя)',
        active: false,
        settings: { when_send: 'before_start', when_send2: 2.5, attendance: [0], send_only_lost_client: true },
      }),
    );
    expect(settingsOnly.body).toMatchObject({ ok: true, status: TEMPLATE_STATUS.saved, id, version: 1 });
    expect(await versions()).toEqual([1]);
    expect((await get(id)).body).toMatchObject({
      data: { title: 'Версии (новое имя)', active: false, version: 1, settings: { when_send2: 2.5 } },
    });

    // The message text: a new version.
    const text = await save(draft({ id, content: [{ type: 'text', body: 'Новый текст для {name}' }] }));
    expect(text.body).toMatchObject({ id, version: 2 });
    // The SMS text too.
    const sms = await save(
      draft({ id, text_sms: 'Другое SMS', content: [{ type: 'text', body: 'Новый текст для {name}' }] }),
    );
    expect(sms.body).toMatchObject({ version: 3 });
    expect(await versions()).toEqual([1, 2, 3]);
    const data = ((await get(id)).body as { data: TemplateWire }).data;
    expect(data.content[0]!.body).toBe('Новый текст для {name}');
    expect(data.text_sms).toBe('Другое SMS');

    // Saving the same text again with a kept file: still the same version.
    const withFile = await save(
      draft({
        id,
        text_sms: 'Другое SMS',
        content: [{ type: 'file', body: '', caption: 'Схема проезда', name_field_file: 'map' }],
      }),
      { files: { map: { name: 'map.png', bytes: PNG, type: 'image/png' } } },
    );
    expect(withFile.body).toMatchObject({ version: 4 });
    const fileId = ((await get(id)).body as { data: TemplateWire }).data.content[0]!.file_id;
    const kept = await save(
      draft({
        id,
        title: 'Версии (с файлом)',
        text_sms: 'Другое SMS',
        content: [{ type: 'file', body: '', caption: 'Схема проезда', file_id: fileId }],
      }),
    );
    expect(kept.body).toMatchObject({ version: 4 });
  });

  it('refuses unknown variables in any text with the bad-keys status and saves nothing', async () => {
    const templatesBefore = await count('templates');
    const versionsBefore = await count('template_versions');
    const filesBefore = await count('files');
    const uploadsBefore = uploads(moscow).length;
    const cases = [
      { content: [{ type: 'text', body: 'Привет, {name}! {promo_code}' }] },
      { content: [{ type: 'file', body: '', caption: 'Файл {foo}', name_field_file: 'f' }] },
      { text_sms: 'SMS {bar}' },
      { settings: { when_send: 'before_start', when_send2: 24, send_confirm: 'Спасибо, {master_name}' } },
      {
        settings: { when_send: 'before_start', when_send2: 24, declined_record: true, text_cancel: 'Отменено {x}' },
      },
      // {partner_link} needs a loyalty action; birthday templates only know {name}.
      { content: [{ type: 'text', body: 'Приведи друга: {partner_link}' }] },
      {
        settings: { when_send: 'happy_birthday', when_send2: 0, when_time: '10:00' },
        text_sms: '',
        content: [{ type: 'text', body: 'С днём рождения, {name}! Ваш мастер {master}' }],
      },
    ];
    const expected = ['promo_code', 'foo', 'bar', 'master_name', 'x', 'partner_link', 'master'];
    for (const [i, over] of cases.entries()) {
      const res = await save(draft(over), {
        files: { f: { name: 'a.png', bytes: PNG, type: 'image/png' } },
      });
      expect(res.code, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ ok: false, status: STATUS.badKeys, detail: expected[i] });
      expect(STATUS.badKeys).toBe('Некорректные ключи в сообщении');
    }
    // With a loyalty action {partner_link} is a variable.
    const withAction = await save(
      draft({
        settings: { when_send: 'after_end', when_send2: 2, loyalty_action_id: 7 },
        content: [{ type: 'text', body: 'Приведи друга: {partner_link}' }],
      }),
    );
    expect(withAction.code).toBe(200);
    await post(`/api/delete_template?acc_id=${moscow}`, { template_id: (withAction.body as { id: number }).id });

    expect(await count('templates')).toBe(templatesBefore + 1);
    expect(await count('template_versions')).toBe(versionsBefore + 1);
    expect(await count('files')).toBe(filesBefore);
    expect(uploads(moscow).length).toBe(uploadsBefore);
  });

  it('refuses a file too big or of an unsupported type, keeping nothing', async () => {
    const filesBefore = await count('files');
    const templatesBefore = await count('templates');
    const content = [{ type: 'file', body: '', caption: '', name_field_file: 'f' }];
    const big = await save(draft({ content }), {
      files: { f: { name: 'video.mp4', bytes: Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 1), type: 'video/mp4' } },
    });
    expect(big).toMatchObject({ code: 413, body: { ok: false, status: TEMPLATE_STATUS.fileTooBig } });
    const exe = await save(draft({ content }), { files: { f: { name: 'setup.exe', bytes: Buffer.from('MZ') } } });
    expect(exe).toMatchObject({ code: 415, body: { ok: false, status: TEMPLATE_STATUS.unsupportedFile } });
    // The bytes decide, not the name or the declared type: a program named as a picture, or text.
    for (const [name, bytes] of [
      ['setup.png', EXE],
      ['photo.jpg', Buffer.from('just text')],
      ['notes.txt', EXE],
    ] as const) {
      const disguised = await save(draft({ content }), { files: { f: { name, bytes, type: 'image/png' } } });
      expect(disguised, name).toMatchObject({
        code: 415,
        body: { ok: false, status: TEMPLATE_STATUS.unsupportedFile },
      });
    }
    // Exactly 20 MB is allowed.
    const limit = await save(draft({ title: 'Ровно 20 МБ', content }), {
      files: {
        f: {
          name: 'clip.mp4',
          bytes: Buffer.concat([MP4_HEAD, Buffer.alloc(MAX_ATTACHMENT_BYTES - MP4_HEAD.length, 2)]),
          type: 'video/mp4',
        },
      },
    });
    expect(limit.code).toBe(200);
    expect(await count('files')).toBe(filesBefore + 1);
    expect(await count('templates')).toBe(templatesBefore + 1);
    expect(readdirSync(path.join(app.files.root, '.tmp'))).toEqual([]);
    await post(`/api/delete_template?acc_id=${moscow}`, { template_id: (limit.body as { id: number }).id });

    // A file item without a file, and a form without data, are refused too.
    const missing = await save(draft({ content: [{ type: 'file', body: '', caption: '' }] }));
    expect(missing).toMatchObject({ code: 400, body: { status: STATUS.badRequest } });
    const broken = await save('{not json');
    expect(broken).toMatchObject({ code: 400, body: { status: TEMPLATE_STATUS.testFieldsParseError } });
    const noCancel = await save(
      draft({ settings: { when_send: 'before_start', when_send2: 24, declined_record: true } }),
    );
    expect(noCancel).toMatchObject({ code: 400, body: { status: TEMPLATE_STATUS.noCancelText } });
  });

  it('enforces template rights: editors edit, members read, other branches see nothing', async () => {
    // The templates-only admin edits in the branches where they have the right.
    const mine = await save(draft({ title: 'От администратора шаблонов' }), { token: editor });
    expect(mine.code).toBe(200);
    const id = (mine.body as { id: number }).id;
    expect((await get(id, editor)).body).toMatchObject({ data: { can_edit: true } });

    // A member without the right reads (can_edit false) but every write is refused.
    expect((await get(id, viewer)).body).toMatchObject({ data: { can_edit: false } });
    expect((await list('', viewer)).tm.some((t) => t.id === `t${id}`)).toBe(true);
    const failRights = { code: 403, body: { ok: false, status: STATUS.failRights } };
    expect(await save(draft({ id }), { token: viewer })).toMatchObject(failRights);
    expect(
      await post(`/api/switch_template?acc_id=${moscow}`, { template_id: id, state: false }, viewer),
    ).toMatchObject(failRights);
    expect(await post(`/api/delete_template?acc_id=${moscow}`, { template_id: id }, viewer)).toMatchObject(failRights);
    expect(await post(`/api/copy_template?acc_id=${moscow}`, { template_id: id }, viewer)).toMatchObject(failRights);
    expect(
      await post(`/api/swap_templates?acc_id=${moscow}&templates_type=tm`, { templates: [id] }, viewer),
    ).toMatchObject(failRights);
    expect(
      await post(`/api/copy_template_to_branches?acc_id=${moscow}`, { template_id: id, acc_ids: [moscow] }, viewer),
    ).toMatchObject(failRights);

    // A template of another branch does not exist for this one, reading or writing.
    const other = await save(draft({ title: 'Екатеринбург' }), { accId: yekaterinburg });
    const otherId = (other.body as { id: number }).id;
    const notFound = { code: 404, body: { ok: false, status: TEMPLATE_STATUS.notFound } };
    expect(await get(otherId, owner, moscow)).toMatchObject(notFound);
    expect(await save(draft({ id: otherId }))).toMatchObject(notFound);
    expect(await post(`/api/switch_template?acc_id=${moscow}`, { template_id: otherId, state: false })).toMatchObject(
      notFound,
    );
    expect(await post(`/api/delete_template?acc_id=${moscow}`, { template_id: otherId })).toMatchObject(notFound);
    expect(await post(`/api/copy_template?acc_id=${moscow}`, { template_id: otherId })).toMatchObject(notFound);
    expect(
      await post(`/api/swap_templates?acc_id=${moscow}&templates_type=tm`, { templates: [id, otherId] }),
    ).toMatchObject(notFound);
    expect(((await get(otherId, owner, yekaterinburg)).body as { data: TemplateWire }).data.title).toBe('Екатеринбург');

    // A send-out-only branch has no templates at all.
    const sendOutList = await app.request({
      method: 'GET',
      url: `/api/template_list?acc_id=${sendOut}`,
      token: sendOutOwner,
    });
    expect(sendOutList.statusCode).toBe(403);
    expect(sendOutList.json()).toMatchObject({ status: STATUS.failRights });
    expect(await save(draft(), { token: sendOutOwner, accId: sendOut })).toMatchObject(failRights);
    // A branch the caller is not a member of.
    const stranger = await app.request({ method: 'GET', url: `/api/template_list?acc_id=${sendOut}`, token: owner });
    expect(stranger.statusCode).toBe(403);
  });

  it('lists by kind in position order, and swap reorders', async () => {
    const ids: number[] = [];
    for (const [title, settings] of [
      ['Событие: запись', { when_send: 'event', when_send2: 'record_create' }],
      ['Согласие', { when_send: 'consent', when_send2: 'record_create_consent' }],
      ['Накануне', { when_send: 'all_day_recs_notifications', when_send2: 1, when_time: '18:00' }],
    ] as const) {
      const res = await save(
        draft({ title, settings, text_sms: '', content: [{ type: 'text', body: 'Текст {name}' }] }),
      );
      expect(res.code, JSON.stringify(res.body)).toBe(200);
      ids.push((res.body as { id: number }).id);
    }
    const [eventId, consentId, dayId] = ids as [number, number, number];
    const all = await list();
    const event = all.em.find((t) => t.id === `e${eventId}`)!;
    expect(event).toMatchObject({
      title: 'Событие: запись',
      name: 'event',
      event: 'record_create',
      template_send_time: 'record_create',
      time: null,
      active: true,
      is_new_template: true,
    });
    expect(all.em.map((t) => t.id).slice(-2)).toEqual([`e${eventId}`, `e${consentId}`]);
    const day = all.tm.find((t) => t.id === `t${dayId}`)!;
    expect(day).toMatchObject({
      name: 'all_day_recs_notifications',
      time: '18:00',
      event: null,
      template_send_time: 1,
    });
    expect(all.tm.at(-1)!.id).toBe(`t${dayId}`);

    // Only the kind asked for (the web client sends flags as 1/0; a bare flag means on).
    expect((await list('&tm=1&em=0')).em).toEqual([]);
    expect((await list('&em')).tm).toEqual([]);
    expect((await list('&em')).em.length).toBe(all.em.length);

    const swap = await post(`/api/swap_templates?acc_id=${moscow}&templates_type=em`, {
      templates: [consentId, eventId],
    });
    expect(swap).toEqual({ code: 200, body: { ok: true } });
    expect((await list()).em.slice(0, 2).map((t) => t.id)).toEqual([`e${consentId}`, `e${eventId}`]);
    // An id of the other kind is not in this list.
    expect(await post(`/api/swap_templates?acc_id=${moscow}&templates_type=em`, { templates: [dayId] })).toMatchObject({
      code: 404,
    });

    // The week mark wears off.
    app.base.clock.advance(8 * 86_400_000);
    await loginAll();
    expect((await list()).em.find((t) => t.id === `e${eventId}`)!.is_new_template).toBe(false);
  });

  it('switches a template on and off and tells the engine', async () => {
    const id = ((await save(draft({ title: 'Переключатель' }))).body as { id: number }).id;
    const before = app.planner.calls.length;
    expect(await post(`/api/switch_template?acc_id=${moscow}`, { template_id: id, state: false, tm: true })).toEqual({
      code: 200,
      body: { ok: true },
    });
    expect((await get(id)).body).toMatchObject({ data: { active: false, version: 1 } });
    await post(`/api/switch_template?acc_id=${moscow}`, { template_id: id, state: true });
    expect((await get(id)).body).toMatchObject({ data: { active: true } });
    expect(app.planner.calls.slice(before)).toEqual([
      { accId: moscow, templateId: id },
      { accId: moscow, templateId: id },
    ]);
  });

  it('copies a template inactive with the copy tag', async () => {
    const id = ((await save(draft({ title: 'Оригинал' }))).body as { id: number }).id;
    const res = await post(`/api/copy_template?acc_id=${moscow}`, { template_id: id });
    expect(res.code).toBe(200);
    const copyId = (res.body as { id: number }).id;
    expect(copyId).not.toBe(id);
    const copy = ((await get(copyId)).body as { data: TemplateWire }).data;
    const original = ((await get(id)).body as { data: TemplateWire }).data;
    expect(copy).toMatchObject({ title: `Оригинал${COPY_TAG}`, active: false, version: 1 });
    expect(copy.content).toEqual(original.content);
    expect(copy.settings).toEqual(original.settings);
    expect(app.planner.calls.at(-1)).toEqual({ accId: moscow, templateId: copyId });
  });

  it('copies to branches only where the caller may edit, all or nothing', async () => {
    const saved = await save(
      draft({
        title: 'Для всей сети',
        content: [{ type: 'file', body: '', caption: 'Акция для {name}', name_field_file: 'img' }],
      }),
      { token: editor, files: { img: { name: 'акция.jpg', bytes: JPEG, type: 'image/jpeg' } } },
    );
    const id = (saved.body as { id: number }).id;
    const inBranch = async (accId: number) =>
      queryRows<{ id: number; title: string; active: boolean }>(
        db(),
        sql`select id, title, active from templates where acc_id = ${accId} and title = 'Для всей сети' and deleted_at is null`,
      );

    // The editor has the right in Yekaterinburg, not in Vladivostok (not a member there).
    const refused = await post(
      `/api/copy_template_to_branches?acc_id=${moscow}`,
      { template_id: id, acc_ids: [yekaterinburg, vladivostok] },
      editor,
    );
    expect(refused).toMatchObject({ code: 403, body: { status: STATUS.failRights } });
    expect(await inBranch(yekaterinburg)).toEqual([]);
    // A send-out branch cannot receive templates, even from its owner.
    expect(
      await post(`/api/copy_template_to_branches?acc_id=${moscow}`, { template_id: id, acc_ids: [sendOut] }),
    ).toMatchObject({ code: 403 });

    const copied = await post(
      `/api/copy_template_to_branches?acc_id=${moscow}`,
      { template_id: id, acc_ids: [yekaterinburg] },
      editor,
    );
    expect(copied).toEqual({ code: 200, body: { ok: true, count: 1 } });
    const [copy] = await inBranch(yekaterinburg);
    expect(copy).toMatchObject({ active: false });
    expect(app.planner.calls.at(-1)).toEqual({ accId: yekaterinburg, templateId: copy!.id });

    // The file went with it: the copy's own file, readable in its branch.
    const source = ((await get(id, editor)).body as { data: TemplateWire }).data.content[0]!;
    const target = ((await get(copy!.id, editor, yekaterinburg)).body as { data: TemplateWire }).data.content[0]!;
    expect(target.file_id).not.toBe(source.file_id);
    expect(target).toMatchObject({ file_name: 'акция.jpg', caption: 'Акция для {name}', content_type: 'image/jpeg' });
    const download = await app.request({
      method: 'GET',
      url: `/api${target.file_url}&acc_id=${yekaterinburg}`,
      token: editor,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(JPEG)).toBe(true);

    // Owner copies to all three network branches at once.
    const all = await post(`/api/copy_template_to_branches?acc_id=${moscow}`, {
      template_id: id,
      acc_ids: [moscow, yekaterinburg, vladivostok],
    });
    expect(all).toEqual({ code: 200, body: { ok: true, count: 3 } });
    expect((await inBranch(vladivostok)).length).toBe(1);
    expect((await inBranch(yekaterinburg)).length).toBe(2);
  });

  it('deletes softly: gone from the list and reads, kept for statistics', async () => {
    const id = ((await save(draft({ title: 'Удаляемый' }))).body as { id: number }).id;
    const res = await post(`/api/delete_template?acc_id=${moscow}`, { template_id: id });
    expect(res).toEqual({ code: 200, body: { ok: true } });
    expect((await list()).tm.some((t) => t.id === `t${id}`)).toBe(false);
    expect(await get(id)).toMatchObject({ code: 404, body: { status: TEMPLATE_STATUS.notFound } });
    expect(await post(`/api/delete_template?acc_id=${moscow}`, { template_id: id })).toMatchObject({ code: 404 });
    const [row] = await queryRows<{ deleted: boolean; versions: number }>(
      db(),
      sql`select deleted_at is not null as deleted,
        (select count(*)::int from template_versions where template_id = ${id}) as versions
        from templates where id = ${id}`,
    );
    expect(row).toEqual({ deleted: true, versions: 1 });
    expect(app.planner.calls.at(-1)).toEqual({ accId: moscow, templateId: id });
  });

  it('over real HTTP, answers a refused upload at once and closes the connection', async () => {
    const address = await app.http.listen({ port: 0, host: '127.0.0.1' });
    const upload = async (token: string, name: string, size: number) => {
      const form = new FormData();
      const content = [{ type: 'file', body: '', caption: '', name_field_file: 'f' }];
      form.append('data', JSON.stringify(draft({ content })));
      form.append('f', new Blob([Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 1)])]), name);
      const res = await fetch(`${address}/api/template?acc_id=${moscow}`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      return { code: res.status, body: await res.json(), connection: res.headers.get('connection') };
    };
    // Past 20 MB the rest of the file is skipped, not stored.
    expect(await upload(owner, 'big.mp4', MAX_ATTACHMENT_BYTES + 5_000_000)).toMatchObject({
      code: 413,
      body: { status: TEMPLATE_STATUS.fileTooBig },
    });
    // These are refused before the body is read: without closing, the client would be left sending
    // and the server could not shut down (afterAll would time out).
    expect(await upload(owner, 'tool.exe', 10_000_000)).toMatchObject({ code: 415, connection: 'close' });
    expect(await upload(viewer, 'a.png', 10_000_000)).toMatchObject({
      code: 403,
      body: { status: STATUS.failRights },
      connection: 'close',
    });
    expect((await upload(owner, 'a.png', 1000)).code).toBe(200);
  });

  it('lists the CRM reference data of the branch for the filters', async () => {
    await db().execute(sql`insert into crm_services (acc_id, id, title, active) values
      (${moscow}, 'x2', 'Я-тест стрижка', true), (${moscow}, 'x1', 'Я-тест маникюр', true),
      (${moscow}, 'x3', 'Я-тест старое', false), (${yekaterinburg}, 'x9', 'Я-тест чужая', true)`);
    await db().execute(sql`insert into crm_staff (acc_id, id, title) values (${moscow}, 'x-m1', 'Я-тест Ольга')`);
    const fetch = async (category: string, token = owner) => {
      const res = await app.request({
        method: 'GET',
        url: `/api/template_categories?acc_id=${moscow}&category=${category}`,
        token,
      });
      return { code: res.statusCode, body: res.json<{ data: { id: string; title: string }[]; count: number }>() };
    };
    const services = await fetch('services', viewer);
    expect(services.code).toBe(200);
    expect(services.body.count).toBe(services.body.data.length);
    // Active ones of this branch only, by title.
    expect(services.body.data.filter((s) => s.title.startsWith('Я-тест'))).toEqual([
      { id: 'x1', title: 'Я-тест маникюр' },
      { id: 'x2', title: 'Я-тест стрижка' },
    ]);
    expect((await fetch('staff')).body.data).toContainEqual({ id: 'x-m1', title: 'Я-тест Ольга' });
    expect((await fetch('clients')).code).toBe(400);
  });
});

describe.each(DB_KINDS)('templates API with the engine (%s)', (kind) => {
  let app: TemplatesTestApp;
  beforeAll(async () => {
    app = await startTemplatesTestApp(kind);
    app.planner.forwardTo = app.base.runtime.templates.engine;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a saved template with a file reaches the outbox with the file’s bytes', async () => {
    const owner = (await app.base.login(DEMO_USERS.owner)).token;
    const db = app.base.runtime.database.db;
    const startsAt = new Date(app.base.clock.now().getTime() + 2 * 86_400_000).toISOString();
    await db.execute(sql`insert into crm_records (acc_id, id, client_name, client_phone, starts_at, length_sec, attendance,
        created_at, changed_at)
      values (${moscow}, 'engine-e2e', 'Вера', '79005550101', ${startsAt}::timestamptz, 3600, 0,
        ${app.base.clock.now().toISOString()}::timestamptz, ${app.base.clock.now().toISOString()}::timestamptz)`);
    const bytes = Buffer.concat([PNG, Buffer.from('image-bytes-for-the-client')]);
    const res = await app.request({
      method: 'POST',
      url: `/api/template?acc_id=${moscow}`,
      token: owner,
      multipart: await formData(
        draft({
          title: 'С картинкой',
          content: [
            { type: 'text', body: 'Здравствуйте, {name}!' },
            { type: 'file', body: '', caption: 'Как нас найти', name_field_file: 'map' },
          ],
        }),
        { map: { name: 'карта.png', bytes, type: 'image/png' } },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ id: number }>().id;
    const rows = await queryRows<{
      body: string;
      media: { path: string; fileName: string; contentType: string } | null;
    }>(
      db,
      sql`select o.body, o.media from template_sends ts join outbox o on o.id = ts.outbox_id
        where ts.template_id = ${id} and ts.record_id = 'engine-e2e' order by o.id`,
    );
    const withFile = rows.find((r) => r.media !== null);
    expect(withFile, JSON.stringify(rows)).toBeDefined();
    expect(withFile!.media).toMatchObject({ fileName: 'карта.png', contentType: 'image/png' });
    expect(readFileSync(withFile!.media!.path).equals(bytes)).toBe(true);
  });
});
