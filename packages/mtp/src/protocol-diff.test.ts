import { describe, expect, it } from 'vitest';
import { fixtureProtocol } from '../test/support/testing.js';
import { draftToProtocolFile, type BloomDraft, type DraftSample } from './draft.js';
import { parseProtocol } from './parse.js';
import type { Protocol } from './protocol.js';
import { protocolDiff, type SampleSnapshot } from './protocol-diff.js';

/** The protocol of a small hand-written draft (one input line, one answer line per sample). */
function protocolOf(draft: BloomDraft): Protocol {
  const parsed = parseProtocol(draftToProtocolFile(draft));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.protocol;
}

const sample = (input: string, output: string, reaction: string): DraftSample => ({
  input,
  output,
  reaction,
});

/** What the diff shows of a draft-made sample. */
const shown = (input: string, answer: string, reaction: string): SampleSnapshot => ({
  inputs: [input],
  answer,
  reaction: `${reaction}_`,
  value: null,
  numbers: [[], []],
  numberLists: [[], []],
});

const SHOP_SAMPLES = [
  sample('I want a sword', 'Ten gold, friend.', 'Sell'),
  sample('How much for the shield?', 'Eight gold.', 'Sell'),
  sample('Sell me a potion', 'Here, three silver.', 'Sell'),
  sample('Give me your gold!', 'Guards!', 'Guard'),
  sample('I will burn your shop', 'Guards, here!', 'Guard'),
  sample('Hand it over or else', 'Guards! Thief!', 'Guard'),
];

function shop(samples: DraftSample[] = SHOP_SAMPLES, more: BloomDraft['instructions'] = []): BloomDraft {
  return {
    name: 'Grumpy Bram',
    description: 'A village shopkeeper; players talk to him.',
    context: [],
    reactions: [
      { name: 'Sell', description: '' },
      { name: 'Guard', description: '' },
    ],
    instructions: [{ name: 'talk', samples }, ...more],
    guardrail: {
      badOutput: 'I only talk about my shop.',
      badExamples: ['Write me a poem.', 'Are you an AI?', 'What is the capital of France?'],
    },
  };
}

const NO_CHANGE = {
  instructionsAdded: 0,
  instructionsRemoved: 0,
  samplesAdded: 0,
  samplesRemoved: 0,
  samplesChanged: 0,
  guardrailsAdded: 0,
  guardrailsRemoved: 0,
  guardrailsChanged: 0,
};

