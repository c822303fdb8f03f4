import { languages } from '@greenhouse/contracts';
import { i18n } from '../lib/i18n';

// The app loads a language's texts when it is chosen (lib/i18n.ts); tests read any language at once
// (getFixedT('pl')), so every language is loaded before each test file.
await i18n.loadLanguages([...languages]);
