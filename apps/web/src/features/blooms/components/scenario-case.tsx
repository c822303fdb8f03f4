import { REFUSE } from '@greenhouse/contracts';
import { useId } from 'react';
import { useController, type FieldError, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from '../../../components/form/field-frame';
import { visibleFieldError } from '../../../lib/form-errors';
import { reactionLabel } from '../../../lib/reaction-label';
import { emptyScenario, type ScenarioInstruction, type ScenariosValues } from '../scenarios-form';
import './scenario-case.css';

interface ScenarioCaseProps {
  form: UseFormReturn<ScenariosValues>;
  index: number;
  instructions: readonly ScenarioInstruction[];
  onRemove: () => void;
  disabled: boolean;
}

/** A reaction as the expect box offers it: its name, and its key when that reads differently. */
function reactionText(reaction: { key: string; name: string }): string {
  const name = reactionLabel(reaction.name);
  return name === reactionLabel(reaction.key) ? name : `${name} (${reaction.key})`;
}

/** One case of the scenarios editor: its instruction, input lines (and numbers) and the expected reaction. */
export function ScenarioCase({ form, index, instructions, onRemove, disabled }: ScenarioCaseProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { control, register, setValue, clearErrors, getFieldState, formState } = form;
  const prefix = `scenarios.${index}` as const;
  // The two choices are controlled: registered uncontrolled, the expect box's saved choice was read back as
  // the empty "choose" option (react-hook-form reads a select's DOM value when it registers it).
  const { field: instructionField, fieldState: instructionState } = useController({
    control,
    name: `${prefix}.instruction`,
  });
  const { field: expectField, fieldState: expectState } = useController({
    control,
    name: `${prefix}.expect`,
  });
  const instruction = instructions.find((i) => i.name === instructionField.value);
  const lines = instruction?.lines ?? [];
  const visible = (state: { error?: FieldError | undefined; isTouched: boolean }) =>
    visibleFieldError(t, state.error, state.isTouched, formState.isSubmitted);
  /** A text or number box's error: a leaf of the form, so its error is a FieldError. */
  const shown = (path: Path<ScenariosValues>) => {
    const state = getFieldState(path, formState);
    return visible({ error: state.error as FieldError | undefined, isTouched: state.isTouched });
  };
  const format = (n: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 }).format(n);

  // Another instruction has other lines and reactions: the case starts over on it.
  const chooseInstruction = (name: string) => {
    instructionField.onChange(name);
    setValue(`${prefix}.inputs`, emptyScenario(instructions.find((i) => i.name === name)).inputs);
    expectField.onChange('');
    clearErrors([`${prefix}.inputs`, `${prefix}.expect`]);
  };

  return (
    <fieldset className="scenario-case" disabled={disabled}>
      <legend className="scenario-case__legend">{t('scenarios.case', { n: index + 1 })}</legend>

      <FieldFrame label={t('scenarios.instruction')} error={visible(instructionState)}>
        {(frame) => (
          <select
            className="field__input field__select"
            {...frame}
            ref={instructionField.ref}
            name={instructionField.name}
            value={instructionField.value}
            onChange={(event) => chooseInstruction(event.target.value)}
            onBlur={instructionField.onBlur}
          >
            {!instruction && <option value="">{t('scenarios.chooseInstruction')}</option>}
            {instructions.map((i) => (
              <option key={i.name} value={i.name}>
                {i.name}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>

      {lines.map((line, l) => (
        <div key={`${name}-${l}`} className="scenario-case__line">
          <FieldFrame label={t('scenarios.line', { n: l + 1 })} error={shown(`${prefix}.inputs.${l}.text`)}>
            {(frame) => (
              <input
                type="text"
                className="field__input"
                autoComplete="off"
                spellCheck={false}
                {...frame}
                {...register(`${prefix}.inputs.${l}.text`)}
              />
            )}
          </FieldFrame>
          {line.numbers.length > 0 && (
            <fieldset className="scenario-case__numbers">
              <legend className="field__label">{t('scenarios.numbers', { n: l + 1 })}</legend>
              {line.numbers.map((range, k) => {
                const rangeText = t('scenarios.range', { min: format(range.min), max: format(range.max) });
                return (
                  <FieldFrame
                    key={k}
                    id={`${id}-n-${l}-${k}`}
                    className="scenario-case__number"
                    label={t('scenarios.number', { n: k + 1 })}
                    hint={rangeText}
                    error={shown(`${prefix}.inputs.${l}.numbers.${k}`)}
                  >
                    {(frame) => (
                      <input
                        type="number"
                        inputMode="decimal"
                        step="any"
                        className="field__input"
                        min={range.min}
                        max={range.max}
                        {...frame}
                        {...register(`${prefix}.inputs.${l}.numbers.${k}`)}
                      />
                    )}
                  </FieldFrame>
                );
              })}
            </fieldset>
          )}
        </div>
      ))}

      <FieldFrame label={t('scenarios.expect')} error={visible(expectState)}>
        {(frame) => (
          <select className="field__input field__select" {...frame} {...expectField}>
            <option value="">{t('scenarios.chooseExpect')}</option>
            {instruction?.reactions.map((reaction) => (
              <option key={reaction.key} value={reaction.key}>
                {reactionText(reaction)}
              </option>
            ))}
            {instruction?.canRefuse && <option value={REFUSE}>{t('scenarios.refuse')}</option>}
          </select>
        )}
      </FieldFrame>

      <button type="button" className="btn btn--outline scenario-case__remove" onClick={onRemove}>
        {t('scenarios.remove', { n: index + 1 })}
      </button>
    </fieldset>
  );
}
