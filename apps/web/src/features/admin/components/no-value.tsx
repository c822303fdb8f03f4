import { useTranslation } from 'react-i18next';

/** An empty cell's dash, read as "None". */
export function NoValue() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t('admin.none')}</span>
    </>
  );
}
