// The guided designer: with no model configured, the chat interviews the user step by step and builds
// the draft from the answers — what the agent is (the first message), its name, its world, its
// reactions, example exchanges for each reaction, and what it must refuse. It is honest about being a
// guided form. Deterministic and instant; its position is the chat's designer state.
//
// Once a reaction has its examples it also offers new phrasings of them (their words swapped for
// synonyms from the trainer's WordNet table, English only), which wait in the draft for the user to keep
// or drop; only kept ones become examples.
import type { Language } from '@greenhouse/contracts';
import {
  addOffers,
  DRAFT_LIMITS,
  pendingOffers,
  REACTION_NAME_PATTERN,
  RESERVED_REACTION_NAMES,
  withoutDiacritics,
  type BloomDraft,
} from '@greenhouse/mtp';
import { synonymPhrasings } from '@greenhouse/trainer';
import { z } from 'zod';
import type { Designer, DesignerAnswer, DesignerTurn } from './designer.js';

const EXAMPLES_PER_REACTION = 3;
/** New phrasings offered per reaction, at most (waiting ones count). */
export const PHRASINGS_PER_REACTION = 10;
/** The seed of the phrasings' order: the same examples give the same offers. */
const PHRASING_SEED = 31;

const stateSchema = z.object({
  step: z.enum(['name', 'world', 'reactions', 'examples', 'refuse', 'refuseAnswer', 'done']),
  /** While giving examples: the reaction whose examples come next. */
  reaction: z.number().int().min(0).default(0),
});
type State = z.infer<typeof stateSchema>;

// An exchange: "what someone says => what the agent answers" (also -> or →).
const EXCHANGE_RE = /^(.+?)\s*(?:=>|->|→)\s*(.+)$/;
// After the interview: "Reaction: what someone says => answer".
const TAGGED_EXCHANGE_RE = /^([A-Za-z][A-Za-z0-9 ]*):\s*(.+?)\s*(?:=>|->|→)\s*(.+)$/;
const SKIP_WORDS = ['skip', 'pomiń', 'pomin', 'none', 'nic', 'no', 'nie'];

/** "fakt", "fakty", "faktów": the Polish noun's form for a count (Intl.PluralRules: one, few, many). */
function factsPl(n: number): string {
  const form = new Intl.PluralRules('pl').select(n);
  return form === 'one' ? 'fakt' : form === 'few' ? 'fakty' : 'faktów';
}

