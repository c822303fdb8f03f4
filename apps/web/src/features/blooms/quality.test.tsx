import type { BloomStage, TrainingQuality } from '@greenhouse/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { testStages } from '../../test/fixtures';
import { QualityCard } from './components/quality-card';
import { StageMetrics } from './components/stage-metrics';
import { finetuningQuality, qualityRating, weakestReaction } from './quality';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

/** A shop agent's check: 7 of 10 right; "Browse" missed most; one answer a refusal. */
const shopQuality: TrainingQuality = {
  method: 'k-fold',
  runs: 5,
  measured: 10,
  right: 7,
  noReaction: 0,
  reactions: [
    { reaction: 'Buy_', name: 'Buy', refusal: false, measured: 4, right: 3 },
    { reaction: 'Browse_', name: 'Browse', refusal: false, measured: 4, right: 2 },
    { reaction: 'Friendly_<UNK>_', name: 'Friendly', refusal: true, measured: 2, right: 2 },
  ],
  misses: [
    {
      inputs: ['I will take the red one'],
      expected: 'Buy_',
      expectedName: 'Buy',
      got: 'Browse_',
      gotName: 'Browse',
      gotRefusal: false,
    },
    {
      inputs: ['just looking, thanks'],
      expected: 'Browse_',
      expectedName: 'Browse',
      got: 'Friendly_<UNK>_',
      gotName: 'Friendly',
      gotRefusal: true,
    },
    {
      inputs: ['Hello there', 'only browsing today'],
      expected: 'Browse_',
      expectedName: 'Browse',
      got: 'Buy_',
      gotName: 'Buy',
      gotRefusal: false,
    },
  ],
};

/** The seven stages, finetuning completed with these metrics. */
const stagesWith = (metrics: Record<string, unknown>, status: BloomStage['status'] = 'completed') =>
  testStages('completed', { training_finetuning: { status, metrics } });

const renderQuality = (quality: TrainingQuality | null) =>
  render(<QualityCard stages={stagesWith({ reactionAccuracy: 0.7, heldOut: 10, quality })} />);

const region = (name: string | RegExp) => screen.getByRole('region', { name });

