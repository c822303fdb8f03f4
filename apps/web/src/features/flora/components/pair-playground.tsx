import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../components/loader/loader';
import { useAgentFile } from '../../../lib/agent-file';
import { reactionLabel } from '../../../lib/reaction-label';
import { FloraEngineError } from '../engine/flora-engine';
import type { RunResult } from '../engine/messages';
import { slotSize, startNumber } from '../engine/number-slots';
import { useFloraEngine } from '../engine/use-flora-engine';
import './flora.css';

/** One version as the pair playground runs it: its number and where its agent file downloads. */
export interface PlaygroundVersion {
  number: number;
  downloadURL: string;
}

type Answer = { status: 'done'; result: RunResult } | { status: 'failed'; message: string };

/**
 * One input, run on two versions of an agent at once (issue 33's compare): each version's file is downloaded
 * once and run by Flora in a worker of its own; the answers (line and reaction) show side by side. Number
 * slots take the full playground's starting number (0, or the nearer bound): it is the place for numbers.
 */
export function PairPlayground({
  bloomId,
  a,
  b,
}: {
  bloomId: string;
  a: PlaygroundVersion;
  b: PlaygroundVersion;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fileA = useAgentFile({ id: bloomId, downloadURL: a.downloadURL, currentVersion: a.number });
  const fileB = useAgentFile({ id: bloomId, downloadURL: b.downloadURL, currentVersion: b.number });
  const engineA = useFloraEngine(fileA.data);
  const engineB = useFloraEngine(fileB.data);
  const [name, setName] = useState('');
  const [texts, setTexts] = useState<string[]>([]);
  const [answers, setAnswers] = useState<[Answer, Answer] | null>(null);
  const [running, setRunning] = useState(false);

  if (fileA.isError || fileB.isError || engineA.status === 'failed' || engineB.status === 'failed')
    return <p role="alert">{t('compare.playground.failed')}</p>;
  if (engineA.status !== 'ready' || engineB.status !== 'ready')
    return <Loader size="small" label={t('compare.playground.loading')} />;

  const instructions = engineA.agent.instructions;
  const instruction = instructions.find((i) => i.name === name) ?? instructions[0];
  if (!instruction) return null;

  const ask = async (engine: typeof engineA.engine): Promise<Answer> => {
    try {
      const result = await engine.run({
        instruction: instruction.name,
        inputs: instruction.inputs.map((input, line) => ({
          text: texts[line] ?? '',
          ...(input.numberSlots.length > 0
            ? {
                numbers: input.numberSlots.flatMap((slot) =>
                  Array.from({ length: slotSize(slot) }, () => Number(startNumber(slot))),
                ),
              }
            : {}),
        })),
      });
      return { status: 'done', result };
    } catch (error) {
      return { status: 'failed', message: error instanceof FloraEngineError ? error.message : String(error) };
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRunning(true);
    setAnswers([await ask(engineA.engine), await ask(engineB.engine)]);
    setRunning(false);
  };

  const answerText = (answer: Answer) =>
    answer.status === 'failed'
      ? t('compare.playground.runFailed', { message: answer.message })
      : `${answer.result.output} — ${
          answer.result.refused ? t('playground.refused') : reactionLabel(answer.result.reactionName)
        }`;

  return (
    <div className="pair-playground">
      <h3 className="pair-playground__heading">{t('compare.playground.heading')}</h3>
      <form
        className="playground__form"
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-busy={running || undefined}
      >
        <div className="field">
          <label htmlFor={`${id}-instruction`} className="field__label">
            {t('playground.instruction')}
          </label>
          <select
            id={`${id}-instruction`}
            className="field__input playground__select"
            value={instruction.name}
            onChange={(e) => {
              setName(e.target.value);
              setTexts([]);
              setAnswers(null);
            }}
          >
            {instructions.map((i) => (
              <option key={i.name} value={i.name}>
                {i.name}
              </option>
            ))}
          </select>
        </div>
        {instruction.inputs.map((_, line) => (
          <div key={`${instruction.name}-${line}`} className="field">
            <label htmlFor={`${id}-t-${line}`} className="field__label">
              {t('playground.line', { n: line + 1 })}
            </label>
            <input
              id={`${id}-t-${line}`}
              type="text"
              className="field__input"
              autoComplete="off"
              value={texts[line] ?? ''}
              onChange={(e) => setTexts((v) => Object.assign([...v], { [line]: e.target.value }))}
            />
          </div>
        ))}
        <button type="submit" className="btn btn--primary" disabled={running}>
          {t('compare.playground.run')}
        </button>
      </form>
      <div aria-live="polite">
        {answers && (
          <dl className="pair-playground__answers">
            {[a, b].map((version, i) => (
              <div key={version.number}>
                <dt>{t('compare.playground.answerOf', { n: version.number })}</dt>
                <dd>{answerText(answers[i as 0 | 1])}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </div>
  );
}
