import type { Language } from '@greenhouse/contracts';

// The two opening messages of a chat that edits an agent's next version ("Edit and retrain", issue 33), in the
// user's language: the request the user made by pressing the button, and what the designer answers.
const texts: Record<Language, { request: (name: string, version: number) => string; answer: string }> = {
  en: {
    request: (name, version) => `Edit ${name} for version ${version}.`,
    answer:
      'Here is its newest version as a draft: every instruction, example and refusal can be changed in the ' +
      'draft editor, or tell me what to change. "Train new version" then trains it as the next version of the ' +
      'same agent; the versions before it stay downloadable.',
  },
  pl: {
    request: (name, version) => `Edytuj ${name} jako wersję ${version}.`,
    answer:
      'Oto jego najnowsza wersja jako szkic: każde polecenie, przykład i odmowę można zmienić w edytorze ' +
      'szkicu albo napisz mi, co zmienić. „Wytrenuj nową wersję” wytrenuje go jako następną wersję tego ' +
      'samego agenta; wcześniejsze wersje nadal można pobrać.',
  },
};

export function editChatTexts(language: Language, name: string, version: number) {
  const of = texts[language];
  return {
    title: `${name} · v${version}`.slice(0, 255),
    request: of.request(name, version),
    answer: of.answer,
  };
}
