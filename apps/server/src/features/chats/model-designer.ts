// The model designer: an OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, llama.cpp's
// server) through the official `openai` SDK. The model talks with the user and changes the draft by
// calling the tool `update_draft` with the whole new draft. Its drafts are never trusted: each is checked
// against the draft schema, and an invalid one is sent back with the problems to repair, at most
// MAX_REPAIRS times; the draft then stays as it was.
import type { Language } from '@greenhouse/contracts';
import { agentDraftSchema, draftGaps, type AgentDraft, type DraftGap } from '@greenhouse/mtp';
import OpenAI, { APIConnectionTimeoutError, APIUserAbortError } from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { DesignerUnavailable, type Designer, type DesignerAnswer, type DesignerTurn } from './designer.js';

/** Invalid drafts sent back to the model in one answer, at most. */
export const MAX_REPAIRS = 2;
/** Model calls in one answer: the first, the repairs, and one to write text after a successful update. */
const MAX_CALLS = MAX_REPAIRS + 2;
/** Earlier messages sent along (the draft itself carries what was decided). */
const HISTORY_MESSAGES = 20;

const UPDATE_DRAFT = 'update_draft';

const tools: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: UPDATE_DRAFT,
      description:
        'Replace the agent draft with this complete new version. Always send the whole draft, with every ' +
        'earlier part you keep.',
      parameters: z.toJSONSchema(z.object({ draft: agentDraftSchema }), { io: 'input' }) as Record<
        string,
        unknown
      >,
    },
  },
];

const languageNames: Record<Language, string> = { en: 'English', pl: 'Polish' };

function gapText(gap: DraftGap): string {
  switch (gap.key) {
    case 'reactionExamples':
      return `reaction ${gap.reaction} has ${gap.count} examples, needs ${gap.minimum}`;
    case 'unknownReaction':
      return `a sample uses reaction ${gap.reaction}, which is not declared`;
    case 'protocol':
      return gap.message;
    default:
      return gap.key + ('reaction' in gap ? ` (${gap.reaction})` : '');
  }
}

function systemPrompt(language: Language, draft: AgentDraft): string {
  const gaps = draftGaps(draft);
  return [
    'You are the designer of Greenhouse, where users create small AI agents (for example NPCs in games) by',
    'describing them. A small language model is trained from the draft you build with the user: it reads one',
    'line someone says to the agent and writes one answer line plus a reaction token.',
    '',
    'Work with the user turn by turn. Find out: what the agent is and who talks to it (description); its name;',
    'facts about the world it lives in (context, one sentence each); the reactions it can have (names of letters',
    'and digits, e.g. Sell, CallGuard); example exchanges for each reaction (instructions[0].samples: input =',
    "what someone says, output = the agent's answer, reaction = a declared reaction name; at least 3 per",
    'reaction, better 8 or more, varied in wording); and what it must refuse (guardrail: at least 3 off-topic',
    'bad examples without digits, and the one answer to them).',
    `Whenever you learn something, call ${UPDATE_DRAFT} with the WHOLE new draft. When the user asks for more`,
    'training samples, write new, varied ones for each reaction (different wording, lengths and situations).',
    'Keep every line under 256 characters. Then answer briefly and ask for what is still missing.',
    'The user sees the draft in its own pane: beside the chat on a wide screen, behind a tab on a phone. Never',
    'say where it is on the screen (not "beside the chat", not "on the right"); just say "the draft".',
    `Answer in ${languageNames[language]}, in short Markdown.`,
    '',
    `The current draft: ${JSON.stringify(draft)}`,
    gaps.length > 0
      ? `Still missing before it can be trained: ${gaps.map(gapText).join('; ')}.`
      : 'The draft is complete: the user can press "Generate agent".',
  ].join('\n');
}

interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** Checks a draft the model sent: the draft, or the problems to send back. */
function checkDraft(args: string): { draft: AgentDraft } | { problems: string } {
  let json: unknown;
  try {
    json = JSON.parse(args);
  } catch (error) {
    return { problems: `The arguments are not valid JSON (${(error as Error).message}).` };
  }
  const parsed = z.object({ draft: agentDraftSchema }).safeParse(json);
  if (parsed.success) return { draft: parsed.data.draft };
  return {
    problems: parsed.error.issues
      .slice(0, 10)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; '),
  };
}

export class ModelDesigner implements Designer {
  readonly mode = 'model' as const;
  readonly maxAnswerMs: number;
  readonly demoState = null;
  private readonly client: OpenAI;

