import type { ChatDetail } from '@greenhouse/contracts';
import { DRAFT_LIMITS } from '@greenhouse/mtp';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import { Banner, LiveRegion } from '../../../components/notice/notice';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSaveDraft } from '../api/chat';
import {
  draftErrorMap,
  draftFormSchema,
  draftFormValues,
  draftFromForm,
  type DraftFormInput,
  type DraftFormValues,
} from '../draft-form';
import { AddButton, RemoveButton } from './draft-editor-buttons';
import { InstructionFields } from './draft-editor-instruction';
import './chat-pane.css';
import './draft-summary.css';
import './draft-editor.css';

interface DraftEditorProps {
  chat: ChatDetail;
  /** Leaves the editor: after a save, or on Cancel (the changes are dropped). */
  onClose: () => void;
}

/**
 * The draft, editable: every part of it, checked with the draft's own schema (errors show once a field was
 * left, and all on Save). Save stores it (PUT …/draft, free); Cancel drops the changes.
 */
export function DraftEditor({ chat, onClose }: DraftEditorProps) {
  const { t } = useTranslation();
  const { notify } = useToast();
  const save = useSaveDraft(chat.id);
  const resolver = useMemo(() => zodResolver(draftFormSchema, { error: draftErrorMap(t) }), [t]);
  const form = useForm<DraftFormInput, unknown, DraftFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: draftFormValues(chat.draft),
  });
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;

  // Editing starts at the top: the name.
  useEffect(() => setFocus('name'), [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(draftFromForm(values, chat.draft));
    } catch {
      return; // Shown below from save.error.
    }
    notify(t('draft.saved'));
    onClose();
  });

  const invalid = isSubmitted && Object.keys(errors).length > 0;

  return (
    <FormProvider {...form}>
      <form
        className="draft-editor"
        noValidate
        aria-label={t('draft.editorLabel')}
        onSubmit={(event) => void onSubmit(event)}
      >
        <div className="chat-pane__body draft-editor__fields">
          <TextField
            label={t('draft.name')}
            autoComplete="off"
            maxLength={DRAFT_LIMITS.name}
            error={errors.name?.message}
            {...register('name')}
          />
          <TextAreaField
            label={t('draft.description')}
            maxLength={DRAFT_LIMITS.description}
            error={errors.description?.message}
            {...register('description')}
          />
          <TextRows
            name="context"
            legend={t('draft.context')}
            rowLabel={(n) => t('draft.fact', { n })}
            removeLabel={(n) => t('draft.removeFact', { n })}
            addLabel={t('draft.addFact')}
            max={DRAFT_LIMITS.contextLines}
            maxLength={DRAFT_LIMITS.contextLine}
          />
          <ReactionRows />
          <InstructionList />
          <fieldset className="draft-editor__group">
            <legend className="draft-editor__legend">{t('draft.guardrail')}</legend>
            <p className="draft__hint">{t('draft.guardrailHint')}</p>
            <TextField
              label={t('draft.guardrailOutput')}
              autoComplete="off"
              maxLength={DRAFT_LIMITS.line}
              error={errors.guardrail?.badOutput?.message}
              {...register('guardrail.badOutput')}
            />
            <TextRows
              name="guardrail.badExamples"
              legend={t('draft.guardrailExamples')}
              rowLabel={(n) => t('draft.badExample', { n })}
              removeLabel={(n) => t('draft.removeBadExample', { n })}
              addLabel={t('draft.addBadExample')}
              max={DRAFT_LIMITS.badExamples}
              maxLength={DRAFT_LIMITS.line}
            />
          </fieldset>
        </div>
        <div className="chat-pane__foot draft-editor__actions">
          <LiveRegion assertive>
            {invalid && <Banner tone="error">{t('draft.formInvalid')}</Banner>}
            {save.isError && <Banner tone="error">{apiErrorMessage(t, save.error)}</Banner>}
          </LiveRegion>
          <div className="draft-editor__buttons">
            <button type="button" className="btn btn--outline" onClick={onClose} disabled={isSubmitting}>
              {t('common.cancel')}
            </button>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={isSubmitting}
              aria-busy={isSubmitting}
            >
              {isSubmitting ? t('common.saving') : t('draft.save')}
            </button>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}

