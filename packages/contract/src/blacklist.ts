import { z } from 'zod';
import { phoneSchema } from './connection.js';

// GET /blacklist; POST /blacklist {action, phone} (SPEC 7 Settings).
export const blacklistResponse = z.object({ ok: z.literal(true), data: z.array(z.string()), count: z.number().int() });
export const blacklistBody = z.object({ action: z.enum(['add', 'delete']), phone: phoneSchema });
export const blacklistActionResponse = z.object({ ok: z.literal(true), status: z.string(), data: z.array(z.string()) });

// Status texts of the blacklist calls; the cabinet maps them to readable messages (SPEC 8).
export const BLACKLIST_STATUS = {
  added: 'number added',
  deleted: 'number deleted',
  alreadyAdded: 'number already added',
  notFound: 'number not found',
} as const;
export const BLACKLIST_PAGE_SIZES = [5, 8, 20] as const;
export const BLACKLIST_DEFAULT_PAGE_SIZE = 8;
