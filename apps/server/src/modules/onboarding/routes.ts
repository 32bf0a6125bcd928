import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendOutFormBody, sendOutFormSaved } from '@salon/contract/onboarding';
import type { OnboardingService } from './service.js';

// SPEC 7 /save_sendout_bot_form. Public: the person has no account yet; the service limits it per
// address.
export function onboardingRoutes(service: OnboardingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/save_sendout_bot_form',
      { config: { public: true }, schema: { body: sendOutFormBody, response: { 200: sendOutFormSaved } } },
      async (request) => service.save(request.body, request.ip),
    );
  };
}
