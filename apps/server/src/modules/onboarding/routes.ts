import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptStepBody,
  autoConnectForm,
  autoConnectFormQuery,
  autoConnectRequestBody,
  autoConnectRequested,
} from '@salon/contract/auto-connect';
import { sendOutFormBody, sendOutFormSaved } from '@salon/contract/onboarding';
import type { AutoConnectService } from './auto-connect-service.js';
import type { OnboardingService } from './service.js';

// SPEC 7 /save_sendout_bot_form and the auto-connection wizard (/autoconnect_request, /get_form,
// /accept_step). Public: the person has no account yet; the services limit the writes per address.
export function onboardingRoutes(service: OnboardingService, autoConnect: AutoConnectService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { public: true } as const;
    app.post(
      '/save_sendout_bot_form',
      { config, schema: { body: sendOutFormBody, response: { 200: sendOutFormSaved } } },
      async (request) => service.save(request.body, request.ip),
    );
    app.post(
      '/autoconnect_request',
      { config, schema: { body: autoConnectRequestBody, response: { 200: autoConnectRequested } } },
      async (request) => autoConnect.request(request.body, request.ip),
    );
    app.get(
      '/get_form',
      { config, schema: { querystring: autoConnectFormQuery, response: { 200: autoConnectForm } } },
      async (request) => autoConnect.getForm(request.query),
    );
    app.post(
      '/accept_step',
      {
        config,
        schema: { querystring: autoConnectFormQuery, body: acceptStepBody, response: { 200: autoConnectForm } },
      },
      async (request) => autoConnect.acceptStep(request.query, request.body, request.ip),
    );
  };
}