const texts = {
  en: {
    intro: (d: string) =>
      `Thanks! I am Greenhouse's **guided designer**: no AI model is configured on this server, so I will ask ` +
      `a few short questions and build the training protocol from your answers. You can also edit the ` +
      `draft yourself at any time.\n\nSo far: *${d}*\n\n**What is the agent's name?**`,
    world: (name: string) =>
      `**${name}** it is. Now describe the world ${name} lives in: a few facts, one sentence each ` +
      `(they become the model's background knowledge).`,
    reactions: (n: number) =>
      `Noted ${n} ${n === 1 ? 'fact' : 'facts'}. **Which reactions can the agent have?** Name them separated ` +
      `by commas, e.g. *Friendly, Angry, Trade*. Each becomes a token your game or app can act on.`,
    noReactions: () =>
      'I could not find a reaction name there. Name them with letters and digits, separated by commas, ' +
      'e.g. *Friendly, Angry, Trade*.',
    examples: (reaction: string, name: string, have: number) =>
      `Example exchanges for **${reaction}**${have > 0 ? ` (${have} so far)` : ''}: write what someone says, ` +
      `then \`=>\`, then how ${name} answers — one per line, at least ${EXAMPLES_PER_REACTION}. For example:\n\n` +
      `\`Hello there! => Welcome, traveler.\``,
    noExchange: () =>
      'I need the form `what someone says => what the agent answers` (one exchange per line).',
    renamed: (list: string) =>
      `Reaction names become tokens, written with the letters A–Z and digits only, so I wrote ${list}.`,
    refuse: (name: string) =>
      `All reactions have their examples. **What must ${name} refuse?** Give at least three off-topic things ` +
      `people might say, separated by \`;\` (no digits) — or write *skip*.`,
    refuseDigits: () => 'Examples to refuse cannot contain digits. Please write them again without digits.',
    refuseTooFew: (n: number) => `That is ${n}; I need at least three, separated by \`;\`.`,
    refuseAnswer: (name: string) => `**And what should ${name} answer to them?** One sentence.`,
    done: (name: string) =>
      `The draft of **${name}** is complete. Check the draft and press **Generate agent**. To add ` +
      `more examples (more make a better agent), write \`Reaction: what someone says => answer\`.`,
    added: (n: number) => `Added ${n} ${n === 1 ? 'example' : 'examples'}.`,
    unknownReaction: (r: string) => `There is no reaction called ${r} in the draft.`,
    help: () =>
      'To add an example, write `Reaction: what someone says => answer`. You can edit everything else in the draft yourself.',
    offered: (reaction: string, n: number) =>
      `I also suggested ${n} new ${n === 1 ? 'phrasing' : 'phrasings'} of what someone might say for ` +
      `**${reaction}**, made with synonyms: they are in the draft under *Suggested phrasings*, to keep or ` +
      `drop. Only the ones you keep are used.`,
  },
  pl: {
    intro: (d: string) =>
      `Dziękuję! Jestem **prowadzącym projektantem** Greenhouse: na tym serwerze nie skonfigurowano modelu AI, ` +
      `więc zadam kilka krótkich pytań i z odpowiedzi zbuduję protokół treningowy. Szkic możesz też ` +
      `w każdej chwili edytować samodzielnie.\n\nNa razie: *${d}*\n\n**Jak ma się nazywać agent?**`,
    world: (name: string) =>
      `Niech będzie **${name}**. Teraz opisz świat, w którym żyje ${name}: kilka faktów, każdy w osobnym ` +
      `zdaniu (staną się wiedzą modelu o świecie).`,
    reactions: (n: number) =>
      `Zapisałem ${n} ${factsPl(n)}. **Jakie reakcje może mieć agent?** Wymień je po przecinku, np. *Przyjazny, ` +
      `Zly, Handel*. Każda stanie się tokenem, na który może zareagować Twoja gra lub aplikacja.`,
    noReactions: () =>
      'Nie znalazłem nazwy reakcji. Podaj nazwy z liter i cyfr, oddzielone przecinkami, np. *Przyjazny, Zly, Handel*.',
    examples: (reaction: string, name: string, have: number) =>
      `Przykładowe wymiany dla **${reaction}**${have > 0 ? ` (na razie ${have})` : ''}: napisz, co ktoś mówi, ` +
      `potem \`=>\`, potem odpowiedź ${name} — jedna na linię, co najmniej ${EXAMPLES_PER_REACTION}. Na przykład:\n\n` +
      `\`Dzień dobry! => Witaj, wędrowcze.\``,
    noExchange: () => 'Potrzebuję formy `co ktoś mówi => odpowiedź agenta` (jedna wymiana na linię).',
    renamed: (list: string) =>
      `Nazwy reakcji stają się tokenami zapisanymi tylko literami A–Z i cyframi, więc zapisałem ${list}.`,
    refuse: (name: string) =>
      `Wszystkie reakcje mają przykłady. **Czego ${name} ma odmawiać?** Podaj co najmniej trzy wypowiedzi ` +
      `nie na temat, oddzielone \`;\` (bez cyfr) — albo napisz *pomiń*.`,
    refuseDigits: () => 'Przykłady do odmowy nie mogą zawierać cyfr. Napisz je jeszcze raz bez cyfr.',
    refuseTooFew: (n: number) => `To ${n}; potrzebuję co najmniej trzech, oddzielonych \`;\`.`,
    refuseAnswer: (name: string) => `**A co ${name} ma na nie odpowiadać?** Jedno zdanie.`,
    done: (name: string) =>
      `Szkic agenta **${name}** jest gotowy. Sprawdź szkic i naciśnij **Wygeneruj agenta**. Aby dodać ` +
      `więcej przykładów (więcej to lepszy agent), napisz \`Reakcja: co ktoś mówi => odpowiedź\`.`,
    added: (n: number) => `Dodano przykładów: ${n}.`,
    unknownReaction: (r: string) => `W szkicu nie ma reakcji ${r}.`,
    help: () =>
      'Aby dodać przykład, napisz `Reakcja: co ktoś mówi => odpowiedź`. Resztę szkicu możesz edytować samodzielnie.',
    offered: (reaction: string, n: number) =>
      `Zaproponowałem też nowe sformułowania tego, co ktoś może powiedzieć, dla **${reaction}** ` +
      `(${n}, z synonimami): są w szkicu w części *Proponowane sformułowania*, do zachowania lub odrzucenia. ` +
      `Używane są tylko te, które zachowasz.`,
  },
} satisfies Record<Language, Record<string, (...args: never[]) => string>>;

