import type { ProtocolDiffResponse } from '@greenhouse/contracts';
import { formatNumberList } from '@greenhouse/mtp';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { reactionLabel } from '../../../lib/reaction-label';
import './version-diff.css';

type Instruction = ProtocolDiffResponse['instructions'][number];
type Reaction = Instruction['reactions'][number];
type Sample = Reaction['added'][number];
type Guardrails = Instruction['guardrails'];
type ChangeKind = 'added' | 'removed' | 'changed';

/** The sign each kind of change is drawn with; a hidden word says it to screen readers (not colour alone). */
const SIGNS: Record<ChangeKind, string> = { added: '+', removed: '−', changed: '±' };
/** Input lines of one example, as one phrase (as the quality card writes them). */
const PHRASE_SEPARATOR = ' / ';

/** A sample's numbers as the model reads a list, every line's in order; '' when it has none. */
function numbersOf(sample: Sample): string {
  const numbers = [...sample.numbers.flat(), ...sample.numberLists.flat(2)];
  return numbers.length === 0 ? '' : formatNumberList(numbers);
}

const reactionChanged = (reaction: Reaction) =>
  reaction.status !== 'kept' || reaction.added.length + reaction.removed.length + reaction.changed.length > 0;

const guardrailsChanged = (guardrails: Guardrails) =>
  guardrails.added.length + guardrails.removed.length + guardrails.changed.length > 0;

/** What changed in the protocol from version A to B: counts, then per instruction, reaction and guardrail. */
export function VersionDiff({ diff }: { diff: ProtocolDiffResponse }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const language = currentLanguage(i18n);
  const { summary } = diff;
  const counts = (added: number, removed: number, changed: number) =>
    t('compare.summary.counts', {
      added: formatInteger(added, language),
      removed: formatInteger(removed, language),
      changed: formatInteger(changed, language),
    });
  const changes = diff.instructions.filter(
    (i) => i.status !== 'kept' || i.reactions.some(reactionChanged) || guardrailsChanged(i.guardrails),
  );
  return (
    <section className="version-diff" aria-labelledby={headingId}>
      <h3 id={headingId} className="version-diff__heading">
        {t('compare.changesHeading')}
      </h3>
      <dl className="version-diff__summary" aria-label={t('compare.summary.label')}>
        <div>
          <dt>{t('compare.summary.examples')}</dt>
          <dd>{counts(summary.samplesAdded, summary.samplesRemoved, summary.samplesChanged)}</dd>
        </div>
        <div>
          <dt>{t('compare.summary.guardrails')}</dt>
          <dd>{counts(summary.guardrailsAdded, summary.guardrailsRemoved, summary.guardrailsChanged)}</dd>
        </div>
        <div>
          <dt>{t('compare.summary.instructions')}</dt>
          <dd>
            {t('compare.summary.instructionCounts', {
              added: formatInteger(summary.instructionsAdded, language),
              removed: formatInteger(summary.instructionsRemoved, language),
            })}
          </dd>
        </div>
      </dl>
      {changes.length === 0 ? (
        <p className="version-diff__none">{t('compare.noChanges')}</p>
      ) : (
        changes.map((instruction) => <InstructionChanges key={instruction.name} instruction={instruction} />)
      )}
    </section>
  );
}

function InstructionChanges({ instruction }: { instruction: Instruction }) {
  const { t } = useTranslation();
  const headingId = useId();
  const reactions = instruction.reactions.filter(reactionChanged);
  return (
    <section className="version-diff__instruction" aria-labelledby={headingId}>
      <h4 id={headingId} className="version-diff__instruction-heading">
        {t('compare.instructionHeading', { name: instruction.name })}
        {instruction.status !== 'kept' && (
          <StatusBadge>{t(`compare.instructionStatus.${instruction.status}`)}</StatusBadge>
        )}
      </h4>
      {reactions.map((reaction) => (
        <ReactionChanges key={reaction.name} reaction={reaction} />
      ))}
      {guardrailsChanged(instruction.guardrails) && <GuardrailChanges guardrails={instruction.guardrails} />}
    </section>
  );
}

/** "new in B", "not in B": words in a pill, after the heading's text (a space keeps them apart when read). */
function StatusBadge({ children }: { children: ReactNode }) {
  return (
    <>
      {' '}
      <span className="version-diff__badge">{children}</span>
    </>
  );
}

