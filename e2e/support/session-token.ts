import type { Page } from '@playwright/test';

const ACCESS_KEY = 'salon.accessToken';

function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), ACCESS_KEY);
}

// The signed-in tab's bearer token (the cabinet keeps it in local storage), for the dev APIs that
// need a session, such as the sandbox's (/api/dev/sandbox/*: the owner's branches only).
// Access tokens live 15 minutes on the server's clock, which the specs move by days: an expired one
// is renewed by the cabinet itself (a reload makes it call the API, get a 401 and refresh), never
// here, because refresh tokens rotate and a second refresh with the same token ends the session.
export async function sessionToken(page: Page): Promise<string> {
  const token = await storedToken(page);
  if (!token) throw new Error('not signed in: no access token in local storage');
  const probe = await page.request.get('/api/dev/clock', { headers: { authorization: `Bearer ${token}` } });
  if (probe.status() !== 401) return token;
  await page.reload();
  for (let i = 0; i < 100; i++) {
    const renewed = await storedToken(page);
    if (renewed && renewed !== token) return renewed;
    await page.waitForTimeout(100);
  }
  throw new Error('the cabinet did not renew its expired access token');
}

export async function authHeaders(page: Page): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await sessionToken(page)}` };
}
