import type { ScenariosDocument } from '@greenhouse/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { ScenariosEditor } from './components/scenarios-editor';
import type { ScenarioInstruction } from './scenarios-form';

// The lighthouse keeper's instructions, as the agent page would give them.
const instructions: ScenarioInstruction[] = [
  {
    name: 'fog_on_the_bay',
    lines: [{ numbers: [] }, { numbers: [] }],
    reactions: [
      { key: 'Horn_', name: 'Horn' },
      { key: 'Lamp_', name: 'Lamp_' },
    ],
    canRefuse: true,
  },
  {
    name: 'ship_reports_position',
    lines: [
      {
        numbers: [
          { min: -50, max: 50 },
          { min: -50, max: 50 },
        ],
      },
      { numbers: [{ min: 0, max: 12 }] },
    ],
    reactions: [{ key: 'Warning_', name: 'Warning_' }],
    canRefuse: false,
  },
];

const saved: ScenariosDocument = {
  gateDownload: false,
  scenarios: [
    {
      instruction: 'fog_on_the_bay',
      inputs: [{ text: 'The fog is thick.' }, { text: 'Where are the rocks?' }],
      // Written as the reaction's name: the editor shows it as that reaction.
      expect: 'Horn',
    },
  ],
};

function renderEditor(
  onSave = vi.fn<(document: ScenariosDocument) => Promise<unknown>>(async () => undefined),
  document = saved,
  results?: Parameters<typeof ScenariosEditor>[0]['results'],
) {
  render(
    <ScenariosEditor instructions={instructions} document={document} onSave={onSave} results={results} />,
  );
  return { onSave, user: userEvent.setup() };
}

/** The fieldset of case n (1-based). */
const caseGroup = (n: number, label = `Scenario ${n}`) => screen.getByRole('group', { name: label });

