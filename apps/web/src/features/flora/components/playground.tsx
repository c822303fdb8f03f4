import type { Bloom, BloomSummary } from '@greenhouse/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/form/select-field';
import { Loader } from '../../../components/loader/loader';
import { Banner } from '../../../components/notice/notice';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useAgentFile } from '../../../lib/agent-file';
import { FloraEngineError, type FloraEngine } from '../engine/flora-engine';
import type { LoadedAgent } from '../engine/messages';
import { useFloraEngine } from '../engine/use-flora-engine';
import { GuardrailTries, type Guardrails } from './guardrail-tries';
import { PlaygroundAnswer, useRunTexts, type Run } from './playground-answer';
import { PlaygroundLine } from './playground-line';
import { emptyValues, invalidNumber, withText, type Values } from './playground-values';
import '../../../components/bloom-card/bloom-card.css';
import './flora.css';

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
    <section className="bloom-card bloom-card--form playground" aria-labelledby="playground-heading">
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
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(agent.instructions[0]?.name ?? '');
  const instruction = agent.instructions.find((i) => i.name === name) ?? agent.instructions[0];
  const [values, setValues] = useState<Values>(() =>
    instruction ? emptyValues(instruction) : { texts: [], numbers: [] },
  );
  const [numberError, setNumberError] = useState<[number, number] | null>(null);
  const [run, setRun] = useState<Run>({ status: 'idle' });
  const { format } = useRunTexts(agent.promptLimit);
  const running = run.status === 'running';

  if (!instruction) return <p>{t('playground.noInstructions')}</p>;

  const guardrails: Guardrails =
    summary?.instructions.find((i) => i.name === instruction.name)?.guardrails ?? [];
  const numberId = (line: number, box: number) => `${id}-n-${line}-${box}`;

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
    const next = withText(values, line, example);
    setValues(next);
    void start(next);
  };

  return (
    <>
      <form className="playground__form" noValidate onSubmit={submit} aria-busy={running || undefined}>
        <SelectField
          id={`${id}-instruction`}
          label={t('playground.instruction')}
          value={instruction.name}
          onChange={(e) => choose(e.target.value)}
          options={agent.instructions.map((i) => ({ value: i.name, label: i.name }))}
        />
        {instruction.inputs.map((input, line) => (
          <PlaygroundLine
            key={`${instruction.name}-${line}`}
            {...{ id, input, line, values, setValues, numberError, numberId, format }}
          />
        ))}
        <button type="submit" className="btn btn--primary playground__run" disabled={running}>
          {running ? t('playground.running') : t('playground.run')}
        </button>
      </form>
      <GuardrailTries guardrails={guardrails} disabled={running} onTry={tryExample} />
      <PlaygroundAnswer run={run} promptLimit={agent.promptLimit} />
    </>
  );
}
