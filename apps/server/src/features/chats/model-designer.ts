// The model designer: an OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, llama.cpp's
// server) through the official `openai` SDK. The model talks with the user and changes the draft by
// calling the tool `update_draft` with the whole new draft. Its drafts are never trusted: each is checked
// against the draft schema, and an invalid one is sent back with the problems to repair, at most
// MAX_REPAIRS times; the draft then stays as it was.
//
// The model also offers new phrasings of what players might say, per reaction (the tool's `offers`): they
// wait in the draft for the user to keep or drop, never as samples. The model's draft carries no offers;
// those waiting stay as they were, and the new ones are added to them.
import type { Language } from '@greenhouse/contracts';
import {
  addOffers,
  bloomDraftSchema,
  draftGaps,
  draftInstructionSchema,
  draftOfferSchema,
  DRAFT_LIMITS,
  pendingOffers,
  type BloomDraft,
  type DraftGap,
  type DraftOffer,
} from '@greenhouse/mtp';
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
/** New phrasings the model is asked for, per reaction. */
export const PHRASINGS_PER_REACTION = 10;

/** The draft as the model writes it: the draft without the offers waiting for the user (those are ours). */
const modelDraftSchema = z.object({
  ...bloomDraftSchema.shape,
  instructions: z
    .array(
      z.object({
        name: draftInstructionSchema.shape.name,
        samples: draftInstructionSchema.shape.samples,
      }),
    )
    .min(1)
    .max(DRAFT_LIMITS.instructions),
});

const toolArgumentsSchema = z.object({
  draft: modelDraftSchema,
  offers: z
    .array(
      z.object({
        reaction: draftOfferSchema.shape.reaction,
        input: draftOfferSchema.shape.input,
        instruction: z
          .string()
          .optional()
          .describe("the instruction set's name; the first instruction set when left out"),
      }),
    )
    .max(DRAFT_LIMITS.offersPerInstruction)
    .optional()
    .describe(
      `New phrasings of what players might say, at least ${PHRASINGS_PER_REACTION} per reaction ` +
        '(reaction: a declared reaction; input: something a player might say that means it), offered to ' +
        'the user, who keeps or drops each in the draft (a kept one becomes an example with one of its ' +
        "reaction's answers). Not samples: never put them into the draft's samples yourself.",
    ),
});

const tools: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: UPDATE_DRAFT,
      description:
        'Replace the agent draft with this complete new version. Always send the whole draft, with every ' +
        'earlier part you keep. New phrasings for the user to review go in `offers`, not in the samples.',
      parameters: z.toJSONSchema(toolArgumentsSchema, { io: 'input' }) as Record<string, unknown>,
    },
  },
];

const languageNames: Record<Language, string> = { en: 'English', pl: 'Polish' };

function gapText(gap: DraftGap): string {
  switch (gap.key) {
    case 'reactionExamples':
      return `reaction ${gap.reaction} has ${gap.count} examples, needs ${gap.minimum}`;
    case 'unknownReaction':
      return `${gap.count} sample(s) use reaction ${gap.reaction}, which is not declared`;
    case 'protocol':
      return gap.message;
    default:
      return gap.key + ('reaction' in gap ? ` (${gap.reaction})` : '');
  }
}

/** The draft without the offers waiting for the user: what the model reads and writes. */
const withoutOffers = (draft: BloomDraft): BloomDraft => ({
  ...draft,
  instructions: draft.instructions.map(({ name, samples }) => ({ name, samples })),
});

/** The offers waiting for the user, as the model reads them; '' when none wait. */
function waitingOffersText(draft: BloomDraft): string {
  const waiting = draft.instructions.flatMap((instruction) =>
    pendingOffers(instruction).map((o) => ({ instruction: instruction.name, ...o })),
  );
  if (waiting.length === 0) return '';
  return (
    `Phrasings you offered that wait for the user to keep or drop (do not offer them again): ` +
    JSON.stringify(waiting)
  );
}

