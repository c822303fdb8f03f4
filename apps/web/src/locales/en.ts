import { enApp } from './en-app.js';
import { enStart } from './en-start.js';
import { enTry } from './en-try.js';

/**
 * English texts. The shape of this object is the shape every other language must have (see pl.ts).
 * Top-level validation keys (invalidEmail, chatTitleRequired, …) are the i18n keys that the form schemas of
 * @greenhouse/contracts use as messages (spec §5); `apiErrors` has a text for every API error code (spec §8).
 * Three modules, so the first page carries only its own part (en-start.ts; lib/i18n.ts) and the public share
 * page only its own and the playground's (en-try.ts).
 */
export const en = { ...enStart, ...enTry, ...enApp };

/** The shape every language must have: the same keys, each a string. */
export type Translations = typeof en;