/** The text of the error a control's aria-describedby points at (empty when none). */
const describedError = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((el) => el?.classList.contains('field__error'))
    .map((el) => el!.textContent)
    .join('');

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('the scenarios editor', () => {
  it('shows the saved cases, and saves an added one with its numbers and the download switch', async () => {
    const { onSave, user } = renderEditor();
    const first = caseGroup(1);
    expect((within(first).getByLabelText('Instruction') as HTMLSelectElement).value).toBe('fog_on_the_bay');
    expect((within(first).getByLabelText('Input line 2') as HTMLInputElement).value).toBe(
      'Where are the rocks?',
    );
    expect((within(first).getByLabelText('Expected reaction') as HTMLSelectElement).value).toBe('Horn_');

    await user.click(screen.getByRole('button', { name: 'Add a scenario' }));
    const second = caseGroup(2);
    const instruction = within(second).getByLabelText('Instruction');
    expect(document.activeElement).toBe(instruction);
    await user.selectOptions(instruction, 'ship_reports_position');
    await user.type(within(second).getByLabelText('Input line 1'), 'Marta.');
    await user.type(within(second).getByLabelText('Input line 2'), 'Windy.');
    const numbers = within(second).getByRole('group', { name: 'Numbers of line 1' });
    await user.clear(within(numbers).getByLabelText('Number 1'));
    await user.type(within(numbers).getByLabelText('Number 1'), '12');
    await user.clear(within(numbers).getByLabelText('Number 2'));
    await user.type(within(numbers).getByLabelText('Number 2'), '-8');
    const expectBox = within(second).getByLabelText('Expected reaction');
    // No guardrail: no refusal to expect.
    expect(within(expectBox).queryByRole('option', { name: /Refuse/ })).toBeNull();
    await user.selectOptions(expectBox, 'Warning_');
    await user.click(
      screen.getByRole('checkbox', { name: 'Download only versions that pass every scenario' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save scenarios' }));

    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      gateDownload: true,
      scenarios: [
        { ...saved.scenarios[0], expect: 'Horn_' },
        {
          instruction: 'ship_reports_position',
          inputs: [
            { text: 'Marta.', numbers: [12, -8] },
            { text: 'Windy.', numbers: [0] },
          ],
          expect: 'Warning_',
        },
      ],
    });
    expect(await screen.findByText('Scenarios saved.')).toBeTruthy();
  });

  it('offers a refusal only where the instruction has a guardrail, and removes a case', async () => {
    const { onSave, user } = renderEditor();
    const expectBox = within(caseGroup(1)).getByLabelText('Expected reaction');
    await user.selectOptions(
      expectBox,
      within(expectBox).getByRole('option', { name: 'Refuse (a guardrail answer)' }),
    );
    expect(within(expectBox).getByRole('option', { name: 'Lamp' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove scenario 1' }));
    expect(screen.queryByRole('group', { name: 'Scenario 1' })).toBeNull();
    expect(screen.getByText('No scenarios yet. Add one to check every new version.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a scenario' }));
    await user.click(screen.getByRole('button', { name: 'Save scenarios' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ gateDownload: false, scenarios: [] }));
  });

  it('does not save a case with an empty line or a number out of range, and says why beside the field', async () => {
    const { onSave, user } = renderEditor();
    await user.clear(within(caseGroup(1)).getByLabelText('Input line 1'));
    await user.click(screen.getByRole('button', { name: 'Add a scenario' }));
    await user.selectOptions(within(caseGroup(2)).getByLabelText('Instruction'), 'ship_reports_position');
    const wind = within(
      within(caseGroup(2)).getByRole('group', { name: 'Numbers of line 2' }),
    ).getByLabelText('Number 1');
    await user.clear(wind);
    await user.type(wind, '13');
    await user.click(screen.getByRole('button', { name: 'Save scenarios' }));

    const line = within(caseGroup(1)).getByLabelText('Input line 1');
    await waitFor(() => expect(describedError(line)).toBe('Type what this line says.'));
    expect(line.getAttribute('aria-invalid')).toBe('true');
    expect(describedError(wind)).toBe('Enter a number in the range shown.');
    expect(wind.getAttribute('aria-describedby')).toContain('-hint');
    expect(describedError(within(caseGroup(2)).getByLabelText('Expected reaction'))).toBe(
      'Choose the reaction you expect, or a refusal.',
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it('puts the server’s verdict on the field it names, and any other failure above the button', async () => {
    const onSave = vi
      .fn<(document: ScenariosDocument) => Promise<unknown>>()
      .mockRejectedValueOnce(
        new ApiRequestError({
          code: 'validation.required',
          status: 400,
          type: 'validation',
          message: 'Scenario 1: "Horn_" is not a reaction of "fog_on_the_bay".',
          params: { field: 'scenarios.0.expect', index: 0, reason: 'unknown_reaction' },
        }),
      )
      .mockRejectedValueOnce(
        new ApiRequestError({ code: 'bloom.not_found', status: 404, type: 'error', message: '', params: {} }),
      );
    const { user } = renderEditor(onSave);
    await user.click(screen.getByRole('button', { name: 'Save scenarios' }));
    const expectBox = within(caseGroup(1)).getByLabelText('Expected reaction');
    await waitFor(() =>
      expect(describedError(expectBox)).toBe('This is not one of the instruction’s reactions.'),
    );
    expect(document.activeElement).toBe(expectBox);

    await user.click(screen.getByRole('button', { name: 'Save scenarios' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Agent not found.');
  });

  it('shows each version’s results: expected, answered, the line and the verdict', () => {
    renderEditor(undefined, saved, [
      {
        version: 2,
        results: [
          {
            index: 0,
            expected: 'Horn_',
            got: 'Horn_',
            gotName: 'Horn',
            line: 'Listen for it.',
            passed: true,
            refused: false,
          },
          {
            index: 1,
            expected: 'refuse',
            got: 'Lamp_',
            gotName: 'Lamp_',
            line: 'I see you.',
            passed: false,
            refused: false,
          },
          {
            index: 2,
            expected: 'Lamp_',
            got: '',
            line: '',
            passed: false,
            refused: false,
            error: 'prompt_too_long',
          },
        ],
      },
    ]);
    const version = screen.getByRole('region', { name: 'Version 2 1 of 3 passed' });
    const rows = within(version)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['1', 'Horn', 'Horn', 'Listen for it.', 'Passed'],
      ['2', 'A refusal', 'Lamp', 'I see you.', 'Failed'],
      ['3', 'Lamp', 'Not run: the input is too long for this agent', '—', 'Failed'],
    ]);
  });
});

describe('in Polish', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('pl');
  });

  it('labels the fields and says why a case cannot be saved', async () => {
    const { onSave, user } = renderEditor();
    const first = caseGroup(1, 'Scenariusz 1');
    expect(within(first).getByLabelText('Instrukcja')).toBeTruthy();
    expect(within(first).getByRole('option', { name: 'Odmowa (odpowiedź zabezpieczenia)' })).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: 'Pobieraj tylko wersje, które przechodzą wszystkie scenariusze' }),
    ).toBeTruthy();
    await user.clear(within(first).getByLabelText('Linia wejścia 2'));
    await user.click(screen.getByRole('button', { name: 'Zapisz scenariusze' }));
    await waitFor(() =>
      expect(describedError(within(first).getByLabelText('Linia wejścia 2'))).toBe(
        'Wpisz, co mówi ta linia.',
      ),
    );
    expect(onSave).not.toHaveBeenCalled();
  });
});