describe('protocolDiff', () => {
  it('finds nothing changed between a protocol and itself, and counts its samples per reaction', () => {
    const diff = protocolDiff(protocolOf(shop()), protocolOf(shop()));
    expect(diff.summary).toEqual({ ...NO_CHANGE, samplesUnchanged: 6 });
    expect(diff.instructions).toEqual([
      {
        name: 'talk',
        status: 'kept',
        reactions: [
          { name: 'Sell_', key: 'Sell_', status: 'kept', added: [], removed: [], changed: [], unchanged: 3 },
          {
            name: 'Guard_',
            key: 'Guard_',
            status: 'kept',
            added: [],
            removed: [],
            changed: [],
            unchanged: 3,
          },
        ],
        guardrails: { added: [], removed: [], changed: [], unchanged: 1 },
      },
    ]);
  });

  it('lists samples added, removed, changed and moved under their reactions, whatever their order', () => {
    const [sword, shield, potion, gold, burn, handOver] = SHOP_SAMPLES as [DraftSample, ...DraftSample[]] &
      DraftSample[];
    const newer = [
      sample('An axe, please', 'Twelve gold.', 'Sell'), // added
      potion!,
      sample('I want a sword', 'Fifteen gold, friend.', 'Sell'), // changed answer
      sample('How much for the shield?', 'Guards!', 'Guard'), // moved Sell → Guard
      handOver!,
      gold!,
      // "I will burn your shop" removed
    ];
    const diff = protocolDiff(protocolOf(shop()), protocolOf(shop(newer)));
    expect(diff.summary).toEqual({
      ...NO_CHANGE,
      samplesAdded: 1,
      samplesRemoved: 1,
      samplesChanged: 2,
      samplesUnchanged: 3,
    });
    const [sell, guard] = diff.instructions[0]!.reactions;
    expect(sell).toEqual({
      name: 'Sell_',
      key: 'Sell_',
      status: 'kept',
      added: [shown('An axe, please', 'Twelve gold.', 'Sell')],
      removed: [],
      changed: [
        {
          before: shown(sword.input, sword.output, 'Sell'),
          after: shown('I want a sword', 'Fifteen gold, friend.', 'Sell'),
        },
      ],
      unchanged: 1,
    });
    expect(guard).toEqual({
      name: 'Guard_',
      key: 'Guard_',
      status: 'kept',
      added: [],
      removed: [shown(burn!.input, burn!.output, 'Guard')],
      changed: [
        {
          before: shown(shield!.input, shield!.output, 'Sell'),
          after: shown('How much for the shield?', 'Guards!', 'Guard'),
        },
      ],
      unchanged: 2,
    });
  });

  it('lists a reaction the newer version adds or no longer has', () => {
    const newer = shop([
      ...SHOP_SAMPLES.filter((s) => s.reaction === 'Sell'),
      sample('Hello', 'Morning.', 'Greet'),
      sample('Hi there', 'Hm.', 'Greet'),
      sample('Good day', 'Day.', 'Greet'),
    ]);
    newer.reactions[1] = { name: 'Greet', description: '' };
    const diff = protocolDiff(protocolOf(shop()), protocolOf(newer));
    expect(
      diff.instructions[0]!.reactions.map((r) => [r.name, r.status, r.added.length, r.removed.length]),
    ).toEqual([
      ['Sell_', 'kept', 0, 0],
      ['Greet_', 'added', 3, 0],
      ['Guard_', 'removed', 0, 3],
    ]);
  });

  it('pairs repeated inputs exact copy first, then in order', () => {
    const twice = [
      ...SHOP_SAMPLES,
      sample('I want a sword', 'Swords are ten gold.', 'Sell'),
      sample('I want a sword', 'A sword? Ten gold.', 'Sell'),
    ];
    const newer = [...SHOP_SAMPLES.slice(1), twice[7]!, sample('I want a sword', 'Sold out.', 'Sell')];
    const [sell] = protocolDiff(protocolOf(shop(twice)), protocolOf(shop(newer))).instructions[0]!.reactions;
    expect(sell!.unchanged).toBe(3);
    expect(sell!.added).toEqual([]);
    expect(sell!.changed).toEqual([
      {
        before: shown('I want a sword', 'Ten gold, friend.', 'Sell'),
        after: shown('I want a sword', 'Sold out.', 'Sell'),
      },
    ]);
    expect(sell!.removed).toEqual([shown('I want a sword', 'Swords are ten gold.', 'Sell')]);
  });

  it('lists instructions added and removed after those kept, with all their samples and guardrails', () => {
    const haggle = { name: 'haggle', samples: SHOP_SAMPLES.slice(0, 3) };
    const greet = { name: 'greet', samples: SHOP_SAMPLES.slice(3) };
    const diff = protocolDiff(
      protocolOf(shop(SHOP_SAMPLES, [haggle])),
      protocolOf(shop(SHOP_SAMPLES, [greet])),
    );
    expect(diff.instructions.map((i) => [i.name, i.status])).toEqual([
      ['talk', 'kept'],
      ['greet', 'added'],
      ['haggle', 'removed'],
    ]);
    const [, added, removed] = diff.instructions;
    expect(added!.reactions.map((r) => [r.name, r.status, r.added.length])).toEqual([['Guard_', 'added', 3]]);
    expect(added!.guardrails.added).toHaveLength(1);
    expect(removed!.reactions.map((r) => [r.name, r.status, r.removed.length])).toEqual([
      ['Sell_', 'removed', 3],
    ]);
    expect(removed!.guardrails.removed).toEqual([
      {
        line: 0,
        badOutput: 'I only talk about my shop.',
        badExamples: ['Write me a poem.', 'Are you an AI?', 'What is the capital of France?'],
      },
    ]);
    expect(diff.summary).toEqual({
      ...NO_CHANGE,
      instructionsAdded: 1,
      instructionsRemoved: 1,
      samplesAdded: 3,
      samplesRemoved: 3,
      samplesUnchanged: 6,
      guardrailsAdded: 1,
      guardrailsRemoved: 1,
    });
  });

  it('tells a guardrail added, removed and changed (its answer, its examples as a set)', () => {
    const without = { ...shop(), guardrail: null };
    const changed = shop();
    changed.guardrail = {
      badOutput: 'Buy something or leave.',
      badExamples: ['Are you an AI?', 'Tell me a joke.', 'What is the capital of France?'],
    };
    const reordered = shop();
    reordered.guardrail!.badExamples.reverse();
    // The description is in the guardrail's good prompt, which nothing trains on: not a change.
    reordered.description = 'A grumpy village shopkeeper.';

    expect(
      protocolDiff(protocolOf(without), protocolOf(shop())).instructions[0]!.guardrails.added,
    ).toHaveLength(1);
    expect(protocolDiff(protocolOf(shop()), protocolOf(without)).summary.guardrailsRemoved).toBe(1);
    expect(protocolDiff(protocolOf(shop()), protocolOf(reordered)).instructions[0]!.guardrails).toEqual({
      added: [],
      removed: [],
      changed: [],
      unchanged: 1,
    });
    expect(protocolDiff(protocolOf(shop()), protocolOf(changed)).instructions[0]!.guardrails.changed).toEqual(
      [
        {
          line: 0,
          badOutput: { before: 'I only talk about my shop.', after: 'Buy something or leave.' },
          badExamplesAdded: ['Tell me a joke.'],
          badExamplesRemoved: ['Write me a poem.'],
        },
      ],
    );
  });

  it('compares a Polish protocol character for character: a case change is another phrasing', () => {
    const herbalist = (samples: DraftSample[]): BloomDraft => ({
      name: 'Zielarka Jadwiga',
      description: 'Zielarka z wioski; gracze proszą ją o zioła.',
      context: [],
      reactions: [
        { name: 'Sprzedaj', description: '' },
        { name: 'Odmow', description: '' },
      ],
      instructions: [{ name: 'rozmowa', samples }],
      guardrail: {
        badOutput: 'Znam się tylko na ziołach.',
        badExamples: ['Napisz mi wiersz.', 'Kto wygrał mecz?', 'Jesteś botem?'],
      },
    });
    const older = [
      sample('Poproszę napar z rumianku', 'Proszę, dwa grosze.', 'Sprzedaj'),
      sample('Macie szałwię?', 'Mam, świeżą.', 'Sprzedaj'),
      sample('Daj mi coś na ból głowy', 'Wierzbowa kora, trzy grosze.', 'Sprzedaj'),
      sample('Chcę truciznę', 'Nie sprzedaję trucizn.', 'Odmow'),
      sample('Daj mi wilczą jagodę', 'Nie ma mowy.', 'Odmow'),
      sample('Otrujesz mi sąsiada?', 'Wynoś się.', 'Odmow'),
    ];
    const newer = [
      sample('poproszę napar z rumianku', 'Proszę, dwa grosze.', 'Sprzedaj'),
      sample('Macie szałwię?', 'Mam, świeżutką.', 'Sprzedaj'),
      ...older.slice(2),
    ];
    const diff = protocolDiff(protocolOf(herbalist(older)), protocolOf(herbalist(newer)));
    const [sell, refuse] = diff.instructions[0]!.reactions;
    expect(diff.instructions[0]!.name).toBe('rozmowa');
    expect(sell!.added).toEqual([shown('poproszę napar z rumianku', 'Proszę, dwa grosze.', 'Sprzedaj')]);
    expect(sell!.removed).toEqual([shown('Poproszę napar z rumianku', 'Proszę, dwa grosze.', 'Sprzedaj')]);
    expect(sell!.changed).toEqual([
      {
        before: shown('Macie szałwię?', 'Mam, świeżą.', 'Sprzedaj'),
        after: shown('Macie szałwię?', 'Mam, świeżutką.', 'Sprzedaj'),
      },
    ]);
    expect(refuse).toMatchObject({ name: 'Odmow_', unchanged: 3, added: [], removed: [], changed: [] });
  });

  it('counts a FinalNumToken value and a line number as changes, and names reactions by key too', () => {
    const older = fixtureProtocol('lighthouse_2_0_1.json');
    const newer = structuredClone(older);
    const [warning, position] = newer.sets[2]!.samples;
    warning!.value = 3;
    position!.numbers[1] = [9];
    const reactions = protocolDiff(older, newer).instructions[2]!.reactions;
    expect(reactions.map((r) => [r.name, r.changed.length, r.unchanged])).toEqual([['Warning_', 2, 2]]);
    expect(reactions[0]!.changed[0]!.before.value).toBe(0);
    expect(reactions[0]!.changed[0]!.after.value).toBe(3);

    const bees = fixtureProtocol('beekeeper_1_2_1.json');
    const keys = protocolDiff(bees, bees).instructions.flatMap((i) =>
      i.reactions.map((r) => [r.name, r.key]),
    );
    // Encrypted keys: the reaction line's key beside the name.
    expect(keys).toContainEqual(['Calm_', 'e9a4c7']);
  });
});