interface TextRowsProps {
  name: 'context' | 'guardrail.badExamples';
  legend: string;
  rowLabel: (n: number) => string;
  removeLabel: (n: number) => string;
  addLabel: string;
  max: number;
  maxLength: number;
}

/** A list of single texts (world facts, things to refuse): one field a row, with Remove, and Add. */
function TextRows({ name, legend, rowLabel, removeLabel, addLabel, max, maxLength }: TextRowsProps) {
  const { control, register, getFieldState, formState } = useFormContext<DraftFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name });
  const listError = getFieldState(name, formState).error?.message;
  return (
    <fieldset className="draft-editor__group">
      <legend className="draft-editor__legend">{legend}</legend>
      {fields.map((field, index) => (
        <div key={field.id} className="draft-editor__row">
          <TextField
            className="draft-editor__grow"
            label={rowLabel(index + 1)}
            autoComplete="off"
            maxLength={maxLength}
            error={getFieldState(`${name}.${index}.text`, formState).error?.message}
            {...register(`${name}.${index}.text`)}
          />
          <RemoveButton label={removeLabel(index + 1)} onClick={() => remove(index)} />
        </div>
      ))}
      {listError && <p className="field__error">{listError}</p>}
      <AddButton label={addLabel} disabled={fields.length >= max} onClick={() => append({ text: '' })} />
    </fieldset>
  );
}

/** The reactions: a name (it becomes a token) and when the agent reacts that way. */
function ReactionRows() {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<DraftFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'reactions' });
  return (
    <fieldset className="draft-editor__group">
      <legend className="draft-editor__legend">{t('draft.reactions')}</legend>
      <p className="draft__hint">{t('draft.reactionsHint')}</p>
      {fields.map((field, index) => {
        const n = index + 1;
        return (
          <div key={field.id} className="draft-editor__row draft-editor__card">
            <fieldset className="draft-editor__grow draft-editor__pair">
              <legend className="draft-editor__small-legend">{t('draft.reaction', { n })}</legend>
              <TextField
                label={t('draft.reactionName')}
                autoComplete="off"
                maxLength={DRAFT_LIMITS.reactionName}
                error={errors.reactions?.[index]?.name?.message}
                {...register(`reactions.${index}.name`)}
              />
              <TextField
                label={t('draft.reactionDescription')}
                autoComplete="off"
                maxLength={DRAFT_LIMITS.reactionDescription}
                error={errors.reactions?.[index]?.description?.message}
                {...register(`reactions.${index}.description`)}
              />
            </fieldset>
            <RemoveButton label={t('draft.removeReaction', { n })} onClick={() => remove(index)} />
          </div>
        );
      })}
      <AddButton
        label={t('draft.addReaction')}
        disabled={fields.length >= DRAFT_LIMITS.reactions}
        onClick={() => append({ name: '', description: '' })}
      />
    </fieldset>
  );
}

/** The instruction sets, each with its examples; at least one. */
function InstructionList() {
  const { t } = useTranslation();
  const { control } = useFormContext<DraftFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'instructions' });
  return (
    <fieldset className="draft-editor__group">
      <legend className="draft-editor__legend">{t('draft.instructions')}</legend>
      <p className="draft__hint">{t('draft.instructionsHint')}</p>
      {fields.map((field, index) => (
        <InstructionFields
          key={field.id}
          index={index}
          onRemove={fields.length > 1 ? () => remove(index) : null}
        />
      ))}
      <AddButton
        label={t('draft.addInstruction')}
        disabled={fields.length >= DRAFT_LIMITS.instructions}
        onClick={() => append({ name: `instruction_${fields.length + 1}`, samples: [] })}
      />
    </fieldset>
  );
}
