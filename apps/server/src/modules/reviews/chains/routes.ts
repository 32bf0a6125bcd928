import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '@salon/contract/status';
import {
  allReviewsResponse,
  getReviewResponse,
  REVIEW_STATUS,
  reviewIdQuery,
  reviewStepQuery,
  reviewStepSwitchBody,
  reviewSwitchBody,
  saveReviewBody,
  saveReviewResponse,
  statusResponse,
  updateReviewBody,
} from '@salon/contract/reviews';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import type { ReviewChainsService } from './service.js';

// SPEC 7 Reviews (the chains) on the main host. Reading needs membership of the branch, every write
// the edit-templates right (SPEC 6); the service refuses send-out-only branches.
export function reviewChainsRoutes(chains: ReviewChainsService): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { guard: 'member' } as const;
    const edit = { guard: 'editTemplates' } as const;

    app.get('/all_reviews', { config: read, schema: { response: { 200: allReviewsResponse } } }, async (req) => {
      const { data, order, sites, repeatDays } = await chains.list(requireBranch(req));
      return { ok: true as const, data, count: data.length, order, review_sites: sites, repeat_days: repeatDays };
    });

    app.get(
      '/get_review',
      { config: read, schema: { querystring: reviewIdQuery, response: { 200: getReviewResponse } } },
      async (req) => ({ ok: true as const, ...(await chains.get(requireBranch(req), req.query.template_id)) }),
    );

    app.delete(
      '/delete_review',
      { config: edit, schema: { querystring: reviewIdQuery, response: { 200: statusResponse } } },
      async (req) => {
        await chains.delete(requireBranch(req), req.query.template_id);
        return { ok: true as const, status: REVIEW_STATUS.deleted };
      },
    );

    app.delete(
      '/review_step_delete',
      { config: edit, schema: { querystring: reviewStepQuery, response: { 200: statusResponse } } },
      async (req) => {
        await chains.deleteStep(requireBranch(req), req.query.template_id, req.query.step_number);
        return { ok: true as const, status: REVIEW_STATUS.stepDeleted(req.query.step_number) };
      },
    );

    app.post(
      '/save_review',
      { config: edit, schema: { body: saveReviewBody, response: { 200: saveReviewResponse } } },
      async (req) => {
        const id = await chains.save(requireBranch(req), req.body);
        return { ok: true as const, status: REVIEW_STATUS.saved(id), id };
      },
    );

    app.put(
      '/update_review',
      {
        config: edit,
        schema: { querystring: reviewIdQuery, body: updateReviewBody, response: { 200: statusResponse } },
      },
      async (req) => {
        await chains.update(requireBranch(req), req.query.template_id, req.body.data);
        return { ok: true as const, status: REVIEW_STATUS.saved(req.query.template_id) };
      },
    );

    app.post(
      '/review_switch',
      { config: edit, schema: { body: reviewSwitchBody, response: { 200: okSchema } } },
      async (req) => {
        await chains.switchChain(requireBranch(req), req.body.template_id, req.body.switch);
        return { ok: true as const };
      },
    );

    app.post(
      '/review_step_switch',
      { config: edit, schema: { body: reviewStepSwitchBody, response: { 200: okSchema } } },
      async (req) => {
        const { template_id, step_number, switch: on } = req.body;
        await chains.switchStep(requireBranch(req), template_id, step_number, on);
        return { ok: true as const };
      },
    );
  };
}
