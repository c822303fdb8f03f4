import { languages, type Language } from '@greenhouse/contracts';
import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Translations } from '../locales/en';
import { enStart } from '../locales/en-start';
import { localStore, readItem, storageKeys, writeItem } from './storage';

export const fallbackLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The stored language (docs/product-rules.md §9: key `language`), else English. */
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

type Texts = Partial<Translations>;

/**
 * The four parts of each language's texts: what any page may show (start), the signed-out screens' and the form
 * messages (forms), the public share page's and the playground's (try), the signed-in screens' (app). English's
 * start is in the first bundle (the fallback, and the language most visits start in); every other part is a chunk of
 * its own, loaded with the screens that show it (app/router.tsx), so the share page downloads neither the sign-in
 * forms' texts nor the signed-in screens' (issue 34).
 */
type Part = 'start' | 'forms' | 'try' | 'app';

/** Runs `load` once; a failed load is run again next time it is asked for. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

const texts: Record<Language, Record<Part, () => Promise<Texts>>> = {
  en: {
    start: () => Promise.resolve(enStart),
    forms: once(() => import('../locales/en-forms').then((module) => module.enForms)),
    try: once(() => import('../locales/en-try').then((module) => module.enTry)),
    app: once(() => import('../locales/en-app').then((module) => module.enApp)),
  },
  pl: {
    start: once(() => import('../locales/pl-start').then((module) => module.plStart)),
    forms: once(() => import('../locales/pl-forms').then((module) => module.plForms)),
    try: once(() => import('../locales/pl-try').then((module) => module.plTry)),
    app: once(() => import('../locales/pl-app').then((module) => module.plApp)),
  },
};

/** Adds a part to a language's texts (i18next's store), once; a failed load is asked again next time. */
const adders = new Map<string, () => Promise<void>>();
function addPart(language: Language, part: Part): Promise<void> {
  const key = `${language}:${part}`;
  let add = adders.get(key);
  if (!add) {
    add = once(async () => {
      i18n.addResourceBundle(language, 'translation', await texts[language][part](), true, false);
    });
    adders.set(key, add);
  }
  return add();
}

/** The parts the screens shown so far need: a language chosen from now on is loaded with them (languageLoader). */
const partsNeeded = new Set<Part>(['start']);

/**
 * Adds a part to English (the fallback) and to each language whose texts are in (another language chosen later
 * comes with it: partsNeeded). A language still loading gets it too, before its change completes (languageLoader).
 */
async function loadPart(part: Part): Promise<void> {
  partsNeeded.add(part);
  await Promise.all(
    languages
      .filter((language) => language === fallbackLanguage || i18n.hasResourceBundle(language, 'translation'))
      .map((language) => addPart(language, part)),
  );
}

/**
 * Adds the texts of the public share page and the playground (en-try.ts, and pl-try.ts in Polish): router.tsx
 * loads the share page with them only, so it stays light (issue 34).
 */
export function loadTryTexts(): Promise<void> {
  return loadPart('try');
}

/** Adds the texts of the signed-out screens and the form messages (en-forms.ts, and pl-forms.ts in Polish). */
export function loadFormTexts(): Promise<void> {
  return loadPart('forms');
}

/**
 * Adds the texts of the signed-in screens, with the playground's and the form messages (en-app.ts, en-try.ts and
 * en-forms.ts, with their Polish parts in Polish); router.tsx loads each such screen's code with them, so no screen
 * renders before its texts are there.
 */
export async function loadAppTexts(): Promise<void> {
  await Promise.all([loadPart('app'), loadPart('try'), loadPart('forms')]);
}

/**
 * A language's texts: the parts the screens need, a part asked for while they load among them. The callback is
 * called in the same task as the last check, so a part asked for later finds the language's texts in (loadPart).
 */
async function readLanguage(language: Language, callback: ReadCallback): Promise<void> {
  let parts: Part[];
  let loaded: Texts[];
  do {
    parts = [...partsNeeded];
    try {
      loaded = await Promise.all(parts.map((part) => texts[language][part]()));
    } catch (error) {
      callback(error instanceof Error ? error : new Error(String(error)), null);
      return;
    }
  } while (parts.length < partsNeeded.size);
  callback(null, Object.assign({}, ...loaded) as Texts);
}

/** i18next's way to load a language when it is needed (changeLanguage waits for it). */
const languageLoader: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    void readLanguage(language, callback);
  },
};

/** Settles once the starting language's texts are loaded: main.tsx renders after it. */
export const i18nReady = i18n
  .use(languageLoader)
  .use(initReactI18next)
  .init({
    // English's first part is bundled above; other languages come from languageLoader. A copy: i18next keeps the
    // object it is given and adds the later parts to it (addPart), which must leave en-start.ts's as it is.
    resources: { en: { translation: { ...enStart } } },
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
