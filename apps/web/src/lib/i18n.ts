import { languages, type Language } from '@greenhouse/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';
import { pl } from '../locales/pl';
import { localStore, readItem, storageKeys, writeItem } from './storage';

export const fallbackLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The stored language (spec §9: key `language`), else English. */
export function initialLanguage(): Language {
  const stored = readItem(localStore(), storageKeys.language);
  return isLanguage(stored) ? stored : fallbackLanguage;
}

/** The UI's current language, as one of the app's languages. */
export function currentLanguage(instance: { resolvedLanguage?: string } = i18n): Language {
  return isLanguage(instance.resolvedLanguage) ? instance.resolvedLanguage : fallbackLanguage;
}

const syncDocumentLanguage = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};

i18n.on('languageChanged', (language) => {
  syncDocumentLanguage(language);
  if (isLanguage(language)) writeItem(localStore(), storageKeys.language, language);
});

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, pl: { translation: pl } },
  lng: initialLanguage(),
  fallbackLng: fallbackLanguage,
  supportedLngs: [...languages],
  // Resources are bundled: initialise synchronously so the first render already has its texts.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
syncDocumentLanguage(i18n.language);

// Formats for values quoted from files (protocol problems): `{{property, quote}}` → "name",
// `{{allowed, quoteList}}` → "a", "b", and `{{line, nth}}` / `{{sets, nthList}}` turn 0-based indexes
// into the 1-based numbers people count with.
const quote = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));
const nth = (value: unknown) => (typeof value === 'number' ? String(value + 1) : String(value ?? ''));
const each = (value: unknown, format: (item: unknown) => string) =>
  Array.isArray(value) ? value.map(format).join(', ') : format(value);
i18n.services.formatter?.add('quote', quote);
i18n.services.formatter?.add('quoteList', (value: unknown) => each(value, quote));
i18n.services.formatter?.add('nth', nth);
i18n.services.formatter?.add('nthList', (value: unknown) => each(value, nth));

export { i18n };