  constructor(private readonly config: NonNullable<Config['llm']>) {
    // Retries are ours to decide: a failed answer gives the prompt back and the user may send again.
    this.client = new OpenAI({
      baseURL: config.baseUrl,
      apiKey: config.apiKey,
      timeout: config.timeoutMs,
      maxRetries: 0,
    });
    this.maxAnswerMs = config.timeoutMs * MAX_CALLS;
  }

  async answer(turn: DesignerTurn): Promise<DesignerAnswer> {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: systemPrompt(turn.language, turn.draft) },
      ...turn.history.slice(-HISTORY_MESSAGES),
      { role: 'user', content: turn.message },
    ];
    let draft = turn.draft;
    let text = '';
    let repairs = 0;
    let updated = false;
    for (let call = 0; call < MAX_CALLS; call++) {
      const { content, toolCalls } = await this.complete(messages, turn, text);
      // Nothing usable (e.g. a body that is not the API's event stream): the model failed this turn.
      if (call === 0 && !content && toolCalls.length === 0)
        throw new DesignerUnavailable('The model sent an empty or unreadable answer.', 'failed');
      text = joinText(text, content);
      if (toolCalls.length === 0) break;
      messages.push({
        role: 'assistant',
        content: content || null,
        tool_calls: toolCalls.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: c.arguments },
        })),
      });
      let invalid = false;
      for (const toolCall of toolCalls) {
        const result =
          toolCall.name === UPDATE_DRAFT
            ? checkDraft(toolCall.arguments)
            : { problems: `Unknown tool ${toolCall.name}.` };
        if ('draft' in result) {
          draft = result.draft;
          updated = true;
          turn.onDraft(draft);
          const gaps = draftGaps(draft);
          messages.push({
            role: 'tool',
            tool_call_id: toolCall.id,
            content: `Saved. ${gaps.length > 0 ? `Still missing: ${gaps.map(gapText).join('; ')}.` : 'The draft is complete.'}`,
          });
        } else {
          invalid = true;
          messages.push({
            role: 'tool',
            tool_call_id: toolCall.id,
            content: `Not saved: the draft is invalid. Fix these problems and call ${UPDATE_DRAFT} again with the whole draft: ${result.problems}`,
          });
        }
      }
      if (invalid && ++repairs > MAX_REPAIRS) {
        text = joinText(text, repairFailed(turn.language));
        break;
      }
      // A valid update with the text already written needs no further call.
      if (!invalid && text) break;
    }
    if (!text) text = updated ? draftUpdated(turn.language) : '…';
    turn.onText(text);
    return { content: text, draft, state: null };
  }

  /** One streamed call: the text as it comes (reported with what earlier calls wrote), and the tool calls. */
  private async complete(
    messages: ChatCompletionMessageParam[],
    turn: DesignerTurn,
    before: string,
  ): Promise<{ content: string; toolCalls: ToolCall[] }> {
    let content = '';
    const calls: ToolCall[] = [];
    try {
      const stream = await this.client.chat.completions.create(
        { model: this.config.model, messages, tools, stream: true },
        // The SDK's timeout ends the wait for the answer to start; this one also ends a stream that stalls.
        { signal: AbortSignal.any([turn.signal, AbortSignal.timeout(this.config.timeoutMs)]) },
      );
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        if (!delta) continue;
        if (delta.content) {
          content += delta.content;
          turn.onText(joinText(before, content));
        }
        for (const part of delta.tool_calls ?? []) {
          const call = (calls[part.index] ??= { id: '', name: '', arguments: '' });
          if (part.id) call.id = part.id;
          if (part.function?.name) call.name += part.function.name;
          if (part.function?.arguments) call.arguments += part.function.arguments;
        }
      }
    } catch (error) {
      if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError)
        throw new DesignerUnavailable('The model did not answer in time.', 'timeout');
      throw new DesignerUnavailable(
        `The model could not answer: ${error instanceof Error ? error.message : String(error)}`,
        'failed',
      );
    }
    return { content, toolCalls: calls.filter(Boolean).map((c, i) => ({ ...c, id: c.id || `call_${i}` })) };
  }
}

const joinText = (a: string, b: string) => (a && b ? `${a}\n\n${b}` : a || b);

const repairFailed = (language: Language) =>
  language === 'pl'
    ? '_Model nie zdołał poprawnie zaktualizować szkicu; szkic pozostał bez zmian._'
    : '_The model could not produce a valid draft; the draft is unchanged._';
const draftUpdated = (language: Language) =>
  language === 'pl' ? 'Zaktualizowałem szkic.' : 'I updated the draft.';
