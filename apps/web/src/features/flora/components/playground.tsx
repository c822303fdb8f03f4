import type { Bloom, BloomSummary } from '@greenhouse/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../components/loader/loader';
import { Banner } from '../../../components/notice/notice';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { reactionLabel } from '../../../lib/reaction-label';
import { useAgentFile } from '../../../lib/agent-file';
import { FloraEngineError, type FloraEngine } from '../engine/flora-engine';
import type { LoadedAgent, NumberSlot, PlaygroundInstruction, RunResult } from '../engine/messages';
import { slotSize, startNumber } from '../engine/number-slots';
import { useFloraEngine } from '../engine/use-flora-engine';
import '../../../components/agent-card/agent-card.css';
import './flora.css';

type Guardrails = BloomSummary['instructions'][number]['guardrails'];

/** What the form holds for one instruction: a text per input line, and per line one string per number. */
interface Values {
  texts: string[];
  numbers: string[][];
}

function emptyValues(instruction: PlaygroundInstruction): Values {
  return {
    texts: instruction.inputs.map(() => ''),
    numbers: instruction.inputs.map((input) =>
      input.numberSlots.flatMap((slot) => Array.from({ length: slotSize(slot) }, () => startNumber(slot))),
    ),
  };
}

/** The bounds of each number box of a line, in order. */
const boxesOf = (slots: NumberSlot[]) =>
  slots.flatMap((slot) => Array.from({ length: slotSize(slot) }, () => slot));

/** The first number out of its range or not a number, as [line, box], or null. */
function invalidNumber(instruction: PlaygroundInstruction, values: Values): [number, number] | null {
  for (const [line, input] of instruction.inputs.entries()) {
    for (const [box, slot] of boxesOf(input.numberSlots).entries()) {
      const raw = values.numbers[line]?.[box] ?? '';
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) return [line, box];
      if ((slot.min !== null && n < slot.min) || (slot.max !== null && n > slot.max)) return [line, box];
    }
  }
  return null;
}

type Run =
  | { status: 'idle' }
  | { status: 'running'; text: string }
  | { status: 'done'; result: RunResult }
  | { status: 'failed'; error: FloraEngineError };

/**
 * The agent page's playground: the agent file is downloaded once and run here, in the browser, by Flora in a
 * Web Worker. Pick an instruction, fill its input lines (and numbers), and read the answer as it is written,
 * with its reaction and speed; the agent's guardrail examples are one-click tries.
 */
export function Playground({
  bloom,
}: {
  bloom: Pick<Bloom, 'id' | 'name' | 'downloadURL' | 'summary' | 'currentVersion'>;
}) {
  const { t } = useTranslation();
  const file = useAgentFile(bloom);
  const [attempt, setAttempt] = useState(0);
  const engine = useFloraEngine(file.data, attempt);

  let body;
  if (file.isError) {
    body = (
      <Banner
        tone="error"
        action={
          <button type="button" className="btn btn--outline" onClick={() => void file.refetch()}>
            {t('common.tryAgain')}
          </button>
        }
      >
        {t('playground.fileFailed')} {apiErrorMessage(t, file.error)}
      </Banner>
    );
  } else if (engine.status === 'failed') {
    body = (
      <Banner
        tone="error"
        action={
          <button type="button" className="btn btn--outline" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.tryAgain')}
          </button>
        }
      >
        {t('playground.engineFailed', { message: engine.error.message })}
      </Banner>
    );
  } else if (engine.status === 'ready') {
    body = <PlaygroundForm engine={engine.engine} agent={engine.agent} summary={bloom.summary} />;
  } else {
    body = (
      <p className="playground__loading">
        <Loader size="small" label={file.data ? t('playground.starting') : t('playground.downloading')} />
        <span aria-hidden="true">{file.data ? t('playground.starting') : t('playground.downloading')}</span>
      </p>
    );
  }

  return (
    <section className="agent-card agent-card--form playground" aria-labelledby="playground-heading">
      <h2 id="playground-heading" className="playground__heading">
        {t('playground.heading')}
      </h2>
      <p className="playground__intro">{t('playground.intro')}</p>
      {body}
    </section>
  );
}

interface FormProps {
  engine: FloraEngine;
  agent: LoadedAgent;
  summary: BloomSummary | null;
}

