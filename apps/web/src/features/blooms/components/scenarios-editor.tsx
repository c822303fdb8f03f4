import { SCENARIOS_MAX, type ScenariosDocument } from '@greenhouse/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorBanner } from '../../../components/form/form-error-banner';
import { SubmitButton } from '../../../components/form/submit-button';
import { LiveRegion } from '../../../components/notice/notice';
import { errorCodeOf } from '../../../lib/api-error-message';
import { SERVER_ERROR_TYPE, type FormErrorOutcome } from '../../../lib/form-errors';
import {
  emptyScenario,
  saveErrorField,
  saveErrorKey,
  scenariosFormSchema,
  toDocument,
  toValues,
  type ScenarioInstruction,
  type ScenariosValues,
} from '../scenarios-form';
import { ScenarioCase } from './scenario-case';
import { ScenarioResults, type VersionScenarioResults } from './scenario-results';
import '../../../components/bloom-card/bloom-card.css';
import './scenarios-editor.css';

interface ScenariosEditorProps {
  /** The agent's instructions (its current version's), with their lines, number ranges and reactions. */
  instructions: readonly ScenarioInstruction[];
  /** The saved scenarios. */
  document: ScenariosDocument;
  /** Saves the scenarios; a rejection with an API error puts its message on the field it names. */
  onSave: (document: ScenariosDocument) => Promise<unknown>;
  /** Each trained version's results, when there are any to show. */
  results?: readonly VersionScenarioResults[];
}

/**
 * The agent page's scenario tests (issue 33): cases of an instruction, its input lines (and numbers) and the
 * reaction expected or a refusal, which each trained version is run against; and whether only versions that
 * pass every case may be downloaded. Checked here as typed, and by the server against the agent on save.
 */
export function ScenariosEditor({ instructions, document, onSave, results }: ScenariosEditorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const [formError, setFormError] = useState<FormErrorOutcome<string> | null>(null);
  const [saved, setSaved] = useState(false);
  const schema = useMemo(() => scenariosFormSchema(instructions), [instructions]);
  const form = useForm<ScenariosValues>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: toValues(document, instructions),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'scenarios' });
  const busy = form.formState.isSubmitting;
  const full = fields.length >= SCENARIOS_MAX;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    try {
      await onSave(toDocument(values));
      form.reset(values);
      setSaved(true);
    } catch (error) {
      const field = saveErrorField(error, values);
      const messageKey = saveErrorKey(error);
      if (field)
        form.setError(
          field as Path<ScenariosValues>,
          { type: SERVER_ERROR_TYPE, message: messageKey },
          { shouldFocus: true },
        );
      else setFormError({ kind: 'form', code: errorCodeOf(error), messageKey });
    }
  });

  const add = () => {
    setSaved(false);
    append(emptyScenario(instructions[0]), { focusName: `scenarios.${fields.length}.instruction` });
  };
  const removeAt = (index: number) => {
    setSaved(false);
    remove(index);
    // The removed case's button is gone: the focus goes on to adding one.
    addRef.current?.focus();
  };

  return (
    <section className="bloom-card bloom-card--form scenarios" aria-labelledby={headingId}>
      <h2 id={headingId} className="scenarios__heading">
        {t('scenarios.heading')}
      </h2>
      <p className="scenarios__intro">{t('scenarios.intro')}</p>
      <form className="scenarios__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {fields.length === 0 && <p className="scenarios__empty">{t('scenarios.empty')}</p>}
        {fields.map((field, index) => (
          <ScenarioCase
            key={field.id}
            form={form}
            index={index}
            instructions={instructions}
            onRemove={() => removeAt(index)}
            disabled={busy}
          />
        ))}
        <div className="scenarios__add">
          <button
            ref={addRef}
            type="button"
            className="btn btn--outline"
            onClick={add}
            disabled={busy || full || instructions.length === 0}
            aria-describedby={full ? `${headingId}-full` : undefined}
          >
            {t('scenarios.add')}
          </button>
          {full && (
            <p id={`${headingId}-full`} className="field__hint">
              {t('scenarios.limit', { max: SCENARIOS_MAX })}
            </p>
          )}
        </div>
        <label className="scenarios__gate">
          <input type="checkbox" disabled={busy} {...form.register('gateDownload')} />
          <span>{t('scenarios.gateDownload')}</span>
        </label>
        <FormErrorBanner error={formError} />
        <SubmitButton
          className="btn btn--primary scenarios__save"
          busy={busy}
          label={t('scenarios.save')}
          busyLabel={t('scenarios.saving')}
        />
        <LiveRegion>{saved && <p className="scenarios__saved">{t('scenarios.saved')}</p>}</LiveRegion>
      </form>
      {results && results.length > 0 && <ScenarioResults versions={results} instructions={instructions} />}
    </section>
  );
}