const clip = (text: string, max: number) => text.trim().replace(/\s+/g, ' ').slice(0, max).trim();

/** "call the guard" → "CallTheGuard"; letters and digits only (diacritics dropped), as a token needs. */
export function reactionNameOf(text: string): string | null {
  const words = withoutDiacritics(text)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const name = words
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')
    .replace(/^[0-9]+/, '')
    .slice(0, DRAFT_LIMITS.reactionName);
  if (!REACTION_NAME_PATTERN.test(name)) return null;
  return RESERVED_REACTION_NAMES.some((r) => r.toLowerCase() === name.toLowerCase()) ? `${name}1` : name;
}

function sentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((s) => clip(s, DRAFT_LIMITS.contextLine))
    .filter(Boolean);
}

function exchanges(text: string): { input: string; output: string }[] {
  return text
    .split(/\n+/)
    .map((line) => EXCHANGE_RE.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ input: clip(m[1]!, DRAFT_LIMITS.line), output: clip(m[2]!, DRAFT_LIMITS.line) }))
    .filter((e) => e.input && e.output);
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const countOf = (draft: BloomDraft, reaction: string) =>
  draft.instructions[0]!.samples.filter((s) => sameName(s.reaction, reaction)).length;

/**
 * Offers new phrasings of `lines` (the reaction's examples) in the draft's first instruction, up to
 * PHRASINGS_PER_REACTION waiting for the reaction, none repeating an example or an offer. How many it added
 * (0 when no phrasing can be built, e.g. for examples that are not English).
 */
function offerPhrasings(draft: BloomDraft, reaction: string, lines: readonly string[]): number {
  const instruction = draft.instructions[0]!;
  const waiting = pendingOffers(instruction);
  const room = PHRASINGS_PER_REACTION - waiting.filter((o) => sameName(o.reaction, reaction)).length;
  if (room <= 0 || lines.length === 0) return 0;
  const phrasings = synonymPhrasings(lines, room, PHRASING_SEED, {
    exclude: [...instruction.samples.map((s) => s.input), ...waiting.map((o) => o.input)],
  });
  const { instruction: next, added } = addOffers(
    instruction,
    phrasings.map((input) => ({ reaction, input })),
  );
  draft.instructions[0] = next;
  return added.length;
}

export class GuidedDesigner implements Designer {
  readonly mode = 'guided' as const;
  readonly maxAnswerMs = 10_000;
  /** A demo's draft is complete: the interview is over, more examples may still be added. */
  readonly demoState: State = { step: 'done', reaction: 0 };

  answer(turn: DesignerTurn): Promise<DesignerAnswer> {
    const answer = this.step(turn);
    turn.onDraft(answer.draft);
    turn.onText(answer.content);
    return Promise.resolve(answer);
  }

