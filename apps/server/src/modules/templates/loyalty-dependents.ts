import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { templates } from './schema.js';

// The templates that offer a loyalty action (settings.loyalty_action_id), as the loyalty module asks
// for them (modules/loyalty/ports.ts TemplateDependents; runtime.ts wires the two).
export function templateLoyaltyDependents(db: Db, clock: Clock) {
  const offers = (accId: number, actionId: number) =>
    and(
      eq(templates.accId, accId),
      isNull(templates.deletedAt),
      sql`(${templates.settings}->>'loyalty_action_id')::bigint = ${actionId}`,
    );
  return {
    async dependentsOf(accId: number, actionId: number) {
      const rows = await db
        .select({ id: templates.id, title: templates.title, active: templates.active, category: templates.category })
        .from(templates)
        .where(offers(accId, actionId))
        .orderBy(asc(templates.id));
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        active: r.active,
        type_template: r.category,
        loyalty_action_id: actionId,
      }));
    },
    async deactivateDependents(accId: number, actionId: number) {
      const rows = await db
        .update(templates)
        .set({ active: false, updatedAt: clock.now() })
        .where(and(offers(accId, actionId), eq(templates.active, true)))
        .returning({ id: templates.id });
      return rows.length;
    },
  };
}
