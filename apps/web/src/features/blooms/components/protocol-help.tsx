import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, InfoIcon } from '../../../components/icons';
import './protocol-help.css';

/** "What is a protocol file?": the format in a few lines, and what the upload checks. */
export function ProtocolHelp() {
  const { t } = useTranslation();
  return (
    <details className="protocol-help">
      <summary className="protocol-help__summary">
        <InfoIcon width={18} height={18} />
        <span>{t('newAgent.help.summary')}</span>
        <ChevronDownIcon width={16} height={16} className="protocol-help__chevron" />
      </summary>
      <div className="protocol-help__body">
        <p>{t('newAgent.help.intro')}</p>
        <p>{t('newAgent.help.fields')}</p>
        <p>{t('newAgent.help.sets')}</p>
        <p>{t('newAgent.help.checks')}</p>
      </div>
    </details>
  );
}