  private step(turn: DesignerTurn): DesignerAnswer {
    const t = texts[turn.language];
    const draft = structuredClone(turn.draft);
    const message = turn.message.trim();
    const parsedState = stateSchema.safeParse(turn.state);
    const reply = (content: string, state: State | null): DesignerAnswer => ({ content, draft, state });
    const name = () => draft.name || '…';

    // The first message describes the agent.
    if (!parsedState.success) {
      draft.description = clip(message, DRAFT_LIMITS.description);
      return reply(t.intro(draft.description), { step: 'name', reaction: 0 });
    }
    const state = parsedState.data;
    switch (state.step) {
      case 'name':
        draft.name = clip(message, DRAFT_LIMITS.name);
        return reply(t.world(draft.name), { step: 'world', reaction: 0 });
      case 'world':
        draft.context = [...draft.context, ...sentences(message)].slice(0, DRAFT_LIMITS.contextLines);
        return reply(t.reactions(draft.context.length), { step: 'reactions', reaction: 0 });
      case 'reactions': {
        const typed = message
          .split(/[,;\n]+/)
          .map((text) => ({ text: text.trim(), name: reactionNameOf(text) }))
          .filter((r): r is { text: string; name: string } => r.name !== null);
        const names = [...new Set(typed.map((r) => r.name))].slice(0, DRAFT_LIMITS.reactions);
        if (names.length === 0) return reply(t.noReactions(), state);
        draft.reactions = names.map((n) => ({ name: n, description: '' }));
        // Letters a token cannot hold (outside printable ASCII: Polish ones, say) were dropped: the answer says
        // how each name was written.
        const renamed = typed.filter((r) => /[^ -~]/.test(r.text));
        const examples = t.examples(names[0]!, name(), 0);
        return reply(
          renamed.length > 0
            ? `${t.renamed(renamed.map((r) => `${r.text} → **${r.name}**`).join(', '))}\n\n${examples}`
            : examples,
          { step: 'examples', reaction: 0 },
        );
      }
      case 'examples': {
        const reaction = draft.reactions[state.reaction];
        if (!reaction) return reply(t.refuse(name()), { step: 'refuse', reaction: 0 });
        const found = exchanges(message);
        if (found.length === 0)
          return reply(
            `${t.noExchange()}\n\n${t.examples(reaction.name, name(), countOf(draft, reaction.name))}`,
            state,
          );
        const samples = draft.instructions[0]!.samples;
        const room = DRAFT_LIMITS.samplesPerInstruction - samples.length;
        samples.push(...found.slice(0, room).map((e) => ({ ...e, reaction: reaction.name })));
        if (countOf(draft, reaction.name) < EXAMPLES_PER_REACTION)
          return reply(t.examples(reaction.name, name(), countOf(draft, reaction.name)), state);
        // The reaction has its examples: new phrasings of them, offered for the user to keep or drop.
        const inputs = draft.instructions[0]!.samples.filter((s) => sameName(s.reaction, reaction.name)).map(
          (s) => s.input,
        );
        const offered = offerPhrasings(draft, reaction.name, inputs);
        const before = offered > 0 ? `${t.offered(reaction.name, offered)}\n\n` : '';
        const next = draft.reactions.findIndex(
          (r, i) => i > state.reaction && countOf(draft, r.name) < EXAMPLES_PER_REACTION,
        );
        if (next === -1) return reply(before + t.refuse(name()), { step: 'refuse', reaction: 0 });
        return reply(
          before +
            t.examples(draft.reactions[next]!.name, name(), countOf(draft, draft.reactions[next]!.name)),
          { step: 'examples', reaction: next },
        );
      }
      case 'refuse': {
        if (SKIP_WORDS.includes(message.toLowerCase().replace(/[.!]+$/, ''))) {
          draft.guardrail = null;
          return reply(t.done(name()), { step: 'done', reaction: 0 });
        }
        const examples = message
          .split(/[;\n]+/)
          .map((e) => clip(e, DRAFT_LIMITS.line))
          .filter(Boolean)
          .slice(0, DRAFT_LIMITS.badExamples);
        if (examples.some((e) => /\d/.test(e))) return reply(t.refuseDigits(), state);
        if (examples.length < 3) return reply(t.refuseTooFew(examples.length), state);
        draft.guardrail = { badOutput: draft.guardrail?.badOutput ?? '', badExamples: examples };
        return reply(t.refuseAnswer(name()), { step: 'refuseAnswer', reaction: 0 });
      }
      case 'refuseAnswer':
        draft.guardrail = {
          badExamples: draft.guardrail?.badExamples ?? [],
          badOutput: clip(message, DRAFT_LIMITS.line),
        };
        return reply(t.done(name()), { step: 'done', reaction: 0 });
      case 'done': {
        const added: { reaction: string; input: string }[] = [];
        for (const line of message.split(/\n+/)) {
          const m = TAGGED_EXCHANGE_RE.exec(line.trim());
          if (!m) continue;
          const reaction = draft.reactions.find((r) => sameName(r.name, reactionNameOf(m[1]!) ?? ''));
          if (!reaction) return reply(t.unknownReaction(m[1]!.trim()), state);
          if (draft.instructions[0]!.samples.length >= DRAFT_LIMITS.samplesPerInstruction) break;
          const input = clip(m[2]!, DRAFT_LIMITS.line);
          draft.instructions[0]!.samples.push({
            input,
            output: clip(m[3]!, DRAFT_LIMITS.line),
            reaction: reaction.name,
          });
          added.push({ reaction: reaction.name, input });
        }
        if (added.length === 0) return reply(t.help(), state);
        // New examples: new phrasings of them, for each reaction they went to.
        const offers = [...new Set(added.map((a) => a.reaction))]
          .map((reaction) => ({
            reaction,
            count: offerPhrasings(
              draft,
              reaction,
              added.filter((a) => a.reaction === reaction).map((a) => a.input),
            ),
          }))
          .filter((o) => o.count > 0)
          .map((o) => ` ${t.offered(o.reaction, o.count)}`)
          .join('');
        return reply(`${t.added(added.length)}${offers} ${t.done(name())}`, state);
      }
    }
  }
}
