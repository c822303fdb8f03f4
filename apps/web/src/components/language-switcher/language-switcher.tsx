import { languages } from '@greenhouse/contracts';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import './language-switcher.css';

/** EN / PL toggle. The choice is stored under `language` by the i18n setup (lib/i18n.ts). */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-label={t('language.label')} className={clsx('language-switcher', className)}>
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="language-switcher__option"
          aria-pressed={i18n.resolvedLanguage === language}
          title={t(`language.${language}`)}
          onClick={() => void i18n.changeLanguage(language)}
        >
          <span aria-hidden="true">{language.toUpperCase()}</span>
          <span className="visually-hidden">{t(`language.${language}`)}</span>
        </button>
      ))}
    </div>
  );
}
