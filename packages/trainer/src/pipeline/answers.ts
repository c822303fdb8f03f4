// The trainer's answers, decided exactly as Flora decides them: the same AnswerConstraint (from
// @greenhouse/flora) over the same reactions, read from the template the agent file will carry. Greedy,
// without a KV cache (every token re-runs the forward pass over the sequence: simple, and cheap enough for
// protocol-sized evaluations).
import {
  AnswerConstraint,
  answerVocabulary,
  type AnswerVocabulary,
  type ReactionChoice,
} from '@greenhouse/flora';
import {
  buildTemplate,
  EOS,
  getToken,
  GUARDRAIL_MARK,
  LINE_BREAK,
  NON,
  type Protocol,
} from '@greenhouse/mtp';
import type { Gpt } from '../model/gpt.js';
import type { Tokenizer } from '../tokenizer/bpe.js';
import { argmax, nextLogits } from '../train/generate.js';

export interface ReactionOption {
  /** The reaction line as the template lists it. */
  line: string;
  /** The final token's name (its value in the protocol). */
  name: string;
  refused: boolean;
  /** A FinalNumToken: a number follows the key. */
  number: boolean;
}

export interface Answer {
  output: string;
  /** The reaction line written (a FinalNumToken's with its number). */
  reaction: string;
  option: ReactionOption;
}

/** Each instruction set's reactions, in the template's order (as Flora reads them from template.json). */
export function reactionOptions(protocol: Protocol): Map<string, ReactionOption[]> {
  const template = buildTemplate(protocol);
  const nameOfKey = new Map<string, string>();
  for (const token of Object.values(protocol.tokens))
    if (!nameOfKey.has(token.key)) nameOfKey.set(token.key, token.value);
  const out = new Map<string, ReactionOption[]>();
  for (const [set, instruction] of Object.entries(template.instructions)) {
    const lines = [
      ...new Set(
        instruction.output
          .map((o) => o.split(LINE_BREAK))
          .filter((l) => l.length >= 3 && l.at(-1) === EOS)
          .map((l) => l.at(-2)!),
      ),
    ];
    out.set(
      set,
      lines.map((line) => {
        const refused = line.endsWith(GUARDRAIL_MARK) && line !== GUARDRAIL_MARK;
        let key = refused ? line.slice(0, -GUARDRAIL_MARK.length) : line;
        if (refused && key === `${NON}_`) key = NON;
        const value = nameOfKey.get(key);
        const token = value === undefined ? undefined : getToken(protocol, value);
        return { line, name: value ?? key, refused, number: !refused && token?.kind === 'FinalNumToken' };
      }),
    );
  }
  return out;
}

/** Answers rendered inputs of one protocol with a model, as the engine would. */
export class Answerer {
  private readonly vocab: AnswerVocabulary;
  private readonly choices = new Map<string, { options: ReactionOption[]; ids: ReactionChoice[] }>();

  constructor(
    private readonly tokenizer: Tokenizer,
    protocol: Protocol,
  ) {
    this.vocab = answerVocabulary(
      tokenizer.size,
      (id) => tokenizer.decode([id]),
      (id) => tokenizer.isAdded(id),
      tokenizer.encode(LINE_BREAK)[0]!,
    );
    for (const [set, options] of reactionOptions(protocol))
      this.choices.set(set, {
        options,
        ids: options.map((o, index) => ({ index, ids: tokenizer.encode(o.line), number: o.number })),
      });
  }

  /** The reactions of a set (its instruction). */
  options(set: string): ReactionOption[] {
    return this.choices.get(set)?.options ?? [];
  }

  /** The answer to a rendered input of `set`, or null when the prompt leaves no room for one. */
  answer(model: Gpt, set: string, input: string): Answer | null {
    const choice = this.choices.get(set);
    if (!choice) throw new Error(`no instruction set ${JSON.stringify(set)}`);
    const T = model.config.contextLength;
    const ids = this.tokenizer.encode(input);
    const constraint = new AnswerConstraint(this.vocab, choice.ids, {
      maxOutputTokens: T,
      contextLeft: T - ids.length,
    });
    if (T - ids.length <= constraint.reserve) return null;
    const answer: number[] = [];
    let output: number[] | null = null;
    for (;;) {
      const logits = nextLogits(model, ids);
      const wasOutput = constraint.phase === 'output';
      const step = constraint.next(wasOutput ? argmax(logits) : -1, (id) => logits[id]!);
      if (step.rewind) {
        // A protocol key the model followed with no text: it was the reaction, not part of the output line.
        answer.pop();
        ids.pop();
      }
      if (step.id >= 0) {
        if (wasOutput && constraint.phase !== 'output') output = [...answer];
        answer.push(step.id);
        ids.push(step.id);
      }
      if (step.done) break;
    }
    // The output line: its tokens before the one that ended it (its text up to the line break).
    const outputText = this.tokenizer.decode(output ?? []);
    const ending = this.tokenizer.decode(answer.slice(output?.length ?? 0, (output?.length ?? 0) + 1));
    const lineBreakAt = ending.search(/[\r\n]/);
    const reaction = this.tokenizer.decode(answer.slice((output?.length ?? 0) + 1));
    const option = choice.options[constraint.reaction!.index]!;
    return {
      output: outputText + (lineBreakAt > 0 ? ending.slice(0, lineBreakAt) : ''),
      reaction,
      option,
    };
  }
}
