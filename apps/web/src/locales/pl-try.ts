import type { enTry } from './en-try.js';

/**
 * Polish texts of the public share page (/try/{token}, issue 34) and of the playground: the same keys as en-try.ts
 * (the type makes a missing or extra key a compile error). Loaded in Polish with that page or the signed-in screens,
 * never the share page with pl-app.ts (lib/i18n.ts).
 */
export const plTry: typeof enTry = {
  playground: {
    heading: 'Plac zabaw',
    intro:
      'Uruchom tego agenta tutaj: jego plik pobiera się raz, a Flora uruchamia go w Twojej przeglądarce. Nic, co wpiszesz, nie opuszcza tej strony.',
    downloading: 'Pobieranie pliku agenta…',
    starting: 'Uruchamianie Flory…',
    fileFailed: 'Nie udało się pobrać pliku agenta.',
    engineFailed: 'Flora nie mogła uruchomić tego agenta: {{message}}',
    noInstructions: 'Ten agent nie ma instrukcji do uruchomienia.',
    instruction: 'Instrukcja',
    line: 'Wiersz wejścia {{n}}',
    lineTokens: 'Jego tokeny: {{tokens}}',
    numbers: 'Liczby wiersza {{n}}',
    number: 'Liczba {{n}}',
    range: 'od {{min}} do {{max}}',
    numberInvalid: 'Wpisz liczbę {{range}}.',
    run: 'Uruchom',
    running: 'Trwa uruchamianie…',
    guardrailsHeading: 'Wypróbuj zabezpieczenie',
    guardrailsText:
      'Teksty nie na temat w wierszu {{n}}, których agent nauczył się odmawiać, odpowiadając „{{output}}”. Wybierz jeden, aby go uruchomić.',
    tryExample: 'Uruchom z „{{example}}” w wierszu {{n}}',
    answer: 'Odpowiedź',
    empty: 'Odpowiedź pojawi się tutaj, słowo po słowie.',
    noText: 'Tym razem bez tekstu: tylko reakcja poniżej.',
    reaction: 'Reakcja',
    refused: 'Odmowa',
    reactionWithValue: '{{name}}: {{value}}',
    tokens: 'Tokeny',
    speed: 'Szybkość',
    tokensPerSecond: '{{value}} tokenów/s',
    runFailed: 'Uruchomienie nie powiodło się: {{message}}',
    promptTooLong:
      'Wejście jest za długie dla tego agenta (limit tokenów naraz: {{limit}}). Skróć wiersze wejścia i uruchom ponownie.',
    announceAnswer: 'Odpowiedź: {{output}}. Reakcja: {{reaction}}.',
  },

  sharedAgent: {
    eyebrow: 'Udostępniony agent',
    title: 'Wypróbuj: {{name}}',
    reactions: 'Jego reakcje',
    noReactions: 'Brak reakcji',
    loading: 'Otwieranie linku…',
    loadFailed: 'Nie udało się otworzyć tego linku.',
    footer: 'Działa w Twojej przeglądarce dzięki Florze, silnikowi',
    makeYourOwn: 'Stwórz własnego agenta',
    notFound: {
      title: 'Nie znaleziono linku',
      heading: 'Ten link nie działa',
      text: 'Został unieważniony albo jego agent został usunięty. Poproś osobę, która Ci go dała, o nowy.',
    },
    unavailable: {
      heading: 'Tego agenta nie można teraz wypróbować',
      text: 'Nie ma teraz wersji gotowej do uruchomienia. Spróbuj otworzyć link później.',
    },
  },
};
