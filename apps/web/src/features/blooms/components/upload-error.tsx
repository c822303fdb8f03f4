import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/icons';
import { problemText } from '../../../lib/problem-text';
import type { ProtocolProblem, UploadMessage } from '../upload-errors';
import './upload-error.css';

/** The text of an UploadMessage: its i18n key with values, or the server's own words. */
export function useUploadMessage(): (message: UploadMessage) => string {
  const { t } = useTranslation();
  return (message) => ('text' in message ? message.text : t(message.key, message.values));
}

/**
 * The problems the server found in a protocol file, each in words (the app's own text for its key, else
 * the server's English) and where it is, as a JSON pointer into the file.
 */
export function ProtocolProblemList({ problems }: { problems: readonly ProtocolProblem[] }) {
  const { t } = useTranslation();
  return (
    <ol className="problem-list">
      {problems.map((problem, index) => (
        <li key={index} className="problem-list__item">
          <span className="problem-list__text">{problemText(t, problem)}</span>
          <span className="problem-list__where">
            {t('upload.errors.where')}:{' '}
            {problem.pointer ? (
              <code className="problem-list__pointer">{problem.pointer}</code>
            ) : (
              <span>{t('upload.errors.wholeFile')}</span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** An error next to the file: the message, then the problems (outside the alert, so it stays short). */
export function FileErrorMessage({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="file-error" role="alert">
      <AlertIcon width={18} height={18} />
      <span>{text}</span>
    </p>
  );
}