/** Each listed miss, as its text. */
const misses = (section: HTMLElement) =>
  within(section)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** Intl puts narrow no-break spaces in Polish numbers; compare with plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('how well it understands new phrasings', () => {
  it('rates it, counts the right answers, lists the misses by name and names the weakest reaction', () => {
    renderQuality(shopQuality);
    const section = region('How well it understands new phrasings');
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe(
      'How well it understands new phrasings',
    );
    expect(section.querySelector('.quality__rating')!.textContent).toBe('Rating: Fair');
    expect(section.querySelector('.quality__summary')!.textContent).toBe(
      'It understands about 7 in 10 phrasings it was never shown, in our checks.',
    );
    expect(
      within(section).getByText(
        /^Check models trained without some of your examples answered 7 of 10 of them with the right reaction\./,
      ).textContent,
    ).toBe(
      'Check models trained without some of your examples answered 7 of 10 of them with the right reaction. ' +
        'Each of your examples was left out once. The agent you download learned all of your examples.',
    );

    const list = within(section).getByRole('list', { name: 'Phrasings it got wrong' });
    expect(within(section).getByRole('heading', { level: 3, name: 'Phrasings it got wrong' })).toBeTruthy();
    expect(misses(list)).toEqual([
      '“I will take the red one” expected Buy, answered Browse',
      '“just looking, thanks” expected Browse, refused it',
      '“Hello there / only browsing today” expected Browse, answered Buy',
    ]);
    expect(within(section).getByText('Add a few more examples of how people say “Browse”.')).toBeTruthy();

    // Names only: never a reaction's key, never a refusal's <UNK>.
    expect(section.textContent).not.toMatch(/Buy_|Browse_|<UNK>|Friendly/);
  });

  it('says so in Polish', async () => {
    await i18n.changeLanguage('pl');
    renderQuality(shopQuality);
    const section = region('Jak dobrze rozumie nowe sformułowania');
    expect(section.querySelector('.quality__rating')!.textContent).toBe('Ocena: Przeciętna');
    expect(within(section).getByText(/^Modele kontrolne/).textContent).toBe(
      'Modele kontrolne, wytrenowane bez części Twoich przykładów, odpowiedziały właściwą reakcją na 7 z 10 ' +
        'pominiętych przykładów. Każdy Twój przykład został raz pominięty. ' +
        'Agent, którego pobierasz, nauczył się wszystkich Twoich przykładów.',
    );
    expect(
      misses(within(section).getByRole('list', { name: 'Sformułowania, przy których się pomylił' })),
    ).toEqual([
      '„I will take the red one” oczekiwano: Buy, odpowiedział: Browse',
      '„just looking, thanks” oczekiwano: Browse, odmówił odpowiedzi',
      '„Hello there / only browsing today” oczekiwano: Browse, odpowiedział: Buy',
    ]);
    expect(
      within(section).getByText('Dodaj jeszcze kilka przykładów tego, jak ludzie mówią „Browse”.'),
    ).toBeTruthy();
    expect(section.textContent).not.toMatch(/Buy_|Browse_|<UNK>/);
  });

  it("lists the on-topic phrasings it refused apart from the other misses (a reaction model's check)", async () => {
    const refusedMiss = shopQuality.misses[1]!;
    renderQuality({
      ...shopQuality,
      refusedOnTopic: [
        { inputs: refusedMiss.inputs, expected: refusedMiss.expected, expectedName: 'Browse' },
      ],
    });
    const section = region('How well it understands new phrasings');
    expect(misses(within(section).getByRole('list', { name: 'On-topic phrasings it refused' }))).toEqual([
      '“just looking, thanks” expected Browse, refused it',
    ]);
    expect(
      within(section).getByText(
        'Add examples like these to their reactions, so it answers them instead of refusing.',
      ),
    ).toBeTruthy();
    expect(misses(within(section).getByRole('list', { name: 'Phrasings it got wrong' }))).toEqual([
      '“I will take the red one” expected Buy, answered Browse',
      '“Hello there / only browsing today” expected Browse, answered Buy',
    ]);
    cleanup();
    await i18n.changeLanguage('pl');
    renderQuality({
      ...shopQuality,
      right: 9,
      refusedOnTopic: [
        { inputs: refusedMiss.inputs, expected: refusedMiss.expected, expectedName: 'Browse' },
      ],
    });
    const pl = region('Jak dobrze rozumie nowe sformułowania');
    expect(pl.querySelector('.quality__summary')!.textContent).toBe(
      'W naszych testach rozumie mniej więcej 9 na 10 sformułowań, których nigdy nie widział.',
    );
    expect(
      misses(within(pl).getByRole('list', { name: 'Sformułowania na temat, na które odmówił odpowiedzi' })),
    ).toEqual(['„just looking, thanks” oczekiwano: Browse, odmówił odpowiedzi']);
  });

  it('explains a held-out check, a missed refusal and the misses it does not list', () => {
    // Names as a v2.0.1 protocol gives them (the token's, with its _): shown without the _.
    renderQuality({
      method: 'held-out',
      runs: 1,
      measured: 30,
      right: 25,
      noReaction: 0,
      reactions: [
        { reaction: 'Buy_', name: 'Buy_', refusal: false, measured: 20, right: 19 },
        { reaction: 'Friendly_<UNK>_', name: 'Friendly', refusal: true, measured: 10, right: 6 },
      ],
      misses: [
        {
          inputs: ['what is the weather like?'],
          expected: 'Friendly_<UNK>_',
          expectedName: 'Friendly',
          got: 'Buy_',
          gotName: 'Buy_',
          gotRefusal: false,
        },
        {
          inputs: ['tell me a joke'],
          expected: 'Friendly_<UNK>_',
          expectedName: 'Friendly',
          got: 'Buy_',
          gotName: 'Buy_',
          gotRefusal: false,
        },
        {
          inputs: ['one of those, please'],
          expected: 'Buy_',
          expectedName: 'Buy_',
          got: 'Friendly_<UNK>_',
          gotName: 'Friendly',
          gotRefusal: true,
        },
      ],
    });
    const section = region('How well it understands new phrasings');
    expect(section.querySelector('.quality__rating')!.textContent).toBe('Rating: Good');
    expect(within(section).getByText(/answered 25 of 30 of them/).textContent).toContain(
      'One in five of your examples was left out.',
    );
    expect(misses(within(section).getByRole('list'))).toEqual([
      '“what is the weather like?” expected it to refuse, answered Buy',
      '“tell me a joke” expected it to refuse, answered Buy',
      '“one of those, please” expected Buy, refused it',
    ]);
    expect(within(section).getByText('Misses not listed here: 2.')).toBeTruthy();
    expect(
      within(section).getByText('Add a few more examples of off-topic messages it should refuse.'),
    ).toBeTruthy();
    expect(section.textContent).not.toMatch(/Buy_|<UNK>/);
  });

  it('says when a check model gave no reaction at all', () => {
    renderQuality({
      ...shopQuality,
      noReaction: 1,
      misses: [{ ...shopQuality.misses[0]!, got: '', gotName: '', gotRefusal: false }],
    });
    expect(misses(region(/new phrasings/))).toEqual([
      '“I will take the red one” expected Buy, gave no reaction',
    ]);
  });

  it('needs more examples below half right; with every answer right, no list and no hint', () => {
    renderQuality({ ...shopQuality, right: 4, misses: [] });
    expect(region(/new phrasings/).querySelector('.quality__rating')!.textContent).toBe(
      'Rating: Needs more examples',
    );
    cleanup();

    renderQuality({
      ...shopQuality,
      right: 10,
      reactions: shopQuality.reactions.map((r) => ({ ...r, right: r.measured })),
      misses: [],
    });
    const section = region(/new phrasings/);
    expect(section.querySelector('.quality__rating')!.textContent).toBe('Rating: Good');
    expect(within(section).queryByRole('list')).toBeNull();
    expect(section.querySelector('.quality__hint')).toBeNull();
  });

  it('says when the protocol has too few examples to check, in English and Polish', async () => {
    renderQuality(null);
    expect(region('How well it understands new phrasings').textContent).toContain(
      'Your protocol has too few examples per reaction to check this: it needs at least two examples of a reaction.',
    );
    cleanup();
    await i18n.changeLanguage('pl');
    renderQuality(null);
    expect(region('Jak dobrze rozumie nowe sformułowania').textContent).toContain(
      'Twój protokół ma za mało przykładów na reakcję, by to sprawdzić: potrzeba co najmniej dwóch przykładów jednej reakcji.',
    );
  });

  it('is not shown before finetuning is completed, nor for an agent trained without the check', () => {
    render(
      <>
        <QualityCard stages={stagesWith({ quality: shopQuality }, 'processing')} />
        <QualityCard stages={stagesWith({ reactionAccuracy: 0.8, heldOut: 5 })} />
        <QualityCard stages={stagesWith({ quality: 'garbage' })} />
      </>,
    );
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('calls the finetuning accuracy what it is', async () => {
    const stage = stagesWith({ reactionAccuracy: 0.7, heldOut: 10, quality: shopQuality }).find(
      (s) => s.name === 'training_finetuning',
    )!;
    render(<StageMetrics stage={stage} />);
    expect(screen.getByText('Understands new phrasings').nextElementSibling!.textContent).toBe('70%');
    cleanup();
    await i18n.changeLanguage('pl');
    render(<StageMetrics stage={stage} />);
    expect(plain(screen.getByText('Rozumie nowe sformułowania').nextElementSibling!.textContent)).toBe('70%');
  });
});

describe('the quality helpers', () => {
  it('rate from 80 % good and from 50 % fair', () => {
    expect(qualityRating({ right: 8, measured: 10 })).toBe('good');
    expect(qualityRating({ right: 79, measured: 100 })).toBe('fair');
    expect(qualityRating({ right: 1, measured: 2 })).toBe('fair');
    expect(qualityRating({ right: 49, measured: 100 })).toBe('weak');
    expect(qualityRating({ right: 0, measured: 0 })).toBe('weak');
  });

  it('find the reaction missed most by share, among those asked and missed', () => {
    const reaction = (name: string, measured: number, right: number) => ({
      reaction: `${name}_`,
      name,
      refusal: false,
      measured,
      right,
    });
    expect(
      weakestReaction({
        reactions: [reaction('A', 10, 6), reaction('B', 0, 0), reaction('C', 3, 2), reaction('D', 5, 5)],
      })?.name,
    ).toBe('A');
    expect(weakestReaction({ reactions: [reaction('A', 2, 1), reaction('B', 4, 2)] })?.name).toBe('A');
    expect(weakestReaction({ reactions: [reaction('A', 2, 2), reaction('B', 0, 0)] })).toBeNull();
  });

  it('read the check only from a completed finetuning stage; one that asked nothing is none', () => {
    expect(finetuningQuality(stagesWith({ quality: shopQuality }))).toEqual(shopQuality);
    expect(finetuningQuality(stagesWith({ quality: null }))).toBeNull();
    expect(finetuningQuality(stagesWith({ quality: { ...shopQuality, measured: 0, right: 0 } }))).toBeNull();
    expect(finetuningQuality(stagesWith({}))).toBeUndefined();
    expect(finetuningQuality(stagesWith({ quality: shopQuality }, 'failed'))).toBeUndefined();
  });
});
