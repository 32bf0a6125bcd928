import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildHttpApp } from '../../app.js';
import { CrmRepository } from '../../crm/repository.js';
import { localAdminBotFiles } from '../../platform/files/admin-bot-files.js';
import { FileStore } from '../../platform/files/file-store.js';
import { createLogger } from '../../platform/logger.js';
import type { DbKind } from '../databases.js';
import { startTestApp, type TestApp } from '../harness.js';
import { createTemplatePages } from '../../modules/templates/module.js';
import type { TemplatePlanner } from '../../modules/templates/service.js';

// Records what the engine is told; passes it on to the real engine only while `forwardTo` is set
// (most tests write their own messages and must not get the engine's).
export class RecordingPlanner implements TemplatePlanner {
  readonly calls: { accId: number; templateId: number }[] = [];
  forwardTo: TemplatePlanner | undefined;
  async templateChanged(accId: number, templateId: number): Promise<void> {
    this.calls.push({ accId, templateId });
    await this.forwardTo?.templateChanged(accId, templateId);
  }
}

export interface TemplatesTestApp {
  base: TestApp;
  http: FastifyInstance;
  planner: RecordingPlanner;
  files: FileStore;
  // Lines the local admin-bot driver wrote (`admin bot document for <id>: <path>`).
  botLines: string[];
  request(options: {
    method: 'GET' | 'POST';
    url: string;
    token: string;
    body?: unknown;
    multipart?: { payload: Buffer; contentType: string };
  }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

// The real server on a real database (startTestApp: migrations, demo seed, login), with the
// templates pages built by the module's own factory and mounted on the main host, a planner that records
// what it is told, and the local admin-bot driver writing into the test's data folder.
export async function startTemplatesTestApp(kind: DbKind): Promise<TemplatesTestApp> {
  const base = await startTestApp(kind);
  const db = base.runtime.database.db;
  const logger = createLogger('silent');
  const planner = new RecordingPlanner();
  const botLines: string[] = [];
  const files = new FileStore(db, base.runtime.config.dataDir, base.clock);
  const pages = createTemplatePages({
    db,
    crmRepo: new CrmRepository(db),
    planner,
    files,
    botFiles: localAdminBotFiles(base.runtime.config.dataDir, base.clock, (line) => botLines.push(line)),
    clock: base.clock,
    logger,
  });
  const http = await buildHttpApp({
    logger,
    trustProxy: false,
    webDistDir: undefined,
    authenticator: base.runtime.services.auth,
    hosts: { main: pages.routes, mailing: [], ai: [] },
    healthy: async () => true,
  });
  await http.ready();
  return {
    base,
    http,
    planner,
    files,
    botLines,
    request({ method, url, token, body, multipart }) {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (multipart) headers['content-type'] = multipart.contentType;
      return http.inject({
        method,
        url,
        headers,
        ...(multipart ? { payload: multipart.payload } : body === undefined ? {} : { payload: body as object }),
      });
    },
    async close() {
      await http.close();
      await base.close();
    },
  };
}

// A multipart body as a browser's FormData makes it.
export async function formData(
  data: unknown,
  files: Record<string, { name: string; bytes: Buffer | Uint8Array; type?: string }> = {},
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('data', typeof data === 'string' ? data : JSON.stringify(data));
  for (const [field, file] of Object.entries(files)) {
    form.append(field, new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}
