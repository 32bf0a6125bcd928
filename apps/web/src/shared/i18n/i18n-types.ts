import type accesses from '../../locales/ru/accesses.json';
import type aiAdmin from '../../locales/ru/ai-admin.json';
import type aiChat from '../../locales/ru/ai-chat.json';
import type aiFiles from '../../locales/ru/ai-files.json';
import type aiStats from '../../locales/ru/ai-stats.json';
import type accounts from '../../locales/ru/accounts.json';
import type auth from '../../locales/ru/auth.json';
import type autoResponses from '../../locales/ru/auto-responses.json';
import type blacklist from '../../locales/ru/blacklist.json';
import type chatHistory from '../../locales/ru/chat-history.json';
import type common from '../../locales/ru/common.json';
import type connection from '../../locales/ru/connection.json';
import type consents from '../../locales/ru/consents.json';
import type dashboard from '../../locales/ru/dashboard.json';
import type devCrm from '../../locales/ru/dev-crm.json';
import type devSandbox from '../../locales/ru/dev-sandbox.json';
import type errors from '../../locales/ru/errors.json';
import type help from '../../locales/ru/help.json';
import type inviteFriends from '../../locales/ru/invite-friends.json';
import type mailing from '../../locales/ru/mailing.json';
import type mailingSegments from '../../locales/ru/mailing-segments.json';
import type mailingStats from '../../locales/ru/mailing-stats.json';
import type menu from '../../locales/ru/menu.json';
import type pages from '../../locales/ru/pages.json';
import type onboarding from '../../locales/ru/onboarding.json';
import type partners from '../../locales/ru/partners.json';
import type payments from '../../locales/ru/payments.json';
import type reviews from '../../locales/ru/reviews.json';
import type settings from '../../locales/ru/settings.json';
import type startPage from '../../locales/ru/start-page.json';
import type support from '../../locales/ru/support.json';
import type templates from '../../locales/ru/templates.json';

// Keys are checked at compile time against the Russian files (the default and fallback);
// locales.test.ts keeps the English files in step.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      accesses: typeof accesses;
      'ai-admin': typeof aiAdmin;
      'ai-chat': typeof aiChat;
      'ai-files': typeof aiFiles;
      'ai-stats': typeof aiStats;
      accounts: typeof accounts;
      auth: typeof auth;
      'auto-responses': typeof autoResponses;
      blacklist: typeof blacklist;
      'chat-history': typeof chatHistory;
      common: typeof common;
      connection: typeof connection;
      consents: typeof consents;
      dashboard: typeof dashboard;
      'dev-crm': typeof devCrm;
      'dev-sandbox': typeof devSandbox;
      errors: typeof errors;
      help: typeof help;
      'invite-friends': typeof inviteFriends;
      mailing: typeof mailing;
      'mailing-segments': typeof mailingSegments;
      'mailing-stats': typeof mailingStats;
      menu: typeof menu;
      pages: typeof pages;
      onboarding: typeof onboarding;
      partners: typeof partners;
      payments: typeof payments;
      reviews: typeof reviews;
      settings: typeof settings;
      'start-page': typeof startPage;
      support: typeof support;
      templates: typeof templates;
    };
  }
}
