import { emptyDraft } from '@greenhouse/mtp';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { completeDraft } from '../../test/chat-fixtures';
import { draftErrorMap, draftFormSchema, draftFormValues, draftFromForm } from './draft-form';

const t = i18n.getFixedT('en');

/** The messages of a form check, by field path. */
function messages(values: unknown) {
  const result = draftFormSchema.safeParse(values, { error: draftErrorMap(t) });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the draft form', () => {
  it('turns a draft into form rows and back, unchanged', () => {
    const draft = completeDraft({
      guardrail: { badOutput: 'I only make coffee.', badExamples: ['Tell me a joke', 'Fix my car'] },
    });
    const values = draftFormValues(draft);
    expect(values.context).toEqual([{ text: 'The café opens at eight.' }]);
    expect(values.guardrail.badExamples).toEqual([{ text: 'Tell me a joke' }, { text: 'Fix my car' }]);
    expect(draftFromForm(draftFormSchema.parse(values), draft)).toEqual(draft);
  });

  it('carries the phrasings offered for each instruction through the form, unchanged', () => {
    const draft = completeDraft();
    draft.instructions[0]!.offers = [{ reaction: 'Order', input: 'A java please' }];
    expect(draftFromForm(draftFormSchema.parse(draftFormValues(draft)), draft)).toEqual(draft);
    expect(draftFormValues(completeDraft()).instructions[0]).not.toHaveProperty('offers');
  });

  it('keeps a guardrail not given yet as null, and one chosen empty as empty', () => {
    const notGiven = completeDraft({ guardrail: null });
    expect(draftFromForm(draftFormSchema.parse(draftFormValues(notGiven)), notGiven).guardrail).toBeNull();
    const none = completeDraft({ guardrail: { badOutput: '', badExamples: [] } });
    expect(draftFromForm(draftFormSchema.parse(draftFormValues(none)), none).guardrail).toEqual({
      badOutput: '',
      badExamples: [],
    });
    // Filling one in where none was given makes it one.
    const values = draftFormValues(notGiven);
    values.guardrail.badOutput = 'I only make coffee.';
    expect(draftFromForm(draftFormSchema.parse(values), notGiven).guardrail).toEqual({
      badOutput: 'I only make coffee.',
      badExamples: [],
    });
  });

  it('trims what it stores, as the draft schema does', () => {
    const values = draftFormValues(emptyDraft());
    values.name = '  Barista  ';
    values.context = [{ text: ' Opens at eight. ' }];
    const draft = draftFromForm(draftFormSchema.parse(values), emptyDraft());
    expect(draft.name).toBe('Barista');
    expect(draft.context).toEqual(['Opens at eight.']);
  });

  it('says what is wrong in the UI’s words', () => {
    const values = draftFormValues(completeDraft());
    values.name = 'x'.repeat(65);
    values.context = [{ text: '   ' }];
    values.reactions = [{ name: 'Say hello', description: '' }];
    values.instructions[0]!.name = 'Talk';
    values.instructions[0]!.samples[0]!.reaction = '';
    expect(messages(values)).toEqual({
      name: 'Cannot be more than 64 characters long.',
      'context.0.text': 'This field is required.',
      'reactions.0.name': 'Use letters and digits only, starting with a letter (no spaces).',
      'instructions.0.name': 'Use lowercase letters, digits and underscores, starting with a letter.',
      'instructions.0.samples.0.reaction': 'This field is required.',
    });
  });

  it('accepts a draft with gaps: gaps are not form errors', () => {
    expect(messages(draftFormValues(emptyDraft()))).toEqual({});
  });
});
