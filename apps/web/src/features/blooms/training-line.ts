import type { TrainingLine } from '@greenhouse/contracts';
import type { TFunction } from 'i18next';
import { endSentence, formatDuration } from '../../lib/format';

/**
 * The agent page's words for a waiting agent's place in the training line: "2 agents ahead of yours"
 * (the plural form of the UI's language), and when its turn comes: the server's estimate from the work ahead,
 * or "a few minutes" when it could not tell.
 */
export function trainingLineText(
  t: TFunction,
  line: TrainingLine,
  language: string,
): { place: string; eta: string | null } {
  const form = new Intl.PluralRules(language).select(line.ahead);
  const place =
    line.ahead === 0
      ? t('trainingLine.next')
      : t(`trainingLine.ahead.${form === 'zero' || form === 'two' ? 'other' : form}`, { count: line.ahead });
  const duration = formatDuration(line.etaSeconds, language);
  // The server could not tell (nothing measured yet): no number it cannot keep.
  if (duration === null) return { place, eta: line.ahead > 0 ? t('trainingLine.etaUnknown') : null };
  return { place, eta: endSentence(t('trainingLine.eta', { duration })) };
}
