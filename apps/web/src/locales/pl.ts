import type { Translations } from './en.js';
import { plApp } from './pl-app.js';
import { plForms } from './pl-forms.js';
import { plStart } from './pl-start.js';
import { plTry } from './pl-try.js';

/**
 * Polish texts: the same keys as en.ts, in the same four modules (pl-start.ts, pl-forms.ts, pl-try.ts, pl-app.ts, each typed as
 * its English counterpart, so a missing or extra key is a compile error), loaded part by part like English's
 * (lib/i18n.ts). This whole is for the tests; the app never imports it.
 */
export const pl: Translations = { ...plStart, ...plForms, ...plTry, ...plApp };
