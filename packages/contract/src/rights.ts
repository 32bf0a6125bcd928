import { z } from 'zod';
import { RIGHTS } from './rights-rules.js';

export * from './rights-rules.js';

export const rightSchema = z.enum(RIGHTS);
