import { languages, type Language } from '@greenhouse/contracts';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Translations } from '../locales/en';
import { enStart } from '../locales/en-start';
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

// The choice is stored as soon as it is made, not once its texts are loaded (languageChanged): a language other
// than English is a chunk fetched first, and a reload meanwhile must start in the chosen language.
i18n.on('languageChanging', (language) => {
  if (isLanguage(language)) writeItem(localStore(), storageKeys.language, language);
});
i18n.on('languageChanged', syncDocumentLanguage);

/**
 * Each language's texts. English is in the first bundle (the fallback, and the language most visits start in),
 * but only what the signed-out screens and any page show (en-start.ts): the rest comes with the signed-in screens
 * (loadAppTexts). The other languages are chunks of their own, whole, loaded when chosen — the sign-in page need
 * not download every language.
 */
const texts: Record<Language, () => Promise<Partial<Translations>>> = {
  en: () => Promise.resolve(enStart),
  pl: () => import('../locales/pl').then((module) => module.pl),
};

let appTexts: Promise<void> | undefined;

/**
 * Adds the English texts of the signed-in screens (the fallback of every language); router.tsx loads each such
 * screen's code with it, so no screen renders before its texts are there.
 */
export function loadAppTexts(): Promise<void> {
  appTexts ??= import('../locales/en-app').then(
    ({ enApp }) => {
      i18n.addResourceBundle('en', 'translation', enApp, true, false);
    },
    (error: unknown) => {
      appTexts = undefined; // the next screen asks again
      throw error;
    },
  );
  return appTexts;
}

/** i18next's way to load a language when it is needed (changeLanguage waits for it). */
const languageLoader: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    texts[language]().then(
      (translation) => callback(null, translation),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Settles once the starting language's texts are loaded: main.tsx renders after it. */
export const i18nReady = i18n
  .use(languageLoader)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: enStart } },
    // English's first part is bundled above; other languages come from languageLoader.
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: fallbackLanguage,
    supportedLngs: [...languages],
    // English is ready at once: a start in English renders its texts in the first render.
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
