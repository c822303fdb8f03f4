import { languages } from '@greenhouse/contracts';
import { configure } from '@testing-library/react';
import { i18n, loadAppTexts } from '../lib/i18n';

// The web tests share a 2-core CI machine with the database and browser suites (.ci/run's lanes):
// a screen that compiles its modules on first use can take longer than testing-library's 1 s.
configure({ asyncUtilTimeout: 5000 });

// The app loads a language's texts when it is chosen, and the signed-in screens' English texts with those
// screens (lib/i18n.ts); tests render any screen in any language at once (getFixedT('pl')), so all of them are
// loaded before each test file.
await Promise.all([i18n.loadLanguages([...languages]), loadAppTexts()]);
