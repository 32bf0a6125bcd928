import type { Language } from '@salon/contract/constants';
import { api } from '../api/api';
import { lazyOkSchema } from '../api/lazy-ok-schema';

// POST /user/lang {lang}: the server remembers the signed-in user's language.
export function saveLanguage(lang: Language): Promise<unknown> {
  return api.request({ method: 'POST', path: '/user/lang', body: { lang }, schema: lazyOkSchema });
}
