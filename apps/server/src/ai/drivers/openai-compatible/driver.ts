import { HANDOVER_REASONS, type HandoverReason } from '@salon/contract/ai-chat';
import type { Logger } from '../../../platform/logger.js';
import { AiToolError, type AiAnswer, type AiAskContext, type AiResponder } from '../../llm.js';
import { createPiiMask, type PiiMask } from '../../pii.js';
import { postChat, type ChatMessage, type HttpOptions, type ToolCall } from './http.js';
import { systemPrompt } from './prompt.js';
import { HANDOVER_TOOL, runTool, toolDefinitions } from './tools.js';

// The OpenAI-compatible driver: chat completions with tool calls against any server that speaks
// the protocol (OpenAI, a hosted gateway, a local llama.cpp / vLLM / Ollama). Every text that
// leaves goes through the PII mask; the model's answer and its tool arguments come back through
// it. A provider that fails after the retries hands the conversation to a person rather than
// leaving the client unanswered; nothing of the provider's is thrown to the caller.

export interface OpenAiCompatibleOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  logger: Logger;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  maxRetryAfterMs?: number;
  // Model round trips per answer; the last one is asked to answer without tools.
  maxRounds?: number;
}

const DEFAULT_MAX_ROUNDS = 5;
const MODEL_REASONS = new Set<string>(HANDOVER_REASONS.filter((r) => r !== 'provider_failed'));

function parseArguments(raw: string, pii: PiiMask): Record<string, unknown> {
  const parsed: unknown = JSON.parse(pii.restore(raw || '{}'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AiToolError('invalid', 'arguments must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

function handoverReason(raw: string): HandoverReason {
  try {
    const reason = (JSON.parse(raw || '{}') as { reason?: unknown }).reason;
    return typeof reason === 'string' && MODEL_REASONS.has(reason) ? (reason as HandoverReason) : 'no_match';
  } catch {
    return 'no_match';
  }
}

export function openAiCompatibleResponder(options: OpenAiCompatibleOptions): AiResponder {
  const http: HttpOptions = {
    baseUrl: options.baseUrl,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    timeoutMs: options.timeoutMs,
    maxAttempts: options.maxAttempts ?? 3,
    backoffBaseMs: options.backoffBaseMs ?? 500,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 20_000,
    fetch: options.fetch ?? fetch,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
  };
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const log = options.logger;

  async function execute(call: ToolCall, ctx: AiAskContext, pii: PiiMask): Promise<string> {
    try {
      const args = parseArguments(call.function.arguments, pii);
      return pii.mask(JSON.stringify(await runTool(call.function.name, args, ctx)), false);
    } catch (err) {
      // The model reads why a tool refused and decides (another time, a handover); the client
      // never sees this text.
      if (err instanceof AiToolError) return JSON.stringify({ error: err.code, message: pii.mask(err.message) });
      if (err instanceof SyntaxError)
        return JSON.stringify({ error: 'invalid', message: 'arguments are not valid JSON' });
      log.error({ err, accId: ctx.accId, tool: call.function.name }, 'AI tool failed');
      return JSON.stringify({ error: 'crm_unavailable', message: 'the tool failed; try later or hand over' });
    }
  }

  return {
    name: 'openai-compatible',
    async answer(ctx: AiAskContext): Promise<AiAnswer> {
      const pii = createPiiMask(ctx.client);
      const messages: ChatMessage[] = [
        { role: 'system', content: pii.mask(systemPrompt(ctx)) },
        ...ctx.history.map((turn): ChatMessage => ({
          role: turn.role === 'client' ? 'user' : 'assistant',
          content: pii.mask(turn.text),
        })),
        { role: 'user', content: pii.mask(ctx.question) },
      ];
      const tools = toolDefinitions(ctx.workWithRecord);
      for (let round = 1; round <= maxRounds; round += 1) {
        const last = round === maxRounds;
        const result = await postChat(http, {
          model: options.model,
          messages,
          tools,
          tool_choice: last ? 'none' : 'auto',
          temperature: 0.3,
        });
        if (!result.ok) {
          log.warn({ accId: ctx.accId, failure: result.failure, round }, 'AI provider failed; handing over');
          return { kind: 'handover', reason: 'provider_failed' };
        }
        const message = result.choice.message;
        const calls = message.tool_calls ?? [];
        if (calls.length === 0) {
          const text = (message.content ?? '').trim();
          return text === '' ? { kind: 'handover', reason: 'no_match' } : { kind: 'answer', text: pii.restore(text) };
        }
        if (last) break;
        const handover = calls.find((c) => c.function.name === HANDOVER_TOOL);
        if (handover) return { kind: 'handover', reason: handoverReason(handover.function.arguments) };
        messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: calls });
        for (const call of calls) {
          messages.push({ role: 'tool', tool_call_id: call.id, content: await execute(call, ctx, pii) });
        }
      }
      log.warn({ accId: ctx.accId, maxRounds }, 'AI model kept calling tools; handing over');
      return { kind: 'handover', reason: 'no_match' };
    },
  };
}
