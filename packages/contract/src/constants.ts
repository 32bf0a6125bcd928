// Business constants of SPEC 9 that both sides use.
export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ru';

export const CURRENCIES = ['RUB', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CRM_NAMES = ['yclients', 'local'] as const;
export type CrmName = (typeof CRM_NAMES)[number];

export const MODULES = ['WA', 'TG', 'loyalty'] as const;
export type Module = (typeof MODULES)[number];

export const ACCOUNTS_REFRESH_MS = 1_800_000;
export const TOKEN_RETRIES_ACCOUNTS = 3;
export const TOKEN_RETRIES_DEFAULT = 1;
export const RETRY_DELAY_MIN_MS = 100;
export const RETRY_DELAY_MAX_MS = 300;

export const TOAST_SUCCESS_MS = 2000;
export const TOAST_WARNING_MS = 4000;

export const MOBILE_BREAKPOINT_PX = 640;
export const TABLET_BREAKPOINT_PX = 1024;

export const PIN_TTL_MS = 5 * 60_000;
export const PIN_MAX_ATTEMPTS = 5;

export const DEFAULT_BRANCH_LABEL = 'N/A';

// SPEC 4: the no-WhatsApp warning is not shown for these account ids.
export const NO_WA_WARNING_EXEMPT_ACC_IDS: readonly number[] = [1, 2, 3, 4, 5];

export const INFO_BLOCK_WA_BLOCKED = 'wa_blocked';
