import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  copyLoyaltyBody,
  copyLoyaltyQuery,
  loyaltyActionInput,
  loyaltyActionResponse,
  loyaltyActionsResponse,
  loyaltyActionUpdate,
  loyaltyCardsResponse,
  loyaltyCopyResponse,
  loyaltyDeletedResponse,
  loyaltyIdParams,
  loyaltySavedResponse,
  minCostServiceResponse,
  switchActionInput,
} from '@salon/contract/loyalty';
import { requireBranch } from '../../../platform/http/auth-hook.js';
import type { LoyaltyActionsService } from './service.js';

// SPEC 7 Invite friends on the main host. Reading needs membership of the branch, every write the
// edit-templates right (SPEC 6, as reviews); the service refuses send-out-only branches.
export function loyaltyActionsRoutes(actions: LoyaltyActionsService): FastifyPluginAsyncZod {
  return async (app) => {
    const read = { guard: 'member' } as const;
    const edit = { guard: 'editTemplates' } as const;

    app.get(
      '/loyalty/loyalty_actions',
      { config: read, schema: { response: { 200: loyaltyActionsResponse } } },
      async (req) => actions.list(requireBranch(req)),
    );

    app.get(
      '/loyalty/loyalty_action/:id',
      { config: read, schema: { params: loyaltyIdParams, response: { 200: loyaltyActionResponse } } },
      async (req) => actions.get(requireBranch(req), req.params.id),
    );

    app.post(
      '/loyalty/create',
      { config: edit, schema: { body: loyaltyActionInput, response: { 200: loyaltySavedResponse } } },
      async (req) => actions.create(requireBranch(req), req.body),
    );

    app.put(
      '/loyalty/loyalty_action',
      { config: edit, schema: { body: loyaltyActionUpdate, response: { 200: loyaltySavedResponse } } },
      async (req) => actions.update(requireBranch(req), req.body),
    );

    app.put(
      '/loyalty/switch_action',
      { config: edit, schema: { body: switchActionInput, response: { 200: loyaltySavedResponse } } },
      async (req) => actions.switchAction(requireBranch(req), req.body.loyalty_action_id, req.body.status_action),
    );

    app.delete(
      '/loyalty/loyalty_action/:id',
      { config: edit, schema: { params: loyaltyIdParams, response: { 200: loyaltyDeletedResponse } } },
      async (req) => ({ status: await actions.delete(requireBranch(req), req.params.id) }),
    );

    app.post(
      '/loyalty/copy_loyalty_action_to_branches',
      {
        config: edit,
        schema: { querystring: copyLoyaltyQuery, body: copyLoyaltyBody, response: { 200: loyaltyCopyResponse } },
      },
      async (req) => actions.copyToBranches(requireBranch(req), req.query.loyalty_action_id, req.body),
    );

    app.get(
      '/loyalty/loyalty_cards',
      { config: read, schema: { response: { 200: loyaltyCardsResponse } } },
      async (req) => actions.cards(requireBranch(req)),
    );

    app.get('/min_cost_service', { config: read, schema: { response: { 200: minCostServiceResponse } } }, async (req) =>
      actions.minCostService(requireBranch(req)),
    );
  };
}
