import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { trainingLineText } from './training-line';

describe('the training line’s words', () => {
  const en = i18n.getFixedT('en');
  const pl = i18n.getFixedT('pl');

  it('says how many agents are ahead, in the plural form of each language', () => {
    expect(trainingLineText(en, { ahead: 1, etaSeconds: null }, 'en').place).toBe('1 agent ahead of yours');
    expect(trainingLineText(en, { ahead: 2, etaSeconds: null }, 'en').place).toBe('2 agents ahead of yours');
    expect(trainingLineText(pl, { ahead: 1, etaSeconds: null }, 'pl').place).toBe('1 agent przed twoim');
    expect(trainingLineText(pl, { ahead: 3, etaSeconds: null }, 'pl').place).toBe('3 agenty przed twoim');
    expect(trainingLineText(pl, { ahead: 5, etaSeconds: null }, 'pl').place).toBe('5 agentów przed twoim');
    expect(trainingLineText(pl, { ahead: 22, etaSeconds: null }, 'pl').place).toBe('22 agenty przed twoim');
    expect(trainingLineText(en, { ahead: 0, etaSeconds: 0 }, 'en').place).toBe(
      'Your agent is next in line for training.',
    );
  });

  it('gives the turn’s estimate when the server has one, else “a few minutes”', () => {
    expect(trainingLineText(en, { ahead: 2, etaSeconds: 150 }, 'en').eta).toBe('Its turn in about 3 min.');
    expect(trainingLineText(pl, { ahead: 2, etaSeconds: 3 * 3600 + 1200 }, 'pl').eta).toBe(
      'Jego kolej za ok. 3 godz. 20 min.',
    );
    // The server could not tell: no number, "a few minutes" (nothing for the agent next in line).
    expect(trainingLineText(en, { ahead: 2, etaSeconds: null }, 'en').eta).toBe(
      'Its turn comes in a few minutes.',
    );
    expect(trainingLineText(pl, { ahead: 1, etaSeconds: null }, 'pl').eta).toBe(
      'Jego kolej nadejdzie za kilka minut.',
    );
    expect(trainingLineText(en, { ahead: 0, etaSeconds: null }, 'en').eta).toBeNull();
    // One full stop after an abbreviation that ends the sentence, not two ("41 sek..").
    expect(trainingLineText(pl, { ahead: 1, etaSeconds: 41 }, 'pl').eta).toBe('Jego kolej za ok. 41 sek.');
    expect(trainingLineText(en, { ahead: 1, etaSeconds: 41 }, 'en').eta).toBe('Its turn in about 41 sec.');
  });
});
