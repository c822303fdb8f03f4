import { useTranslation } from 'react-i18next';
import type { PlaygroundInstruction } from '../engine/messages';
import { boxesOf, withNumber, withText, type Values } from './playground-values';

interface PlaygroundLineProps {
  /** The form's id prefix (the ids of a line's boxes are `${id}-t-${line}` and `numberId(line, box)`). */
  id: string;
  input: PlaygroundInstruction['inputs'][number];
  line: number;
  values: Values;
  setValues: (update: (values: Values) => Values) => void;
  /** The box found invalid at the last run, as [line, box]. */
  numberError: [number, number] | null;
  numberId: (line: number, box: number) => string;
  format: (n: number, digits?: number) => string;
}

/** One input line of the playground: its text, and the number boxes of its number slots with their ranges. */
export function PlaygroundLine({
  id,
  input,
  line,
  values,
  setValues,
  numberError,
  numberId,
  format,
}: PlaygroundLineProps) {
  const { t } = useTranslation();
  const boxes = boxesOf(input.numberSlots);
  const textId = `${id}-t-${line}`;
  return (
    <div className="playground__line">
      <div className="field">
        <label htmlFor={textId} className="field__label">
          {t('playground.line', { n: line + 1 })}
        </label>
        <div className="field__control">
          <input
            id={textId}
            type="text"
            className="field__input"
            autoComplete="off"
            spellCheck={false}
            value={values.texts[line] ?? ''}
            aria-describedby={input.label ? `${textId}-hint` : undefined}
            onChange={(e) => setValues((v) => withText(v, line, e.target.value))}
          />
        </div>
        {input.label && (
          <p id={`${textId}-hint`} className="field__hint">
            {t('playground.lineTokens', { tokens: input.label })}
          </p>
        )}
      </div>
      {boxes.length > 0 && (
        <fieldset className="playground__numbers">
          <legend className="field__label">{t('playground.numbers', { n: line + 1 })}</legend>
          {boxes.map((slot, box) => {
            const invalid = numberError?.[0] === line && numberError[1] === box;
            const range = t('playground.range', {
              min: slot.min === null ? '−∞' : format(slot.min, 6),
              max: slot.max === null ? '∞' : format(slot.max, 6),
            });
            return (
              <div key={box} className="playground__number">
                <label htmlFor={numberId(line, box)} className="playground__number-label">
                  {t('playground.number', { n: box + 1 })}
                  <span className="visually-hidden">, {range}</span>
                </label>
                <div className={invalid ? 'field__control field__control--invalid' : 'field__control'}>
                  <input
                    id={numberId(line, box)}
                    type="number"
                    inputMode="decimal"
                    step="any"
                    className="field__input"
                    min={slot.min ?? undefined}
                    max={slot.max ?? undefined}
                    value={values.numbers[line]?.[box] ?? ''}
                    aria-invalid={invalid || undefined}
                    aria-describedby={invalid ? `${numberId(line, box)}-error` : undefined}
                    onChange={(e) => setValues((v) => withNumber(v, line, box, e.target.value))}
                  />
                </div>
                <span className="field__hint" aria-hidden="true">
                  {range}
                </span>
                {invalid && (
                  <span id={`${numberId(line, box)}-error`} className="field__error">
                    {t('playground.numberInvalid', { range })}
                  </span>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}
