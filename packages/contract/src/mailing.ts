import { z } from 'zod';

// GET /check_payed on the mailing host: is the branch's mailing paid for.
export const checkPayedResponse = z.object({ ok: z.boolean() });
