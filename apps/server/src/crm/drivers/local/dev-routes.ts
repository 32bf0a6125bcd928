import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  localCrmAttendanceBody,
  localCrmCatalogResponse,
  localCrmClientResponse,
  localCrmClientsQuery,
  localCrmClientsResponse,
  localCrmCreateClientBody,
  localCrmCreateRecordBody,
  localCrmMoveBody,
  localCrmRecordParams,
  localCrmRecordResponse,
  localCrmRecordsQuery,
  localCrmRecordsResponse,
} from '@salon/contract/local-crm';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import type { CrmRecord } from '../../crm.js';
import type { LocalCrm } from './local-crm.js';
import { dayRange, instantOf, toClientWire, toRecordWire } from './wire.js';

// The local CRM's booking screens for the dev page (/dev/crm): what a salon admin does in a
// booking system, so that every template kind can be seen firing without YCLIENTS. Any member of
// the branch may use them; a branch on another CRM is refused (409 CRM_NOT_LOCAL).
export function localCrmDevRoutes(crm: LocalCrm): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { guard: 'member' } as const;
    const recordAnswer = async (accId: number, record: CrmRecord) => ({
      ok: true as const,
      record: toRecordWire(record, await crm.timeZone(accId)),
    });

    app.get('/crm/local/catalog', { config, schema: { response: { 200: localCrmCatalogResponse } } }, async (req) => {
      const { accId } = requireBranch(req);
      await crm.assertLocal(accId);
      const { store } = crm;
      const [timeZone, staff, services, categories, goods, labels, clientCategories, cardTypes] = await Promise.all([
        crm.timeZone(accId),
        store.staff(accId),
        store.services(accId),
        store.serviceCategories(accId),
        store.goods(accId),
        store.labels(accId),
        store.clientCategories(accId),
        store.loyaltyCardTypes(accId),
      ]);
      return {
        ok: true as const,
        time_zone: timeZone,
        staff: staff.map((s) => ({ id: s.id, title: s.title, specialization: s.specialization })),
        services: services.map((s) => ({
          id: s.id,
          title: s.title,
          category_id: s.categoryId,
          price_min: s.priceMin,
          price_max: s.priceMax,
          duration_sec: s.durationSec,
        })),
        categories,
        goods: goods.map((g) => ({ id: g.id, title: g.title, price: g.price })),
        labels,
        client_categories: clientCategories,
        loyalty_card_types: cardTypes,
      };
    });

    app.get(
      '/crm/local/clients',
      { config, schema: { querystring: localCrmClientsQuery, response: { 200: localCrmClientsResponse } } },
      async (req) => {
        const { accId } = requireBranch(req);
        await crm.assertLocal(accId);
        const clients = await crm.store.clients(accId, req.query.search, req.query.limit);
        return { ok: true as const, clients: clients.map(toClientWire) };
      },
    );

    app.post(
      '/crm/local/clients',
      { config, schema: { body: localCrmCreateClientBody, response: { 200: localCrmClientResponse } } },
      async (req) => {
        const { accId } = requireBranch(req);
        const client = await crm.createClient(accId, req.body);
        return { ok: true as const, client: toClientWire(client) };
      },
    );

    app.get(
      '/crm/local/records',
      { config, schema: { querystring: localCrmRecordsQuery, response: { 200: localCrmRecordsResponse } } },
      async (req) => {
        const { accId } = requireBranch(req);
        await crm.assertLocal(accId);
        const timeZone = await crm.timeZone(accId);
        const range = dayRange(req.query.from, req.query.to, timeZone);
        const records = await crm.store.recordsStarting(accId, range.from, range.to);
        return { ok: true as const, time_zone: timeZone, records: records.map((r) => toRecordWire(r, timeZone)) };
      },
    );

    app.post(
      '/crm/local/records',
      { config, schema: { body: localCrmCreateRecordBody, response: { 200: localCrmRecordResponse } } },
      async (req) => {
        const { accId } = requireBranch(req);
        const b = req.body;
        const record = await crm.createRecord(accId, {
          client: b.client_id !== undefined ? { id: b.client_id } : b.client!,
          staffId: b.staff_id,
          serviceIds: b.service_ids,
          goodsIds: b.goods_ids,
          startsAt: instantOf(b.start, await crm.timeZone(accId)),
          lengthSec: b.length_min === undefined ? undefined : b.length_min * 60,
          online: b.online,
          labelIds: b.label_ids,
          comment: b.comment,
        });
        return recordAnswer(accId, record);
      },
    );

    const params = localCrmRecordParams;
    app.post(
      '/crm/local/records/:id/move',
      { config, schema: { params, body: localCrmMoveBody, response: { 200: localCrmRecordResponse } } },
      async (req) => {
        const { accId } = requireBranch(req);
        const { start, staff_id: staffId } = req.body;
        const startsAt = start === undefined ? undefined : instantOf(start, await crm.timeZone(accId));
        return recordAnswer(accId, await crm.moveRecord(accId, req.params.id, { startsAt, staffId }));
      },
    );

    app.post(
      '/crm/local/records/:id/attendance',
      { config, schema: { params, body: localCrmAttendanceBody, response: { 200: localCrmRecordResponse } } },
      async (req) => {
        const { accId } = requireBranch(req);
        return recordAnswer(accId, await crm.setAttendance(accId, req.params.id, req.body.attendance));
      },
    );

    app.post(
      '/crm/local/records/:id/pay',
      { config, schema: { params, response: { 200: localCrmRecordResponse } } },
      async (req) => {
        const { accId } = requireBranch(req);
        return recordAnswer(accId, await crm.pay(accId, req.params.id));
      },
    );

    app.delete(
      '/crm/local/records/:id',
      { config, schema: { params, response: { 200: localCrmRecordResponse } } },
      async (req) => {
        const { accId } = requireBranch(req);
        return recordAnswer(accId, await crm.cancel(accId, req.params.id));
      },
    );
  };
}
