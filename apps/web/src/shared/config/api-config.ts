import type { ApiHost } from '../api/api-client';

// Base URLs of the three hosts; a deployment that splits them sets the VITE_* variables at build time.
export const API_BASE_URLS: Record<ApiHost, string> = {
  main: import.meta.env.VITE_API_URL ?? '/api',
  mailing: import.meta.env.VITE_MAILING_API_URL ?? '/api/mailing',
  ai: import.meta.env.VITE_AI_API_URL ?? '/api/ai',
};
