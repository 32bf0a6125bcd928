import { z } from 'zod';
import { GRANTABLE_RIGHTS } from './rights-rules.js';
import { telegramIdSchema } from './telegram-id.js';

// SPEC 3 Admin access, SPEC 7 Admin accesses (/accesses, /accesses/add_admin,
// /accesses/update_admin, /accesses/delete_admin).

export const ACCESS_LOG_ACTIONS = {
  added: 'User Added',
  name: 'Change of Name',
  active: 'Change of Activity',
  rights: 'Change of Rights',
} as const;

// Status texts the cabinet maps to messages (SPEC 8 Admin).
export const ACCESS_STATUS = {
  saved: 'SAVE_SUCCESS',
  emptyTgId: 'EMPTY_TG_INPUT_ERROR',
  uniqueTgId: 'UNIQUE_TG_ID_ERROR',
  notFound: 'ADMIN_NOT_FOUND',
  // Nobody changes or removes their own access: an owner cannot lock themself out.
  self: 'SELF_CHANGE_ERROR',
  unknownRight: 'UNKNOWN_RIGHT_ERROR',
} as const;

export const ADMIN_NAME_MAX = 120;

export const changeLogEntry = z.object({
  action: z.string(),
  date: z.string(),
  new_name: z.string().nullable(),
  new_rights: z.array(z.string()).nullable(),
  new_active: z.boolean().nullable(),
});
export type ChangeLogEntry = z.infer<typeof changeLogEntry>;

export const adminWire = z.object({
  tg_id: z.number().int(),
  name: z.string(),
  rights: z.array(z.string()),
  create_date: z.string(),
  update_date: z.string(),
  active: z.boolean(),
  changelog: z.array(changeLogEntry),
});
export type AdminWire = z.infer<typeof adminWire>;
// SPEC 7: the list is a bare array (failures are {ok:false, status}).
export const adminList = z.array(adminWire);

// Rights the client may send: 'all' is expanded by the server; anything else unknown is refused.
const rightsInput = z
  .array(z.string())
  .min(1, { message: 'rights_required' })
  .refine((rights) => rights.every((r) => r === 'all' || (GRANTABLE_RIGHTS as readonly string[]).includes(r)), {
    message: ACCESS_STATUS.unknownRight,
  });

// Checked by the server's rules, not here, so an empty id answers EMPTY_TG_INPUT_ERROR as its status.
const tgIdInput = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

export const addAdminBody = z.object({
  tg_id: tgIdInput,
  name: z.string().trim().min(1, { message: 'name_required' }).max(ADMIN_NAME_MAX),
  rights: rightsInput,
  active: z.boolean().default(true),
  // Sent by the cabinet as SPEC 7 lists them; the server writes its own log and dates.
  change_log: z.unknown().optional(),
  create_date: z.unknown().optional(),
  update_date: z.unknown().optional(),
});
export type AddAdminBody = z.infer<typeof addAdminBody>;

export const ADMIN_CHANGES = ['change_name', 'change_rights', 'change_active'] as const;
export const updateAdminBody = z.object({
  tg_id: telegramIdSchema,
  name: z.string().trim().min(1, { message: 'name_required' }).max(ADMIN_NAME_MAX).optional(),
  rights: rightsInput.optional(),
  active: z.boolean().optional(),
  changed_fields: z.array(z.enum(ADMIN_CHANGES)).default([]),
  changelog: z.unknown().optional(),
  create_date: z.unknown().optional(),
  update_date: z.unknown().optional(),
});
export type UpdateAdminBody = z.infer<typeof updateAdminBody>;

export const deleteAdminQuery = z.object({ tg_id: telegramIdSchema });

export { GRANTABLE_RIGHTS };