function systemPrompt(language: Language, draft: BloomDraft): string {
  const gaps = draftGaps(draft);
  const waiting = waitingOffersText(draft);
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
    'Players will say things in many more ways than a few examples show, and the agent only understands',
    `phrasings like those it learned. So once a reaction has its examples, offer at least ${PHRASINGS_PER_REACTION}`,
    `new phrasings of what players might say for it, in the \`offers\` argument of ${UPDATE_DRAFT} (reaction and`,
    'input only): varied in wording, length and tone, each meaning that reaction, never a copy of an example,',
    `written in the language of the reaction's examples (normally ${languageNames[language]}). Offers are not`,
    'samples: never add them to the samples yourself. The user keeps or drops each in the draft; a kept one',
    "becomes an example answered with one of the reaction's answers. Tell the user briefly that the suggested",
    'phrasings are in the draft to keep or drop.',
    'Keep every line under 256 characters. Then answer briefly and ask for what is still missing.',
    'The user sees the draft in its own pane: beside the chat on a wide screen, behind a tab on a phone. Never',
    'say where it is on the screen (not "beside the chat", not "on the right"); just say "the draft".',
    `Answer in ${languageNames[language]}, in short Markdown.`,
    '',
    `The current draft: ${JSON.stringify(withoutOffers(draft))}`,
    ...(waiting ? [waiting] : []),
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

interface CheckedDraft {
  draft: BloomDraft;
  /** New offers taken, and those left out (a repeat of an example or an offer, or over the bound). */
  offered: number;
  leftOut: number;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Checks what the model sent against the draft as it stands: the new draft — its offers those still
 * waiting (for reactions it still has) and the new ones — or the problems to send back.
 */
function checkDraft(args: string, current: BloomDraft): CheckedDraft | { problems: string } {
  let json: unknown;
  try {
    json = JSON.parse(args);
  } catch (error) {
    return { problems: `The arguments are not valid JSON (${(error as Error).message}).` };
  }
  const parsed = toolArgumentsSchema.safeParse(json);
  if (!parsed.success)
    return {
      problems: parsed.error.issues
        .slice(0, 10)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; '),
    };
  const { draft, offers = [] } = parsed.data;
  const declared = (reaction: string) => draft.reactions.some((r) => sameName(r.name, reaction));
  const problems: string[] = [];
  const newOffers = new Map<number, DraftOffer[]>();
  offers.forEach((offer, i) => {
    const at =
      offer.instruction === undefined ? 0 : draft.instructions.findIndex((s) => s.name === offer.instruction);
    if (at === -1)
      problems.push(`offers.${i}.instruction: the draft has no instruction set "${offer.instruction}"`);
    else if (!declared(offer.reaction))
      problems.push(`offers.${i}.reaction: "${offer.reaction}" is not a declared reaction`);
    else newOffers.set(at, [...(newOffers.get(at) ?? []), { reaction: offer.reaction, input: offer.input }]);
  });
  if (problems.length > 0) return { problems: problems.slice(0, 10).join('; ') };

  let offered = 0;
  const instructions = draft.instructions.map((instruction, at) => {
    const waiting = pendingOffers(
      current.instructions.find((s) => s.name === instruction.name) ?? instruction,
    );
    const kept = addOffers(
      instruction,
      waiting.filter((o) => declared(o.reaction)),
    ).instruction;
    const { instruction: next, added } = addOffers(kept, newOffers.get(at) ?? []);
    offered += added.length;
    return next;
  });
  return { draft: { ...draft, instructions }, offered, leftOut: offers.length - offered };
}

/** What the tool answers to a saved draft: what is still missing, and what became of the offers. */
function savedText(result: CheckedDraft): string {
  const gaps = draftGaps(result.draft);
  const offers =
    result.offered + result.leftOut > 0
      ? ` Offered ${result.offered} new phrasings to the user` +
        (result.leftOut > 0
          ? ` (${result.leftOut} left out: they repeat an example or an offer, or are over the limit).`
          : '.')
      : '';
  return `Saved.${offers} ${gaps.length > 0 ? `Still missing: ${gaps.map(gapText).join('; ')}.` : 'The draft is complete.'}`;
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
            ? checkDraft(toolCall.arguments, draft)
            : { problems: `Unknown tool ${toolCall.name}.` };
        if ('draft' in result) {
          draft = result.draft;
          updated = true;
          turn.onDraft(draft);
          messages.push({ role: 'tool', tool_call_id: toolCall.id, content: savedText(result) });
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
