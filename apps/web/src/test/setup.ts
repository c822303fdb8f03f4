import { languages } from '@greenhouse/contracts';
import { cleanup, configure } from '@testing-library/react';
import { vi } from 'vitest';
import { fallbackLanguage, i18n, loadAppTexts } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

// The web tests share a 2-core CI machine with the database and browser suites (.ci/run's lanes):
// a screen that compiles its modules on first use can take longer than testing-library's 1 s.
configure({ asyncUtilTimeout: 5000 });

// The web project runs its files without isolation (vitest.config.ts): the files one worker runs share one window
// (the document, its storage, the globals) and one module cache (the query client, i18n's language). This file runs
// before each test file is loaded, so each starts as in a page of its own: what the file before left mounted,
// stored, stubbed, faked or switched is undone here (and below, the language).
const inPage = typeof window !== 'undefined'; // not in the files that ask for the node environment
if (inPage) {
  cleanup();
  document.body.replaceChildren();
  document.title = '';
}
vi.useRealTimers();
vi.unstubAllGlobals();
queryClient.clear();

// The app loads a language's texts when it is chosen, and the signed-in screens' English texts with those
// screens (lib/i18n.ts); tests render any screen in any language at once (getFixedT('pl')), so all of them are
// loaded before each test file.
await Promise.all([i18n.loadLanguages([...languages]), loadAppTexts()]);
// English, as a page with nothing stored starts in (initialLanguage); the storage is cleared after the switch,
// which stores the language it switches to.
await i18n.changeLanguage(fallbackLanguage);
if (inPage) {
  localStorage.clear();
  sessionStorage.clear();
}
