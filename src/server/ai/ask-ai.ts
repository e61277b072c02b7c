import { aiNl } from '../../shared/i18n/ai';
import { writeAnalysis } from './analyst';
import { buildPrompt } from './prompt';
import type { AiAnswer, AiInput } from './types';

/** The Workers AI text model (binding AI); small, multilingual, cheap per call. */
export const WORKERS_AI_MODEL = '@cf/meta/llama-3.1-8b-instruct';

/** The part of the Workers AI binding used here. */
export interface AiBinding {
  run(model: string, input: { messages: { role: 'system' | 'user'; content: string }[]; max_tokens?: number }): Promise<unknown>;
}

const isBinding = (ai: unknown): ai is AiBinding => typeof (ai as AiBinding | undefined)?.run === 'function';

/**
 * The assistant: with a Workers AI binding, the model writes from a prompt of released aggregates;
 * without one — or when the model fails or answers nothing — the built-in analyst writes it.
 */
export async function askAi(ai: unknown, input: AiInput): Promise<AiAnswer> {
  if (isBinding(ai)) {
    try {
      const { system, user } = buildPrompt(input);
      const result = (await ai.run(WORKERS_AI_MODEL, { messages: [{ role: 'system', content: system }, { role: 'user', content: user }], max_tokens: 700 })) as { response?: unknown };
      if (typeof result?.response === 'string' && result.response.trim()) return { text: result.response.trim(), source: aiNl.sourceWorkersAi };
    } catch (err) {
      console.error(JSON.stringify({ level: 'warn', what: 'workers-ai', error: String(err) }));
    }
  }
  return { text: writeAnalysis(input), source: aiNl.sourceAnalyst };
}
