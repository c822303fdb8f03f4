import { enApp } from './en-app.js';
import { enForms } from './en-forms.js';
import { enStart } from './en-start.js';
import { enTry } from './en-try.js';

/**
 * English texts. The shape of this object is the shape every other language must have (see pl.ts).
 * Top-level validation keys (invalidEmail, chatTitleRequired, …) are the i18n keys that the form schemas of
 * @greenhouse/contracts use as messages (docs/product-rules.md §5); `apiErrors` has a text for every API
 * error code (docs/product-rules.md §8). Four modules, so each page carries only what it shows (lib/i18n.ts):
 * what any page may show (en-start.ts), the signed-out screens' and forms' (en-forms.ts), the public share
 * page's and the playground's (en-try.ts), the signed-in screens' (en-app.ts).
 */
export const en = { ...enStart, ...enForms, ...enTry, ...enApp };

/** The shape every language must have: the same keys, each a string. */
export type Translations = typeof en;
