import { DRAFT_LIMITS, type DraftInstruction } from '@greenhouse/mtp';
import { useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { LiveRegion } from '../../../components/notice/notice';
import type { DraftFormInput } from '../draft-form';
import { AddButton, RemoveButton } from './draft-editor-buttons';
import { SuggestedPhrasings } from './suggested-phrasings';
import './draft-editor.css';
import './draft-editor-instruction.css';

interface InstructionFieldsProps {
  index: number;
  /** Removes this instruction set; null for the last one (a draft keeps at least one). */
  onRemove: (() => void) | null;
}

/**
 * One instruction set in the draft editor: its name, its examples (someone says → the agent answers,
 * reaction), and the phrasings offered for it, kept (a new example) or dropped here like any other change.
 */
export function InstructionFields({ index, onRemove }: InstructionFieldsProps) {
  const { t } = useTranslation();
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = useFormContext<DraftFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: `instructions.${index}.samples` });
  const reactions = useWatch({ control, name: 'reactions' });
  const name = useWatch({ control, name: `instructions.${index}.name` });
  const samples = useWatch({ control, name: `instructions.${index}.samples` });
  const offers = useWatch({ control, name: `instructions.${index}.offers` });
  const [announcement, setAnnouncement] = useState('');
  const instruction: DraftInstruction = { name, samples, ...(offers ? { offers } : {}) };
  const onOffersChange = (next: DraftInstruction, text: string) => {
    // Kept offers are new examples at the end; the offers left wait on.
    const kept = next.samples.slice(samples.length);
    if (kept.length > 0) append(kept, { shouldFocus: false });
    setValue(`instructions.${index}.offers`, next.offers, { shouldDirty: true });
    setAnnouncement(text);
  };
  const reactionNames = [...new Set(reactions.map((r) => r.name.trim()).filter(Boolean))];
  const instructionErrors = errors.instructions?.[index];

  return (
    <div className="draft-editor__card draft-editor__instruction">
      <div className="draft-editor__row">
        <TextField
          className="draft-editor__grow"
          label={t('draft.instructionName')}
          autoComplete="off"
          maxLength={DRAFT_LIMITS.instructionName}
          error={instructionErrors?.name?.message}
          {...register(`instructions.${index}.name`)}
        />
        {onRemove && <RemoveButton label={t('draft.removeInstruction', { name })} onClick={onRemove} />}
      </div>
      <ol className="draft-editor__samples">
        {fields.map((field, n) => (
          <SampleFields
            key={field.id}
            instruction={index}
            index={n}
            reactionNames={reactionNames}
            onRemove={() => remove(n)}
          />
        ))}
      </ol>
      {instructionErrors?.samples?.message && (
        <p className="field__error">{instructionErrors.samples.message}</p>
      )}
      <AddButton
        label={t('draft.addSample')}
        disabled={fields.length >= DRAFT_LIMITS.samplesPerInstruction}
        onClick={() => append({ input: '', output: '', reaction: reactionNames[0] ?? '' })}
      />
      <SuggestedPhrasings instruction={instruction} onChange={onOffersChange} />
      <LiveRegion>{announcement && <p className="visually-hidden">{announcement}</p>}</LiveRegion>
    </div>
  );
}

interface SampleFieldsProps {
  instruction: number;
  index: number;
  reactionNames: string[];
  onRemove: () => void;
}

function SampleFields({ instruction, index, reactionNames, onRemove }: SampleFieldsProps) {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<DraftFormInput>();
  const path = `instructions.${instruction}.samples.${index}` as const;
  const reaction = useWatch({ control, name: `${path}.reaction` });
  const sampleErrors = errors.instructions?.[instruction]?.samples?.[index];
  const n = index + 1;
  // A reaction the list does not have (yet) stays choosable, so the example keeps it until it is fixed.
  const options =
    reaction && !reactionNames.includes(reaction) ? [...reactionNames, reaction] : reactionNames;

  return (
    <li className="draft-editor__sample">
      <fieldset className="draft-editor__sample-fields">
        <legend className="draft-editor__small-legend">{t('draft.example', { n })}</legend>
        <TextField
          label={t('draft.sampleInput')}
          autoComplete="off"
          maxLength={DRAFT_LIMITS.line}
          error={sampleErrors?.input?.message}
          {...register(`${path}.input`)}
        />
        <TextField
          label={t('draft.sampleOutput')}
          autoComplete="off"
          maxLength={DRAFT_LIMITS.line}
          error={sampleErrors?.output?.message}
          {...register(`${path}.output`)}
        />
        <SelectField
          className="draft-editor__reaction"
          label={t('draft.sampleReaction')}
          error={sampleErrors?.reaction?.message}
          options={
            options.length === 0
              ? [{ value: '', label: t('draft.noReactions') }]
              : options.map((option) => ({ value: option, label: option }))
          }
          {...register(`${path}.reaction`)}
        />
      </fieldset>
      <RemoveButton label={t('draft.removeSample', { n })} onClick={onRemove} />
    </li>
  );
}