function PlaygroundForm({ engine, agent, summary }: FormProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [name, setName] = useState(agent.instructions[0]?.name ?? '');
  const instruction = agent.instructions.find((i) => i.name === name) ?? agent.instructions[0];
  const [values, setValues] = useState<Values>(() =>
    instruction ? emptyValues(instruction) : { texts: [], numbers: [] },
  );
  const [numberError, setNumberError] = useState<[number, number] | null>(null);
  const [run, setRun] = useState<Run>({ status: 'idle' });
  const running = run.status === 'running';

  if (!instruction) return <p>{t('playground.noInstructions')}</p>;

  const guardrails: Guardrails =
    summary?.instructions.find((i) => i.name === instruction.name)?.guardrails ?? [];
  const numberId = (line: number, box: number) => `${id}-n-${line}-${box}`;
  const format = (n: number, digits = 0) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(n);

  const choose = (next: string) => {
    const chosen = agent.instructions.find((i) => i.name === next);
    if (!chosen) return;
    setName(next);
    setValues(emptyValues(chosen));
    setNumberError(null);
  };

  const start = async (current: Values) => {
    const bad = invalidNumber(instruction, current);
    setNumberError(bad);
    if (bad) {
      document.getElementById(numberId(...bad))?.focus();
      return;
    }
    setRun({ status: 'running', text: '' });
    try {
      const result = await engine.run(
        {
          instruction: instruction.name,
          inputs: instruction.inputs.map((input, line) => ({
            text: current.texts[line] ?? '',
            ...(input.numberSlots.length > 0 ? { numbers: (current.numbers[line] ?? []).map(Number) } : {}),
          })),
        },
        (piece) => setRun((r) => (r.status === 'running' ? { status: 'running', text: r.text + piece } : r)),
      );
      setRun({ status: 'done', result });
    } catch (error) {
      setRun({
        status: 'failed',
        error:
          error instanceof FloraEngineError ? error : new FloraEngineError('unknown_error', String(error)),
      });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!running) void start(values);
  };

  const tryExample = (line: number, example: string) => {
    const next = { ...values, texts: values.texts.map((text, i) => (i === line ? example : text)) };
    setValues(next);
    void start(next);
  };

  /** The reaction as a person reads it: its name (and number), or that the agent refused; never its key. */
  const reactionText = (result: RunResult) =>
    result.refused
      ? t('playground.refused')
      : result.reactionValue !== null
        ? t('playground.reactionWithValue', {
            name: reactionLabel(result.reactionName),
            value: format(result.reactionValue, 6),
          })
        : reactionLabel(result.reactionName);

  /** Why a run failed, in the UI's language: a prompt too long says the agent's limit. */
  const failureText = (error: FloraEngineError) =>
    error.code === 'prompt_too_long'
      ? t('playground.promptTooLong', { limit: format(agent.promptLimit) })
      : t('playground.runFailed', { message: error.message });

  const announcement =
    run.status === 'done'
      ? t('playground.announceAnswer', {
          output: run.result.output || t('playground.noText'),
          reaction: reactionText(run.result),
        })
      : run.status === 'failed'
        ? failureText(run.error)
        : running
          ? t('playground.running')
          : '';

  return (
    <>
      <form className="playground__form" noValidate onSubmit={submit} aria-busy={running || undefined}>
        <div className="field">
          <label htmlFor={`${id}-instruction`} className="field__label">
            {t('playground.instruction')}
          </label>
          <div className="field__control">
            <select
              id={`${id}-instruction`}
              className="field__input playground__select"
              value={instruction.name}
              onChange={(e) => choose(e.target.value)}
            >
              {agent.instructions.map((i) => (
                <option key={i.name} value={i.name}>
                  {i.name}
                </option>
              ))}
            </select>
          </div>
        </div>

        {instruction.inputs.map((input, line) => {
          const boxes = boxesOf(input.numberSlots);
          const textId = `${id}-t-${line}`;
          return (
            <div key={`${instruction.name}-${line}`} className="playground__line">
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
                    onChange={(e) =>
                      setValues((v) => ({
                        ...v,
                        texts: v.texts.map((s, i) => (i === line ? e.target.value : s)),
                      }))
                    }
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
                        <div
                          className={invalid ? 'field__control field__control--invalid' : 'field__control'}
                        >
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
                            onChange={(e) =>
                              setValues((v) => ({
                                ...v,
                                numbers: v.numbers.map((list, i) =>
                                  i === line ? list.map((s, j) => (j === box ? e.target.value : s)) : list,
                                ),
                              }))
                            }
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
        })}

        <button type="submit" className="btn btn--primary playground__run" disabled={running}>
          {running ? t('playground.running') : t('playground.run')}
        </button>
      </form>

      {guardrails.length > 0 && (
        <div className="playground__tries">
          <h3 className="playground__subheading">{t('playground.guardrailsHeading')}</h3>
          {guardrails.map((guardrail) => (
            <div key={guardrail.line} className="playground__try-group">
              <p className="playground__try-text">
                {t('playground.guardrailsText', { n: guardrail.line + 1, output: guardrail.output })}
              </p>
              <ul className="playground__try-list">
                {guardrail.examples.map((example) => (
                  <li key={example}>
                    <button
                      type="button"
                      className="playground__try"
                      disabled={running}
                      aria-label={t('playground.tryExample', { example, n: guardrail.line + 1 })}
                      onClick={() => tryExample(guardrail.line, example)}
                    >
                      {example}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}

      <div className="playground__answer">
        <h3 className="playground__subheading">{t('playground.answer')}</h3>
        {run.status === 'failed' ? (
          <p className="playground__error" data-code={run.error.code}>
            {failureText(run.error)}
          </p>
        ) : (
          <p
            className="playground__output"
            data-state={run.status}
            data-empty={(run.status === 'done' && run.result.output === '') || undefined}
            aria-busy={running || undefined}
          >
            {run.status === 'running'
              ? run.text
              : run.status === 'done'
                ? run.result.output || t('playground.noText')
                : t('playground.empty')}
            {running && <span className="playground__caret" aria-hidden="true" />}
          </p>
        )}
        {run.status === 'done' && (
          <dl className="playground__facts">
            <div>
              <dt>{t('playground.reaction')}</dt>
              <dd>
                <span
                  className="playground__reaction"
                  data-reaction={run.result.reaction}
                  data-refused={run.result.refused || undefined}
                >
                  {reactionText(run.result)}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t('playground.tokens')}</dt>
              <dd>{format(run.result.tokens)}</dd>
            </div>
            <div>
              <dt>{t('playground.speed')}</dt>
              <dd>{t('playground.tokensPerSecond', { value: format(run.result.tokensPerSecond) })}</dd>
            </div>
          </dl>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
