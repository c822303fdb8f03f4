import { draftGaps, emptyDraft, type DraftGap } from '@greenhouse/mtp';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { completeDraft } from '../../test/chat-fixtures';
import { gapsOfRefusal, gapText } from './draft-gaps';

const t = i18n.getFixedT('en');
const tPl = i18n.getFixedT('pl');

describe('gapText', () => {
  it('says what an empty draft lacks, in order', () => {
    expect(draftGaps(emptyDraft()).map((gap) => gapText(t, gap))).toEqual([
      'Give the agent a name.',
      'Say what the agent is and who talks to it.',
      'Add at least one reaction: a way the agent can react to what it hears.',
      'The instruction set “talk” has no examples yet (it needs at least 3 per reaction).',
    ]);
  });

  it('fills in the gap’s params, `count` as a value (not a plural option)', () => {
    const draft = completeDraft();
    draft.instructions[0]!.samples.pop();
    const gaps = draftGaps(draft);
    expect(gaps).toEqual([{ key: 'reactionExamples', reaction: 'Order', count: 2, minimum: 3 }]);
    expect(gapText(t, gaps[0]!)).toBe('The reaction “Order” needs at least 3 example exchanges (it has 2).');
    expect(gapText(tPl, gaps[0]!)).toBe(
      'Reakcja „Order” potrzebuje więcej przykładowych wymian: co najmniej 3 (ma 2).',
    );
  });

  it('has an English and a Polish text for every gap key', () => {
    const every: DraftGap[] = [
      { key: 'name' },
      { key: 'description' },
      { key: 'reactions' },
      { key: 'duplicateReaction', reaction: 'Greet' },
      { key: 'reservedReaction', reaction: 'Reply' },
      { key: 'reactionExamples', reaction: 'Greet', count: 1, minimum: 3 },
      { key: 'unknownReaction', reaction: 'Wave', instruction: 'talk', count: 2, examples: 'Hi / Hello' },
      { key: 'duplicateInstruction', instruction: 'talk' },
      { key: 'instructionSamples', instruction: 'talk', minimum: 3 },
      { key: 'guardrailOutput' },
      { key: 'guardrailExamples', count: 1, minimum: 3 },
      { key: 'guardrailDigits', example: 'Call 112' },
      {
        key: 'protocol',
        message: 'The text contains "<BOS>", which is reserved for the model\'s control tokens.',
        problem: 'mtp.reservedString',
        params: { marker: '<BOS>' },
      },
    ];
    for (const translate of [t, tPl]) {
      const texts = every.map((gap) => gapText(translate, gap));
      expect(texts.filter((text) => text.startsWith('chat.gaps.') || text.includes('{{'))).toEqual([]);
      expect(new Set(texts).size).toBe(every.length);
    }
    expect(gapText(t, every[6]!)).toBe(
      'The reaction “Wave” is not in the list of reactions, but examples in “talk” use it (2): Hi / Hello. ' +
        'Add the reaction again, or change or delete those examples.',
    );
    // A protocol problem in the app's own words, in Polish too.
    expect(gapText(tPl, every[12]!)).toContain('Tekst zawiera');
    expect(gapText(t, every[11]!)).toBe(
      'The example to refuse “Call 112” contains digits, which are not allowed.',
    );
  });
});

describe('gapsOfRefusal (chat.not_ready_to_generate)', () => {
  it('reads the gaps the server sent in params.gaps', () => {
    expect(
      gapsOfRefusal({
        gaps: [{ key: 'name' }, { key: 'reactionExamples', reaction: 'Order', count: 0, minimum: 3 }],
      }),
    ).toEqual([{ key: 'name' }, { key: 'reactionExamples', reaction: 'Order', count: 0, minimum: 3 }]);
  });

  it('leaves out what it cannot read', () => {
    expect(gapsOfRefusal({})).toEqual([]);
    expect(gapsOfRefusal({ gaps: 'name' })).toEqual([]);
    expect(
      gapsOfRefusal({ gaps: [{ key: 'somethingNew' }, null, { key: 'name', nested: {} }, { key: 'name' }] }),
    ).toEqual([{ key: 'name' }]);
  });
});
