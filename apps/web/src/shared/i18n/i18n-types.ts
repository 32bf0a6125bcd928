import type accounts from '../../locales/ru/accounts.json';
import type auth from '../../locales/ru/auth.json';
import type common from '../../locales/ru/common.json';
import type errors from '../../locales/ru/errors.json';
import type menu from '../../locales/ru/menu.json';
import type pages from '../../locales/ru/pages.json';

// Keys are checked at compile time against the Russian files (the default and fallback);
// locales.test.ts keeps the English files in step.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      accounts: typeof accounts;
      auth: typeof auth;
      common: typeof common;
      errors: typeof errors;
      menu: typeof menu;
      pages: typeof pages;
    };
  }
}
