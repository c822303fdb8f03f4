import { languages } from '@greenhouse/contracts';
import { configure } from '@testing-library/react';
import { i18n } from '../lib/i18n';

// The web tests share a 2-core CI machine with the database and browser suites (.ci/run's lanes):
// a screen that compiles its modules on first use can take longer than testing-library's 1 s.
configure({ asyncUtilTimeout: 5000 });

// The app loads a language's texts when it is chosen (lib/i18n.ts); tests read any language at once
// (getFixedT('pl')), so every language is loaded before each test file.
await i18n.loadLanguages([...languages]);
