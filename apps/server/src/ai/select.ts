import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import type { AiResponder } from './llm.js';
import { openAiCompatibleResponder } from './drivers/openai-compatible/driver.js';
import { localRetrievalResponder } from './drivers/local-retrieval/responder.js';

// Which responder answers on this installation: an outside model when AI_LLM_BASE_URL names one,
// otherwise the embedded retrieval responder, so a fresh install answers with no accounts.
export function selectResponder(config: Config, logger: Logger, fetchImpl?: typeof fetch): AiResponder {
  if (config.AI_LLM_BASE_URL) {
    return openAiCompatibleResponder({
      baseUrl: config.AI_LLM_BASE_URL,
      ...(config.AI_LLM_API_KEY ? { apiKey: config.AI_LLM_API_KEY } : {}),
      model: config.AI_LLM_MODEL,
      timeoutMs: config.AI_LLM_TIMEOUT_MS,
      logger,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
  }
  return localRetrievalResponder();
}
