import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsResponse } from '@salon/contract/accounts';
import { DEMO_BRANCHES, DEMO_USERS } from '../seed/demo.js';
import { DB_KINDS } from '../test-support/databases.js';
import { startFakeYclients, type FakeYclients } from '../test-support/fake-yclients-server.js';
import { startTestApp, type TestApp } from '../test-support/harness.js';

const COMPANY = 9201;

describe.each(DB_KINDS)('connecting a branch to YCLIENTS (%s)', (kind) => {
  let app: TestApp;
  let fake: FakeYclients;
  let owner: string;
  let templatesAdmin: string;
  const branch = DEMO_BRANCHES.yekaterinburg;
  const url = `/api/crm/connection?acc_id=${branch}`;

  beforeAll(async () => {
    fake = await startFakeYclients();
    fake.addCompany({ id: COMPANY, userToken: 'right-user-token', timezone: 'Asia/Yekaterinburg', offset: '+05:00' });
    fake.setReference(COMPANY, 'services', [
      { id: 31, title: 'Стрижка мужская', category_id: 7, price_min: 1200, price_max: 1500 },
      { id: 32, title: 'Маникюр', category_id: 8, price_min: 1800, price_max: 2000 },
    ]);
    app = await startTestApp(kind, { YCLIENTS_PARTNER_TOKEN: fake.partnerToken, YCLIENTS_API_URL: fake.baseUrl });
    owner = (await app.login(DEMO_USERS.owner, '10.60.0.1')).token;
    templatesAdmin = (await app.login(DEMO_USERS.templatesAdmin, '10.60.0.2')).token;
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  it('refuses a token YCLIENTS rejects and saves nothing', async () => {
    const res = await app.request({
      method: 'POST',
      url,
      token: owner,
      body: { kind: 'yclients', company_id: COMPANY, user_token: 'wrong-user-token' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, status: 'CRM_CREDENTIALS_REJECTED' });
    const state = await app.request({ method: 'GET', url, token: owner });
    expect(state.json()).toMatchObject({ data: { kind: 'local', has_user_token: false, yclients_available: true } });
  });

  it('connects with a working token, keeps it sealed, and the branch shows the CRM', async () => {
    const res = await app.request({
      method: 'POST',
      url,
      token: owner,
      body: { kind: 'yclients', company_id: COMPANY, user_token: 'right-user-token' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'SAVE_SUCCESS',
      data: { kind: 'yclients', company_id: COMPANY, has_user_token: true },
    });
    expect(res.body).not.toContain('right-user-token');
    const stored = await app.runtime.crm.repo.connection(branch);
    expect(stored.userToken).not.toContain('right-user-token');
    expect(app.runtime.crm.processor.openToken(stored.userToken!)).toBe('right-user-token');
    const accounts = (
      await app.request({ method: 'GET', url: '/api/accounts', token: owner })
    ).json<AccountsResponse>();
    expect(accounts.accounts.find((a) => a.acc_id === branch)?.crm_name).toBe('yclients');
    // Webhooks for the company now reach this branch.
    expect(await app.runtime.crm.repo.branchOfCompany('yclients', COMPANY)).toBe(branch);
    // Its services are mirrored with their categories, for the templates' category filter.
    const categories = await app.runtime.crm.repo.serviceCategories(branch, ['31', '32']);
    expect([...categories.entries()].sort()).toEqual([
      ['31', '7'],
      ['32', '8'],
    ]);
  });

  it('does not let a second branch take the same company, nor an admin without the settings right', async () => {
    const other = await app.request({
      method: 'POST',
      url: `/api/crm/connection?acc_id=${DEMO_BRANCHES.moscow}`,
      token: owner,
      body: { kind: 'yclients', company_id: COMPANY, user_token: 'right-user-token' },
    });
    expect(other.json()).toMatchObject({ ok: false, status: 'CRM_COMPANY_TAKEN' });
    const admin = await app.request({
      method: 'POST',
      url: `/api/crm/connection?acc_id=${DEMO_BRANCHES.moscow}`,
      token: templatesAdmin,
      body: { kind: 'local' },
    });
    expect(admin.statusCode).toBe(403);
  });

  it('goes back to the local CRM', async () => {
    const res = await app.request({ method: 'POST', url, token: owner, body: { kind: 'local' } });
    expect(res.json()).toMatchObject({ data: { kind: 'local', company_id: null, has_user_token: false } });
  });
});