function ReactionChanges({ reaction }: { reaction: Reaction }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const language = currentLanguage(i18n);
  return (
    <section className="version-diff__reaction" aria-labelledby={headingId}>
      <h5 id={headingId} className="version-diff__reaction-heading">
        {t('compare.reactionHeading', { name: reactionLabel(reaction.name) })}
        {reaction.status !== 'kept' && (
          <StatusBadge>{t(`compare.reactionStatus.${reaction.status}`)}</StatusBadge>
        )}
      </h5>
      <ul className="version-diff__list" aria-labelledby={headingId}>
        {reaction.added.map((sample, index) => (
          <Change key={`added-${index}`} kind="added">
            <SampleText sample={sample} />
          </Change>
        ))}
        {reaction.removed.map((sample, index) => (
          <Change key={`removed-${index}`} kind="removed">
            <SampleText sample={sample} />
          </Change>
        ))}
        {reaction.changed.map(({ before, after }, index) => (
          <Change key={`changed-${index}`} kind="changed">
            <Phrase sample={after} />
            {before.reaction !== after.reaction && (
              <Outcome>
                {t('compare.moved', {
                  from: reactionLabel(before.reaction),
                  to: reactionLabel(after.reaction),
                })}
              </Outcome>
            )}
            {before.answer !== after.answer && (
              <Outcome>{t('compare.answerChanged', { before: before.answer, after: after.answer })}</Outcome>
            )}
            {before.value !== after.value && (
              <Outcome>
                {t('compare.valueChanged', { before: before.value ?? '—', after: after.value ?? '—' })}
              </Outcome>
            )}
            {numbersOf(before) !== numbersOf(after) && (
              <Outcome>
                {t('compare.numbersChanged', {
                  before: numbersOf(before) || '—',
                  after: numbersOf(after) || '—',
                })}
              </Outcome>
            )}
          </Change>
        ))}
      </ul>
      {reaction.unchanged > 0 && (
        <p className="version-diff__unchanged">
          {t('compare.unchanged', { n: formatInteger(reaction.unchanged, language) })}
        </p>
      )}
    </section>
  );
}

function GuardrailChanges({ guardrails }: { guardrails: Guardrails }) {
  const { t } = useTranslation();
  const headingId = useId();
  // Lines are 0-based in the protocol; people count from 1.
  const described = (guardrail: Guardrails['added'][number]) => (
    <>
      <span className="version-diff__phrase">
        {t('compare.guardrail', { line: guardrail.line + 1, output: guardrail.badOutput })}
      </span>
      <Outcome>
        {t('compare.badExamples')}:{' '}
        {guardrail.badExamples.map((example) => t('compare.phrase', { phrase: example })).join(', ')}
      </Outcome>
    </>
  );
  return (
    <section className="version-diff__reaction" aria-labelledby={headingId}>
      <h5 id={headingId} className="version-diff__reaction-heading">
        {t('compare.guardrailsHeading')}
      </h5>
      <ul className="version-diff__list" aria-labelledby={headingId}>
        {guardrails.added.map((guardrail) => (
          <Change key={`added-${guardrail.line}`} kind="added">
            {described(guardrail)}
          </Change>
        ))}
        {guardrails.removed.map((guardrail) => (
          <Change key={`removed-${guardrail.line}`} kind="removed">
            {described(guardrail)}
          </Change>
        ))}
        {guardrails.changed.map((change) => (
          <Change key={`changed-${change.line}`} kind="changed">
            <span className="version-diff__phrase">
              {t('compare.guardrailChanged', { line: change.line + 1 })}
            </span>
            {change.badOutput && (
              <Outcome>
                {t('compare.badOutputChanged', {
                  before: change.badOutput.before,
                  after: change.badOutput.after,
                })}
              </Outcome>
            )}
            {change.badExamplesAdded.length + change.badExamplesRemoved.length > 0 && (
              <ul className="version-diff__list version-diff__list--nested">
                {change.badExamplesAdded.map((example) => (
                  <Change key={`added-${example}`} kind="added" label={t('compare.badExampleAdded')}>
                    {t('compare.phrase', { phrase: example })}
                  </Change>
                ))}
                {change.badExamplesRemoved.map((example) => (
                  <Change key={`removed-${example}`} kind="removed" label={t('compare.badExampleRemoved')}>
                    {t('compare.phrase', { phrase: example })}
                  </Change>
                ))}
              </ul>
            )}
          </Change>
        ))}
      </ul>
    </section>
  );
}

/** One change: its sign (seen), its kind in words (read), then what changed. */
function Change({ kind, label, children }: { kind: ChangeKind; label?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li className="version-diff__item" data-kind={kind}>
      <span className="version-diff__sign" aria-hidden="true">
        {SIGNS[kind]}
      </span>
      <span className="version-diff__change">
        <span className="visually-hidden">{label ?? t(`compare.${kind}`)}: </span>
        {children}
      </span>
    </li>
  );
}

function Phrase({ sample }: { sample: Sample }) {
  const { t } = useTranslation();
  return (
    <span className="version-diff__phrase">
      {t('compare.phrase', { phrase: sample.inputs.join(PHRASE_SEPARATOR) })}
    </span>
  );
}

/** A detail after the phrase; the space before it keeps the two apart in the text read aloud. */
const Outcome = ({ children }: { children: ReactNode }) => (
  <>
    {' '}
    <span className="version-diff__outcome">{children}</span>
  </>
);

/** An added or removed example: what is said, what it answers, and its numbers and value if it has any. */
function SampleText({ sample }: { sample: Sample }) {
  const { t } = useTranslation();
  const numbers = numbersOf(sample);
  return (
    <>
      <Phrase sample={sample} />
      <Outcome>
        {[
          t('compare.answer', { answer: sample.answer }),
          numbers && t('compare.numbers', { numbers }),
          sample.value !== null && t('compare.value', { value: sample.value }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Outcome>
    </>
  );
}
