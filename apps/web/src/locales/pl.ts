import type { Translations } from './en.js';

/** Polish texts: the same keys as en.ts (the type makes a missing or extra key a compile error). */
export const pl: Translations = {
  common: {
    appName: 'Greenhouse',
    loading: 'Ładowanie…',
    cancel: 'Anuluj',
    close: 'Zamknij',
    save: 'Zapisz',
    saving: 'Zapisywanie…',
    delete: 'Usuń',
    deleting: 'Usuwanie…',
    tryAgain: 'Spróbuj ponownie',
    home: 'Strona główna Greenhouse',
    backToSignIn: 'Wróć do logowania',
    opensInNewTab: '(otwiera się w nowej karcie)',
    skipToContent: 'Przejdź do treści',
  },

  language: {
    label: 'Język',
    en: 'English',
    pl: 'Polski',
  },

  titles: {
    signIn: 'Logowanie',
    signUp: 'Rejestracja',
    forgotPassword: 'Nie pamiętam hasła',
    resetPassword: 'Reset hasła',
    emailConfirmation: 'Potwierdzenie adresu e-mail',
    googleSso: 'Logowanie przez Google',
    flora: 'Silnik inferencji',
    profile: 'Profil',
    settings: 'Ustawienia',
    admin: 'Panel administratora',
    adminUser: 'Profil użytkownika',
    newChat: 'Nowy czat',
    chat: 'Czat',
    newAgent: 'Nowy agent',
    agent: 'Agent',
    error: 'Wystąpił błąd',
  },

  authLayout: {
    panelLabel: 'Greenhouse',
    panelImageAlt: 'Kwiat rosnący w szklarni',
    tagline: 'Wyhoduj małych agentów AI, po prostu rozmawiając.',
    taglineDetail: 'Opisz, czego potrzebujesz, wytrenuj agenta i zabierz go ze sobą.',
  },

  signIn: {
    heading: 'Witaj ponownie!',
    text: 'Wybierz sposób, aby kontynuować',
    google: 'Kontynuuj z Google',
    connecting: 'Łączenie...',
    divider: 'lub',
    email: 'E-mail',
    emailPlaceholder: 'ty@przyklad.pl',
    password: 'Hasło',
    passwordPlaceholder: 'Wpisz swoje hasło',
    forgotPassword: 'Nie pamiętasz hasła?',
    submit: 'Kontynuuj z e-mailem',
    submitting: 'Logowanie…',
    noAccount: 'Nie masz konta?',
    signUp: 'Zarejestruj się',
  },

  forms: {
    email: 'E-mail',
    password: 'Hasło',
    currentPassword: 'Obecne hasło',
    newPassword: 'Nowe hasło',
    confirmPassword: 'Powtórz nowe hasło',
    firstName: 'Imię',
    lastName: 'Nazwisko',
    passwordHint: '8–64 znaki, w tym mała i wielka litera, cyfra oraz jeden ze znaków @ $ ! % * # ? &',
  },

  signUp: {
    heading: 'Załóż konto',
    text: 'Zarejestruj się adresem e-mail i zacznij hodować agentów.',
    submit: 'Załóż konto',
    submitting: 'Zakładanie konta…',
    haveAccount: 'Masz już konto?',
    signIn: 'Zaloguj się',
    sent: {
      heading: 'Potwierdź adres e-mail',
      text: 'Sprawdź skrzynkę: wysłaliśmy link potwierdzający na adres {{email}}',
      detail: 'Otwórz link, aby potwierdzić adres, a potem się zaloguj. Link jest ważny przez 24 godziny.',
      noEmail: 'Nie ma wiadomości? Sprawdź folder spam albo wyślij link ponownie.',
      resend: 'Wyślij link ponownie',
      signIn: 'Przejdź do logowania',
    },
  },

  resendConfirmation: {
    action: 'Wyślij ponownie e-mail z potwierdzeniem',
    sending: 'Wysyłanie…',
    sent: 'Gotowe. Jeśli adres {{email}} czeka na potwierdzenie, nowy link jest już w drodze.',
    newLink: 'Wyślij nowy link',
  },

  forgotPassword: {
    heading: 'Nie pamiętasz hasła?',
    text: 'Podaj adres e-mail swojego konta, a wyślemy Ci link do ustawienia nowego hasła.',
    submit: 'Wyślij link',
    submitting: 'Wysyłanie…',
    remembered: 'Pamiętasz jednak?',
    sent: {
      title: 'Sprawdź skrzynkę',
      text: 'Jeśli istnieje konto dla adresu {{email}}, wysłaliśmy na nie link do zresetowania hasła.',
      detail: 'Link jest ważny przez 1 godzinę i działa jeden raz.',
    },
  },

  resetPassword: {
    heading: 'Ustaw nowe hasło',
    text: 'Wybierz nowe hasło do swojego konta.',
    submit: 'Ustaw nowe hasło',
    submitting: 'Zapisywanie…',
    requestNewLink: 'Poproś o nowy link',
    done: {
      title: 'Hasło zmienione',
      text: 'Twoje hasło zostało zmienione. Możesz się nim teraz zalogować.',
      signIn: 'Zaloguj się',
    },
    noToken: {
      title: 'Ten link jest niekompletny',
      text: 'W linku do resetu hasła brakuje kodu. Otwórz ponownie link z wiadomości e-mail albo poproś o nowy.',
    },
  },

  emailConfirmation: {
    heading: 'Potwierdzenie adresu e-mail',
    confirming: 'Potwierdzanie adresu e-mail…',
    confirmed: {
      title: 'Adres e-mail potwierdzony',
      text: 'Twój adres e-mail został potwierdzony. Możesz się teraz zalogować.',
      signIn: 'Zaloguj się',
    },
    alreadyConfirmed: {
      title: 'Adres e-mail jest już potwierdzony',
      text: 'Ten link został już użyty: Twój adres e-mail jest już potwierdzony.',
    },
    awaitingApproval: {
      title: 'Adres e-mail potwierdzony',
    },
    failed: {
      title: 'Nie udało się potwierdzić adresu e-mail',
      noToken: 'Link potwierdzający jest niekompletny: brakuje w nim kodu.',
      resendHeading: 'Otrzymaj nowy link',
      resendText: 'Podaj adres e-mail użyty przy rejestracji, a wyślemy nowy link potwierdzający.',
    },
  },

  googleSso: {
    heading: 'Logowanie przez Google',
    finishing: 'Kończenie logowania przez Google…',
    signInWithPassword: 'Zaloguj się hasłem',
    failedTitle: 'Logowanie przez Google nie powiodło się',
    notActiveTitle: 'Konto w trakcie weryfikacji',
    off: {
      title: 'Logowanie przez Google jest wyłączone',
      text: 'Ten serwer Greenhouse nie oferuje logowania przez Google. Zaloguj się adresem e-mail i hasłem.',
    },
    cancelled: {
      title: 'Logowanie przez Google przerwane',
      text: 'Logowanie przez Google nie zostało dokończone. Możesz spróbować ponownie albo zalogować się e-mailem.',
    },
  },

  profile: {
    heading: 'Profil',
    text: 'Dane konta, hasło i limit promptów.',
    tabsLabel: 'Sekcje profilu',
    settingsLink: 'Ustawienia',
    tabs: {
      account: 'Konto',
      password: 'Hasło',
      prompts: 'Prompty',
    },
    account: {
      detailsHeading: 'Dane osobowe',
      emailHint: 'Adresu e-mail nie można zmienić.',
      save: 'Zapisz zmiany',
      saved: 'Twoje dane zostały zapisane.',
      statusHeading: 'Status konta',
      role: 'Rola',
      roles: { admin: 'Administrator', user: 'Użytkownik' },
      active: 'Aktywne',
      emailConfirmed: 'E-mail potwierdzony',
      yes: 'Tak',
      no: 'Nie',
    },
    delete: {
      heading: 'Usuń konto',
      text: 'Usunięcie konta usuwa też wszystkie Twoje czaty i agentów. Tej operacji nie można cofnąć.',
      button: 'Usuń konto',
      dialogTitle: 'Usuń konto',
      dialogMessage:
        'Usunąć konto {{email}} razem ze wszystkimi czatami i agentami? Nastąpi wylogowanie. Tej operacji nie można cofnąć.',
      deleted: 'Twoje konto zostało usunięte.',
    },
    password: {
      heading: 'Zmiana hasła',
      text: 'Po zmianie Twoje pozostałe urządzenia zostaną wylogowane; to pozostanie zalogowane.',
      submit: 'Zmień hasło',
      submitting: 'Zmienianie…',
      changed: 'Hasło zostało zmienione. Pozostałe urządzenia zostały wylogowane.',
      googleOnly:
        'Twoje konto loguje się przez Google, więc nie ma tu hasła do zmiany. Logowaniem zarządzasz na swoim koncie Google.',
    },
    prompts: {
      heading: 'Limit promptów',
      text: 'Każda wiadomość wysłana w czacie zużywa jeden prompt. Limit odnawia się przy każdym odnowieniu.',
      adminText: 'Jako administrator możesz wysyłać dowolną liczbę promptów.',
      limit: 'Limit promptów na miesiąc (0 oznacza limit domyślny)',
      used: 'Wykorzystane prompty',
      left: 'Pozostałe prompty',
      renewalDays: 'Częstotliwość odnawiania w dniach (0 oznacza wartość domyślną)',
      nextRenewal: 'Następne odnowienie',
      noRenewal: 'Nie zaplanowano',
    },
  },

  settings: {
    heading: 'Ustawienia',
    text: 'Dostosuj Greenhouse do siebie.',
    language: {
      legend: 'Język',
      hint: 'Język ekranów i wiadomości e-mail, które do Ciebie wysyłamy.',
    },
    save: 'Zapisz ustawienia',
    saved: 'Twoje ustawienia zostały zapisane.',
  },

  screens: {
    admin: {
      heading: 'Panel administratora',
      text: 'Zarządzanie użytkownikami i ich limitami promptów będzie wkrótce dostępne tutaj.',
    },
    adminUser: {
      heading: 'Profil użytkownika',
      text: 'Szczegóły użytkownika {{userId}} będą wkrótce wyświetlane tutaj.',
    },
  },

  newChat: {
    heading: 'Nowy czat',
    intro:
      'Opisz agenta, którego chcesz wyhodować. Projektant pyta o to, czego potrzebuje, i z Twoich odpowiedzi pisze szkic do treningu: nazwę, wiedzę agenta, sposoby reagowania i przykładowe wymiany zdań. Szkic możesz w każdej chwili sam edytować, a agenta utworzyć, gdy niczego już w nim nie brakuje.',
    mode: {
      guided:
        'Na tym Greenhouse nie skonfigurowano modelu AI, więc prowadzony wywiad zadaje pytania po kolei.',
      model: 'Odpowiada Ci model AI, który w trakcie rozmowy uzupełnia szkic.',
    },
    noPrompts:
      'Nie masz już promptów, więc nie możesz teraz napisać własnej wiadomości. Dema poniżej są bezpłatne: każde otwiera się z kompletnym szkicem, z którego od razu wygenerujesz agenta.',
    noPromptsShort: 'Brak promptów: wypróbuj bezpłatne demo poniżej.',
    messageLabel: 'Czym ma być Twój agent i kto będzie z nim rozmawiał?',
    placeholder: 'Na przykład: miły barista, który przyjmuje od klientów zamówienia na kawę',
    demosHeading: 'Albo wypróbuj demo',
    demosText:
      'Bezpłatnie, bez zużycia promptu: każde demo otwiera czat z kompletnym szkicem przygotowanym przez nas, z którego od razu wygenerujesz agenta. Możesz go najpierw zmienić.',
    demosLoading: 'Wczytywanie dem…',
    demosFailed: 'Nie udało się wczytać dem.',
    noDemos: 'Teraz nie ma dem do wypróbowania.',
    startDemo: 'Uruchom to demo',
    startingDemo: 'Rozpoczynanie czatu…',
  },

  composer: {
    send: 'Wyślij',
    sending: 'Wysyłanie…',
    hint: 'Enter wysyła, Shift+Enter zaczyna nowy wiersz.',
    counter: '{{count}} z {{max}} znaków',
    chatLabel: 'Twoja wiadomość',
    chatPlaceholder: 'Napisz odpowiedź…',
    waitAnswer: 'Projektant pisze. Następną wiadomość wyślesz, gdy skończy.',
    editingDraft: 'Zapisz lub anuluj zmiany w szkicu, aby kontynuować czat.',
    noPrompts:
      'Nie masz już promptów, więc nie możesz teraz wysłać wiadomości. Edycja szkicu i wygenerowanie agenta pozostają bezpłatne.',
    promptsLeft: 'Każda wiadomość zużywa jeden prompt · {{left}}',
  },

  chat: {
    loadFailed: 'Nie udało się wczytać tego czatu.',
    notFound: {
      heading: 'Nie znaleziono czatu',
      text: 'Ten czat nie istnieje lub nie należy do Ciebie. Mógł zostać usunięty.',
      link: 'Rozpocznij nowy czat',
    },
    tabsLabel: 'Panele czatu',
    tabs: {
      conversation: 'Rozmowa',
      designer: 'Szkic',
      missing: 'brakuje: {{count}}',
      ready: 'gotowy',
    },
    conversationHeading: 'Rozmowa',
    messagesLabel: 'Wiadomości',
    mode: {
      guided:
        'Prowadzony wywiad: nie skonfigurowano tu modelu AI, więc projektant zadaje pytania w ustalonej kolejności.',
      model: 'Odpowiada Ci model AI, który uzupełnia szkic.',
    },
    noMessages: 'Nie ma jeszcze wiadomości.',
    you: 'Ty',
    designer: 'Projektant',
    writing: 'Pisze…',
    answered: 'Projektant odpowiedział: {{text}}',
    status: {
      failed: 'Ta odpowiedź się nie udała, a prompt został Ci zwrócony. Spróbuj wysłać wiadomość ponownie.',
      interrupted: 'Ta odpowiedź została przerwana, zanim się skończyła.',
    },
    closed: {
      text: 'Ten czat utworzył już swojego agenta i jest zamknięty. Agent trenuje na swojej stronie.',
      link: 'Otwórz agenta',
      agentDeleted: 'Ten czat utworzył agenta i jest zamknięty. Ten agent został później usunięty.',
    },
    gaps: {
      name: 'Nadaj agentowi nazwę.',
      description: 'Napisz, czym jest agent i kto z nim rozmawia.',
      reactions: 'Dodaj co najmniej jedną reakcję: sposób, w jaki agent reaguje na to, co słyszy.',
      duplicateReaction: 'Dwie reakcje nazywają się „{{reaction}}”: nadaj każdej własną nazwę.',
      reservedReaction: 'Nazwa „{{reaction}}” jest zarezerwowana: wybierz inną nazwę tej reakcji.',
      reactionExamples:
        'Reakcja „{{reaction}}” potrzebuje więcej przykładowych wymian: co najmniej {{minimum}} (ma {{count}}).',
      unknownReaction:
        'Przykład w „{{instruction}}” używa reakcji „{{reaction}}”, której nie ma na liście reakcji.',
      duplicateInstruction:
        'Dwa zestawy instrukcji nazywają się „{{instruction}}”: nadaj każdemu własną nazwę.',
      instructionSamples:
        'Zestaw instrukcji „{{instruction}}” nie ma jeszcze przykładów (potrzebuje co najmniej {{minimum}} na reakcję).',
      guardrailOutput: 'Napisz, co agent odpowiada na wszystko, co nie na temat.',
      guardrailExamples:
        'Podaj więcej przykładów tego, czego agent ma odmawiać: co najmniej {{minimum}} (jest ich {{count}}).',
      guardrailDigits: 'Przykład do odmowy „{{example}}” zawiera cyfry, a to niedozwolone.',
      protocol: 'Sprawdzenie protokołu wykryło problem: {{message}}',
    },
  },

  draft: {
    heading: 'Szkic agenta',
    intro: 'To, czego agent się nauczy. Rośnie w trakcie rozmowy; możesz go też edytować sam.',
    editingNote: 'Zmień, co chcesz, i zapisz. Zapisanie szkicu jest bezpłatne.',
    edit: 'Edytuj',
    editWait: 'Szkic można edytować, gdy projektant skończy pisać.',
    bodyLabel: 'Szkic do tej pory',
    editorLabel: 'Edycja szkicu agenta',
    save: 'Zapisz szkic',
    saved: 'Szkic zapisany.',
    formInvalid: 'Popraw zaznaczone pola, aby zapisać szkic.',
    notYet: 'Jeszcze nie podano',
    missingHeading: 'Czego jeszcze brakuje',
    nothingMissing: 'Niczego nie brakuje: można wygenerować agenta.',
    name: 'Nazwa',
    description: 'Czym jest i kto z nim rozmawia',
    context: 'Fakty o świecie',
    fact: 'Fakt {{n}}',
    addFact: 'Dodaj fakt',
    removeFact: 'Usuń fakt {{n}}',
    tokens: 'Tokeny',
    tokensHint:
      'Wynikają ze szkicu: jeden dla tego, co agent słyszy, jeden dla odpowiedzi i po jednym na reakcję.',
    reactions: 'Reakcje',
    reactionsHint: 'Sposoby, w jakie agent może reagować. Nazwa to litery i cyfry, np. Greet albo Refuse.',
    reaction: 'Reakcja {{n}}',
    reactionName: 'Nazwa reakcji',
    reactionDescription: 'Kiedy tak reaguje',
    addReaction: 'Dodaj reakcję',
    removeReaction: 'Usuń reakcję {{n}}',
    noReactions: 'Brak reakcji',
    instructions: 'Instrukcje',
    instructionsHint: 'Przykładowe wymiany: co ktoś mówi, co agent odpowiada i jak reaguje.',
    instructionName: 'Nazwa instrukcji',
    addInstruction: 'Dodaj zestaw instrukcji',
    removeInstruction: 'Usuń zestaw instrukcji {{name}}',
    examplesCount: 'Przykłady: {{count}}',
    sampleInput: 'Ktoś mówi',
    sampleOutput: 'Agent odpowiada',
    sampleReaction: 'Reakcja',
    example: 'Przykład {{n}}',
    addSample: 'Dodaj przykład',
    removeSample: 'Usuń przykład {{n}}',
    guardrail: 'Czego odmawia',
    guardrailHint:
      'Tematy poboczne, na które agent odpowiada jedną stałą odpowiedzią. Zostaw oba pola puste, jeśli nie ma takich.',
    guardrailOutput: 'Jego odpowiedź na wszystko, co nie na temat',
    guardrailExamples: 'Przykłady, których ma odmawiać',
    badExample: 'Przykład do odmowy {{n}}',
    addBadExample: 'Dodaj przykład do odmowy',
    removeBadExample: 'Usuń przykład do odmowy {{n}}',
    noGuardrail: 'Nic: agent nie ma zabezpieczenia.',
    errors: {
      reactionName: 'Używaj tylko liter i cyfr, zaczynając od litery (bez spacji).',
      instructionName: 'Używaj małych liter, cyfr i podkreśleń, zaczynając od litery.',
      tooMany: 'Najwyżej {{max}} pozycji.',
    },
  },

  generate: {
    button: 'Wygeneruj agenta',
    generating: 'Generowanie…',
    hasGaps: 'Najpierw uzupełnij szkic: zobacz, czego jeszcze brakuje.',
    waitAnswer: 'Poczekaj, aż projektant skończy pisać.',
    created: 'Utworzono agenta „{{name}}”. Jego trening się rozpoczął.',
    createdTitle: 'Agent utworzony',
    createdText: 'Czat jest teraz zamknięty; agent trenuje na swojej stronie.',
    openAgent: 'Otwórz agenta',
  },

  newAgent: {
    heading: 'Nowy agent',
    formHeading: 'Prześlij plik JSON',
    nameLabel: 'Nazwa (opcjonalnie)',
    namePlaceholder: 'Wpisz nazwę agenta...',
    fileLabel: 'Plik protokołu (.json, do 2 MB)',
    dropTitle: 'Przeciągnij i upuść plik JSON',
    dropHint: 'lub kliknij, aby wybrać',
    dropRelease: 'Upuść plik tutaj',
    replaceHint: 'Upuść inny plik lub kliknij, aby go zmienić',
    chosenFile: 'Wybrany plik',
    removeFile: 'Usuń {{name}}',
    submit: 'Utwórz agenta',
    submitting: 'Przesyłanie…',
    created: 'Utworzono agenta „{{name}}”.',
    help: {
      summary: 'Czym jest plik protokołu?',
      intro:
        'Plik protokołu opisuje agenta w formacie Model Train Protocol (MTP): to plik JSON, którego pole "$schema" podaje wersję (np. …/v2/bloom_2_0_1.json).',
      fields:
        'Zawiera nazwę agenta ("name"), liczbę linii wejściowych przykładu ("inputs"), "model_type" "generative", zdania tła w "context" i wszystkie używane tokeny w "tokens".',
      sets: 'W "instruction" każdy zestaw ma wiersz tokenów na linię, co najmniej 3 przykłady (po jednym tekście na linię i token wyniku) oraz zabezpieczenia (guardrails) ze złymi przykładami.',
      checks:
        'Przed utworzeniem agenta plik jest sprawdzany ze schematem i regułami protokołu: znane tokeny, dość przykładów na każdy wynik, liczby w swoich zakresach. Każdy problem jest wypisany wraz z miejscem w pliku.',
    },
  },

  upload: {
    errors: {
      fileTooLarge: 'Plik jest większy niż 2 MB. Wybierz mniejszy plik.',
      oneFile: 'Upuść jeden plik.',
      invalidProtocol: 'To nie jest poprawny plik protokołu. Popraw te problemy i prześlij go ponownie:',
      invalidJsonAt: 'Plik nie zawiera poprawnego JSON-a (linia {{line}}, kolumna {{column}}).',
      where: 'Miejsce',
      wholeFile: 'cały plik',
    },
  },

  protocolProblems: {
    inSet: '(zestaw {{number}})',
    inSetNamed: '(zestaw {{name}})',
    at: '(linia {{line}}, kolumna {{column}})',
  },
  mtp: {
    invalidJson: 'Plik nie zawiera poprawnego JSON-a: {{reason}}{{at}}.',
    notAnObject: 'Plik protokołu musi być obiektem JSON.',
    schemaMissing:
      'Plik nie ma pola "$schema", więc wersja protokołu jest nieznana. Pliki protokołu podają swoją wersję, np. "$schema": "https://mtp.schemas.databiomes.com/v2/bloom_2_0_1.json".',
    schemaUnknown:
      '"$schema" {{schema, quote}} nie jest schematem protokołu MTP. Obsługiwane wersje: {{supported, quoteList}}.',
    schemaVersionUnsupported:
      'Wersja protokołu {{version}} nie jest obsługiwana. Obsługiwane wersje: {{supported, quoteList}}.',
    wrongFileKind: 'To jest plik typu {{kind}}, a nie plik protokołu. Prześlij plik protokołu (bloom).',
    required: 'Brakuje wymaganej właściwości {{property, quote}}.',
    invalidType: 'Oczekiwano tu typu {{expected}}, a jest {{received}}.',
    invalidValue:
      'Wartość {{received, quote}} jest tu niedozwolona. Dozwolone wartości: {{allowed, quoteList}}.',
    tooSmall: 'Liczba {{received}} jest mniejsza od minimum ({{minimum}}).',
    tooBig: 'Liczba {{received}} jest większa od maksimum ({{maximum}}).',
    tooShort: 'Tekst jest za krótki (minimalna długość {{minLength}}, ma {{length}}).',
    tooLong: 'Tekst jest za długi (maksymalna długość {{maxLength}}, ma {{length}}).',
    tooFewItems: 'Lista ma za mało elementów (minimum {{minItems}}, ma {{count}}).',
    tooManyItems: 'Lista ma za dużo elementów (maksimum {{maxItems}}, ma {{count}}).',
    unknownProperty: 'Nieznana właściwość {{property, quote}}.',
    patternMismatch: 'Tekst nie pasuje do wzorca {{pattern}}.',
    noMatchingShape: 'Oczekiwano tu: {{expected}}, a jest {{received}}.',
    tooFewSamples: 'Minimalna liczba przykładów w zestawie instrukcji: {{minimum}}; ten ma {{count}}.',
    tooFewBadExamples: 'Minimalna liczba złych przykładów w zabezpieczeniu: {{minimum}}; to ma {{count}}.',
    modelTypeNotSupported:
      'Typ modelu {{modelType, quote}} nie jest jeszcze obsługiwany: Greenhouse trenuje tylko modele generatywne.',
    nameTooLong: 'Nazwa agenta może mieć najwyżej {{maximum}} znaków (ma {{length}}).',
    setNameTooLong: 'Nazwa zestawu instrukcji może mieć najwyżej {{maximum}} znaków (ma {{length}}).',
    duplicateSetName:
      'Dwa zestawy instrukcji mają nazwę {{name, quote}}; nazwy zestawów muszą być unikalne (zestawy {{sets, nthList}}).',
    memoryMismatch:
      '"memory" musi być liczbą linii wejściowych plus linia odpowiedzi: {{expected}} (inputs {{inputs}} + 1), a nie {{memory}}.',
    setRowCount:
      'Zestaw potrzebuje jednego wiersza tokenów na linię ({{expected}}: linie wejściowe, a potem linia odpowiedzi), a ma {{count}}{{where}}.',
    emptyRow:
      'Wiersz tokenów {{line, nth}} jest pusty; każda linia potrzebuje co najmniej jednego tokenu{{where}}.',
    unknownToken: 'Token {{token, quote}} nie jest zdefiniowany w "tokens"{{where}}.',
    tokenNotAllowedInRow:
      'Token {{token, quote}} jest typu {{kind}} i nie może być częścią wiersza tokenów; wiersze przyjmują tylko Token, NumToken i NumListToken{{where}}.',
    tokenKeyInvalid: 'Klucz tokenu {{key, quote}} może zawierać tylko litery, cyfry, podkreślenia i emoji.',
    duplicateTokenKey:
      'Tokeny {{tokens, quoteList}} mają ten sam klucz {{key, quote}}; model nie umiałby ich odróżnić.',
    numRangeMissing: 'Token {{token, quote}} typu {{kind}} potrzebuje liczbowych "min_value" i "max_value".',
    numRangeInverted: 'Token {{token, quote}} ma "min_value" {{min}} większe niż "max_value" {{max}}.',
    numListLengthMissing:
      'NumListToken {{token, quote}} potrzebuje długości listy co najmniej 1 w "length" (lub "num_list").',
    numListLengthConflict:
      'NumListToken {{token, quote}} ma "length" {{length}}, ale "num_list" {{numList}}.',
    stringsPerLine:
      'Przykład potrzebuje dokładnie jednego tekstu na linię: {{expected}} (linie wejściowe, a potem odpowiedź), a ma {{count}}{{where}}.',
    numbersPerLine:
      '"numbers" musi zawierać jedną listę na linię (liczba list: {{expected}}, każda z liczbami NumTokenów tej linii) albo być [], gdy żadna linia nie ma NumTokenu{{where}}.',
    numbersCount:
      'Linia {{line, nth}} potrzebuje jednej liczby na każdy NumToken ({{expected}}), a nie {{count}}{{where}}.',
    numberListsPerLine:
      '"number_lists" musi zawierać jeden wpis na linię (liczba wpisów: {{expected}}, każdy z jedną listą na NumListToken tej linii) albo być [], gdy żadna linia nie ma NumListTokenu{{where}}.',
    numberListsCount:
      'Linia {{line, nth}} potrzebuje jednej listy liczb na każdy NumListToken ({{expected}}), a nie {{count}}{{where}}.',
    numberListLength: 'Lista dla {{token, quote}} musi mieć długość {{expected}}, a nie {{length}}{{where}}.',
    numberOutOfRange: 'Liczba {{value}} dla {{token, quote}} jest poza zakresem {{min}}…{{max}}{{where}}.',
    resultNotFinal:
      'Wynik {{token, quote}} jest typu {{kind}}; wynik musi być typu FinalToken, FinalNumToken lub SpecialFinalToken{{where}}.',
    finalValueMissing:
      'Wynik {{token, quote}} jest typu FinalNumToken, więc przykład potrzebuje liczby w "value"{{where}}.',
    tooFewSamplesForResult:
      'Minimalna liczba przykładów dla każdego wyniku zestawu: {{minimum}}; {{token, quote}} ma {{count}}{{where}}.',
    guardrailLine:
      'Pole "index" zabezpieczenia ({{index}}) musi wskazywać linię wejściową (od 0 do {{maxIndex}}){{where}}.',
    duplicateGuardrailLine:
      'Dwa zabezpieczenia tego zestawu chronią linię wejściową {{index}}; linia może mieć jedno zabezpieczenie{{where}}.',
    badExampleHasDigits: 'Zły przykład {{example, quote}} zawiera cyfry, które są niedozwolone.',
    badExampleEmpty: 'Zły przykład nie może być pusty.',
    reservedString: 'Tekst zawiera {{marker, quote}}, zarezerwowane dla tokenów sterujących modelu.',
    tooManyProblems: 'Dalsze problemy, których nie pokazano: {{omitted}}.',
    unknownSet: 'Protokół nie ma zestawu instrukcji {{set}}.',
    unknownInstruction:
      'Protokół nie ma zestawu instrukcji o nazwie {{name, quote}}. Jego zestawy: {{available, quoteList}}.',
    inputCount:
      'Zła liczba linii wejściowych: zestaw instrukcji potrzebuje {{expected}}, a nie {{count}}{{where}}.',
    slotNumbersCount:
      'Zła liczba liczb dla linii {{line, nth}}: jej miejsca przyjmują {{expected}}, a nie {{count}}{{where}}.',
    unknownGuardrail: 'Zestaw instrukcji nie ma zabezpieczenia {{guardrail}}{{where}}.',
    unknownSample: 'Zestaw instrukcji nie ma przykładu {{sample}}{{where}}.',
    valueIgnored:
      '"value" przykładu jest pomijane: jego wynik {{token, quote}} nie jest typu FinalNumToken{{where}}.',
    promptIgnored:
      '"prompt" przykładu nie jest używany w trenowaniu zestawów generatywnych i jest pomijany{{where}}.',
    lineBreakInString:
      'Tekst zawiera znak nowej linii; model czyta jedną linię na tekst, więc zostanie on zastąpiony spacją.',
  },

  agent: {
    eyebrow: 'Agent',
    costLabel: 'Łączny koszt: {{amount}}',
    costNotAvailable: 'nie dotyczy',
    paymentStatus: 'Status płatności',
    status: 'Status',
    created: 'Utworzono',
    completed: 'Ukończono',
    notYet: 'Jeszcze nie',
    summary: 'Podsumowanie',
    download: 'Pobieranie',
    rename: 'Zmień nazwę',
    delete: 'Usuń',
    actions: 'Działania agenta',
    goToEngine: 'Przejdź do silnika inferencji',
    cpuModel: 'Model CPU',
    floraWordmark: 'flora',
    // Named on /flora, among the formats an agent might come in.
    availableWhenTrained: 'Dostępny po zakończeniu treningu',
    downloadTrainingFailed: 'Niedostępny: trening nie powiódł się',
    downloadAs: 'Pobierz {{file}}',
    downloading: 'Pobieranie…',
    loadFailed: 'Nie udało się wczytać tego agenta.',
    refreshFailed: 'Nie udało się odświeżyć postępu trenowania. Próbujemy ponownie…',
    live: 'Status agenta: {{status}}. {{stage}}: {{stageStatus}}.',
    liveSettled: 'Status agenta: {{status}}.',
    payment: {
      payAndTrain: 'Zapłać i trenuj',
      returnToCheckout: 'Wróć do płatności',
      redirecting: 'Otwieranie strony płatności…',
      notInitialized: 'Trening rozpocznie się po opłaceniu agenta.',
      pending: 'Czekamy na potwierdzenie płatności. Ta strona odświeży się sama.',
      processing: 'Płatność jest potwierdzana. Trening rozpocznie się zaraz potem.',
      expired: 'Sesja płatności wygasła przed zapłatą. Możesz zapłacić ponownie.',
      failed: 'Płatność nie powiodła się. Możesz zapłacić ponownie.',
      returnPaid: 'Płatność otrzymana. Trening się rozpoczął.',
      returnConfirming: 'Dziękujemy! Płatność jest potwierdzana; trening rozpocznie się zaraz potem.',
      returnFailed: 'Nie udało się sprawdzić płatności: {{reason}}',
    },
    notFound: {
      heading: 'Nie znaleziono agenta',
      text: 'Ten agent nie istnieje albo nie należy do Ciebie. Mógł zostać usunięty.',
      link: 'Utwórz nowego agenta',
    },
    details: {
      noSummary: 'Podsumowanie pojawi się po odczytaniu protokołu.',
      showMore: 'Pokaż więcej',
      showLess: 'Pokaż mniej',
      instructions: 'Zestawy instrukcji',
      reactions: 'Reakcje zestawu {{name}}',
      inputs: 'Wejścia: {{n}}',
      samples: 'Przykłady: {{n}}',
      totals: 'Zestawy instrukcji: {{sets}} · Przykłady: {{samples}} · Zabezpieczenia: {{guardrails}}',
    },
  },

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

  flora: {
    heading: 'Silnik inferencji',
    intro:
      'Flora to silnik, który uruchamia Twoich wytrenowanych agentów: na Twoim komputerze z wiersza poleceń w Node.js albo na dowolnej stronie internetowej.',
    points: {
      cpu: 'Działa na procesorze dzięki WebAssembly SIMD: bez GPU, bez serwera, bez innych zależności.',
      file: 'Czyta jeden plik JSON, jako który pobiera się każdy wytrenowany agent, i najpierw sprawdza jego sumy kontrolne.',
      private: 'Wszystko zostaje na komputerze, który go uruchamia.',
    },
    downloadsHeading: 'Pliki do pobrania',
    loadingDownloads: 'Wczytywanie plików do pobrania…',
    downloadsFailed: 'Nie udało się wczytać plików do pobrania.',
    noDownloads:
      'Ten serwer nie ma jeszcze kompilacji Flory do pobrania. Jego administrator tworzy je poleceniem npm run build.',
    kinds: {
      browser: {
        name: 'Moduł dla przeglądarki',
        text: 'Jeden plik modułu ES dla stron i web workerów.',
      },
      cli: {
        name: 'Pakiet Node.js z CLI',
        text: 'Pakiet npm dla Node.js 20 lub nowszego, z poleceniem flora (run, info, bench).',
      },
    },
    file: 'Plik',
    version: 'Wersja',
    size: 'Rozmiar',
    downloadFile: 'Pobierz {{file}}',
    quickStartHeading: 'Szybki start',
    nodeHeading: 'Node.js',
    nodeText: 'Zainstaluj pakiet obok pliku agenta, a potem uruchom agenta z terminala.',
    nodeCode: 'Terminal',
    webHeading: 'Strona internetowa',
    webText:
      'Udostępnij {{file}} i plik agenta razem ze stroną, a potem zaimportuj silnik w skrypcie modułu.',
    webCode: 'HTML',
    copy: 'Kopiuj',
    copyLabel: 'Kopiuj: {{what}}',
    copied: 'Skopiowano do schowka.',
    copyFailed: 'Nie udało się skopiować: zaznacz tekst i skopiuj go samodzielnie.',
    formatsHeading: 'Pobieranie agentów',
    formatsText:
      'Każdy wytrenowany agent pobiera się ze swojej strony. Model CPU to jeden plik JSON: manifest, szablon instrukcji, tokenizer i wagi float16, każdy z sumą kontrolną SHA-256.',
    formats: {
      platform: 'Platforma',
      format: 'Format',
      availability: 'Dostępność',
      cpuFormat: 'Plik agenta (.json), uruchamiany przez Florę',
      cpuAvailability: 'Każdy wytrenowany agent',
    },
    trainLink: 'Wytrenuj nowego agenta',
  },

  paymentStatus: {
    not_initialized: 'Nie rozpoczęto',
    pending: 'Oczekuje',
    paid: 'Opłacono',
    expired: 'Wygasło',
    failed: 'Niepowodzenie',
    processing: 'Przetwarzanie',
  },

  stages: {
    listLabel: 'Etapy trenowania',
    names: {
      data_preparation_stage_1: 'Przygotowanie danych — etap 1',
      data_preparation_stage_2: 'Przygotowanie danych — etap 2',
      data_validation: 'Kontrola jakości danych',
      training_tokenizer: 'Trenowanie tokenizera',
      training_pretraining: 'Wstępne trenowanie agenta',
      training_finetuning: 'Dostrajanie agenta',
      training_exporting: 'Eksportowanie agenta',
    },
    status: {
      pending: 'Oczekuje',
      processing: 'W toku',
      completed: 'Ukończono',
      failed: 'Niepowodzenie',
    },
    inProgressPercent: 'W toku {{percent}}',
    progressLabel: 'Postęp: {{stage}}',
    step: 'Krok {{step}} z {{total}}',
    errorCode: 'Kod: {{code}}',
    failedWithoutReason: 'Ten etap zakończył się niepowodzeniem bez podania przyczyny.',
    eta: 'pozostało ok. {{duration}}',
  },

  stageMetrics: {
    label: 'Metryki: {{stage}}',
    parameters: 'Parametry',
    steps: 'Kroki',
    tokensPerSecond: 'Tokeny/s',
    trainLoss: 'Strata treningowa',
    validationLoss: 'Strata walidacyjna',
    reactionAccuracy: 'Rozumie nowe sformułowania',
    trainReactionAccuracy: 'Trafność (zbiór treningowy)',
    vocabularySize: 'Słownik',
    corpusTokens: 'Tokeny korpusu',
    bytes: 'Plik agenta',
    weightsFormat: 'Wagi',
  },

  quality: {
    heading: 'Jak dobrze rozumie nowe sformułowania',
    ratingLabel: 'Ocena:',
    rating: {
      good: 'Dobra',
      fair: 'Przeciętna',
      weak: 'Potrzeba więcej przykładów',
    },
    counts:
      'Modele kontrolne, wytrenowane bez części Twoich przykładów, odpowiedziały właściwą reakcją na {{right}} z {{measured}} pominiętych przykładów.',
    method: {
      kFold: 'Każdy Twój przykład został raz pominięty.',
      heldOut: 'Pominięto co piąty Twój przykład.',
    },
    shipped: 'Agent, którego pobierasz, nauczył się wszystkich Twoich przykładów.',
    missesHeading: 'Sformułowania, przy których się pomylił',
    phrase: '„{{phrase}}”',
    miss: {
      answered: 'oczekiwano: {{expected}}, odpowiedział: {{got}}',
      refused: 'oczekiwano: {{expected}}, odmówił odpowiedzi',
      expectedRefusal: 'oczekiwano odmowy, odpowiedział: {{got}}',
      noReaction: 'oczekiwano: {{expected}}, nie podał żadnej reakcji',
    },
    moreMisses: 'Pomyłki niewymienione tutaj: {{n}}.',
    hint: 'Dodaj jeszcze kilka przykładów tego, jak ludzie mówią „{{name}}”.',
    hintRefusal:
      'Dodaj jeszcze kilka przykładów wiadomości nie na temat, na które powinien odmówić odpowiedzi.',
    tooFew:
      'Twój protokół ma za mało przykładów na reakcję, by to sprawdzić: potrzeba co najmniej dwóch przykładów jednej reakcji.',
  },

  lossChart: {
    title: 'Krzywa straty',
    xAxis: 'Krok',
    yAxis: 'Strata',
    validation: 'Walidacja',
    phase: {
      pretraining: 'Wstępne trenowanie',
      finetuning: 'Dostrajanie',
    },
    summary: {
      train: {
        fell: '{{stage}}, kroki {{first}}–{{last}}: strata treningowa spadła z {{from}} do {{to}}.',
        rose: '{{stage}}, kroki {{first}}–{{last}}: strata treningowa wzrosła z {{from}} do {{to}}.',
        same: '{{stage}}, kroki {{first}}–{{last}}: strata treningowa pozostała na poziomie {{to}}.',
        point: '{{stage}}, krok {{step}}: strata treningowa {{loss}}.',
      },
      validation: {
        fell: '{{stage}}, kroki {{first}}–{{last}}: strata walidacyjna spadła z {{from}} do {{to}}.',
        rose: '{{stage}}, kroki {{first}}–{{last}}: strata walidacyjna wzrosła z {{from}} do {{to}}.',
        same: '{{stage}}, kroki {{first}}–{{last}}: strata walidacyjna pozostała na poziomie {{to}}.',
        point: '{{stage}}, krok {{step}}: strata walidacyjna {{loss}}.',
      },
      live: 'Trenowanie wciąż trwa; wykres aktualizuje się na bieżąco.',
    },
  },

  sidebar: {
    label: 'Nawigacja panelu',
    dashboard: 'Panel',
    chats: 'Czaty',
    create: 'TWÓRZ',
    newChat: 'NOWY CZAT',
    agents: 'AGENCI',
    newAgent: 'NOWY AGENT',
    total: 'Łącznie: {{count}}',
    promptsLeft: 'zostało {{remaining}}/{{limit}}',
    unlimited: 'BEZ LIMITU',
    renewal: 'Odnowienie: {{date}}',
    noChats: 'Nie masz jeszcze czatów.',
    noAgents: 'Nie masz jeszcze agentów.',
    loadChatsFailed: 'Nie udało się wczytać czatów.',
    loadAgentsFailed: 'Nie udało się wczytać agentów.',
    loadingMore: 'Wczytywanie kolejnych…',
    answering: 'Odpowiada…',
    chatActions: 'Akcje czatu {{title}}',
    agentActions: 'Akcje agenta {{name}}',
    edit: 'Edytuj',
    delete: 'Usuń',
    downloadJson: 'Pobierz JSON',
    inferenceEngine: 'Silnik inferencji',
    adminPanel: 'Panel administratora',
    logOut: 'Wyloguj się',
    toggle: 'Panel boczny',
    close: 'Zamknij panel boczny',
  },

  bloomStatus: {
    failed: 'Błąd',
    trained: 'Wytrenowany',
    in_progress: 'W toku',
    ready: 'Gotowy',
    not_started: 'Nierozpoczęty',
  },

  topBar: {
    userMenu: 'Menu konta użytkownika {{name}}',
    profile: 'Profil',
    settings: 'Ustawienia',
    purchaseHistory: 'Historia zakupów',
    logOut: 'Wyloguj się',
  },

  dialogs: {
    editChat: {
      title: 'Edytuj czat',
      titleLabel: 'Tytuł',
      saved: 'Zmieniono nazwę czatu.',
    },
    editAgent: {
      title: 'Edytuj agenta',
      nameLabel: 'Nazwa',
      dataset: 'Zbiór danych',
      created: 'Utworzono',
      saved: 'Zmieniono nazwę agenta.',
    },
    deleteChat: {
      title: 'Usuń czat',
      message: 'Usunąć czat „{{title}}”? Tej operacji nie można cofnąć.',
      deleted: 'Czat został usunięty.',
    },
    deleteAgent: {
      title: 'Usuń agenta',
      message: 'Usunąć agenta „{{name}}”? Tej operacji nie można cofnąć.',
      deleted: 'Agent został usunięty.',
    },
    userDeleteFailed: 'Nie udało się usunąć użytkownika. Spróbuj ponownie.',
  },

  download: {
    notAvailable: 'Pobieranie nie jest dostępne dla tej platformy.',
    failed: 'Nie udało się pobrać pliku. Spróbuj ponownie.',
  },

  errorPage: {
    title: 'Ups! Coś poszło nie tak',
    goBack: 'Wróć',
    unknown: 'Wystąpił nieoczekiwany błąd.',
    configFailed: 'Greenhouse nie może wczytać swojej konfiguracji. Sprawdź połączenie i spróbuj ponownie.',
    notFound: 'Ta strona nie istnieje.',
  },

  serviceUnavailable: {
    title: 'Usługa jest obecnie niedostępna',
    text: 'Greenhouse nie może teraz połączyć się ze swoim serwerem. Jeśli sesja była aktywna, nadal trwa.',
    autoRetry: 'Strona sama ponawia próbę co kilka sekund. Możesz też spróbować teraz.',
    retrying: 'Ponawianie…',
  },

  toast: {
    region: 'Powiadomienia',
    dismiss: 'Zamknij',
  },

  invalidEmail: 'Podaj poprawny adres e-mail.',
  passwordMinLength: 'Hasło musi mieć co najmniej 8 znaków.',
  passwordMaxLength: 'Hasło nie może mieć więcej niż 64 znaki.',
  passwordFormat:
    'Hasło musi zawierać małą literę, wielką literę, cyfrę i jeden ze znaków @ $ ! % * # ? & oraz żadnych innych znaków.',
  passwordsMustMatch: 'Hasła muszą być takie same.',
  firstNameMinLength: 'Imię musi mieć co najmniej 1 znak.',
  firstNameMaxLength: 'Imię nie może mieć więcej niż 32 znaki.',
  lastNameMinLength: 'Nazwisko musi mieć co najmniej 1 znak.',
  lastNameMaxLength: 'Nazwisko nie może mieć więcej niż 64 znaki.',
  chatTitleRequired: 'Tytuł czatu jest wymagany.',
  chatTitleMinLength: 'Tytuł czatu musi mieć co najmniej 1 znak.',
  chatTitleMaxLength: 'Tytuł czatu nie może mieć więcej niż 255 znaków.',
  bloomNameRequired: 'Nazwa agenta jest wymagana.',
  bloomNameMinLength: 'Nazwa agenta musi mieć co najmniej 1 znak.',
  bloomNameMaxLength: 'Nazwa agenta nie może mieć więcej niż 255 znaków.',
  fileRequired: 'Plik jest wymagany.',
  fileMustBeJson: 'Akceptowane są tylko pliki .json.',
  validation: {
    required: 'To pole jest wymagane.',
    email: 'Podaj poprawny adres e-mail.',
    stringMin: 'Wymagane co najmniej {{min}} znaki(-ów).',
    stringMax: 'Dozwolone najwyżej {{max}} znaki(-ów).',
    numberMin: 'Wartość musi wynosić co najmniej {{min}}.',
    numberMax: 'Wartość nie może przekraczać {{max}}.',
    arrayMin: 'Wybierz co najmniej {{min}}.',
  },

  apiErrors: {
    FORBIDDEN: 'Nie masz uprawnień do wykonania tej operacji.',
    SERVICE_UNAVAILABLE: 'Usługa jest chwilowo niedostępna. Spróbuj ponownie za chwilę.',
    INTERNAL: 'Wystąpił błąd po naszej stronie. Spróbuj ponownie.',
    NOT_FOUND: 'Nie znaleziono żądanego elementu.',
    NOT_IMPLEMENTED_YET: 'Ta funkcja nie jest jeszcze dostępna.',
    http_error: 'Żądanie nie powiodło się. Spróbuj ponownie.',
    unknown_error: 'Wystąpił nieznany błąd. Spróbuj ponownie.',
    BAD_REQUEST: 'Żądanie jest nieprawidłowe.',
    UNAUTHORIZED: 'Nie jesteś zalogowany.',
    PAYLOAD_TOO_LARGE: 'Przesyłane dane są zbyt duże.',
    REQUEST_TIMEOUT: 'Żądanie docierało zbyt długo. Spróbuj ponownie.',
    UNSUPPORTED_MEDIA_TYPE: 'Ten typ zawartości nie jest obsługiwany.',
    TOO_MANY_REQUESTS: 'Zbyt wiele żądań. Spróbuj ponownie później.',
    CONFLICT: 'Operacja koliduje z bieżącym stanem. Odśwież stronę i spróbuj ponownie.',
    CSRF_INVALID: 'Brak tokenu sesji lub jest on nieprawidłowy. Odśwież stronę i spróbuj ponownie.',
    validation: {
      required: 'To pole jest wymagane.',
      email: 'Podaj poprawny adres e-mail.',
      stringMin: 'Wartość jest za krótka.',
      stringMax: 'Wartość jest za długa.',
      numberMin: 'Wartość jest za mała.',
      numberMax: 'Wartość jest za duża.',
      arrayMin: 'Wybrano za mało elementów.',
      invalid_characters: 'Tekst zawiera znaki, których nie można zapisać (np. znak NUL).',
    },
    account: {
      not_found: 'Nie znaleziono konta.',
      registered_with_social_provider: 'To konto loguje się przez Google, więc ta opcja jest niedostępna.',
      first_name_required: 'Imię jest wymagane.',
      first_name_too_long: 'Imię nie może mieć więcej niż 32 znaki.',
      last_name_required: 'Nazwisko jest wymagane.',
      last_name_too_long: 'Nazwisko nie może mieć więcej niż 64 znaki.',
      new_password_same_as_current_password: 'Nowe hasło musi różnić się od obecnego.',
      invalid_current_password: 'Obecne hasło jest nieprawidłowe.',
      password_too_short: 'Hasło musi mieć co najmniej 8 znaków.',
      password_too_long: 'Hasło nie może mieć więcej niż 64 znaki.',
      password_invalid:
        'Hasło musi zawierać małą literę, wielką literę, cyfrę i jeden ze znaków @ $ ! % * # ? &.',
      role_invalid: 'Ta rola jest nieprawidłowa.',
      prompts_insufficient: 'Wykorzystano wszystkie prompty. Poczekaj na odnowienie limitu.',
      cannot_delete_self: 'Tutaj nie możesz usunąć własnego konta. Użyj Ustawienia → Usuń moje konto.',
      last_admin: 'To ostatni aktywny administrator. Najpierw nadaj uprawnienia administratora innemu kontu.',
      reauthentication_needed:
        'Ze względów bezpieczeństwa zaloguj się ponownie przez Google, a potem usuń konto w ciągu 5 minut.',
    },
    authorization: {
      unauthorized: 'Nie jesteś zalogowany.',
      session_expired: 'Twoja sesja wygasła. Zaloguj się ponownie.',
      email_already_in_use: 'Ten adres e-mail jest już używany.',
      email_required: 'Adres e-mail jest wymagany.',
      email_invalid: 'Podaj poprawny adres e-mail.',
      password_required: 'Hasło jest wymagane.',
      password_too_short: 'Hasło musi mieć co najmniej 8 znaków.',
      password_too_long: 'Hasło nie może mieć więcej niż 64 znaki.',
      password_invalid:
        'Hasło musi zawierać małą literę, wielką literę, cyfrę i jeden ze znaków @ $ ! % * # ? &.',
      first_name_required: 'Imię jest wymagane.',
      first_name_too_long: 'Imię nie może mieć więcej niż 32 znaki.',
      last_name_required: 'Nazwisko jest wymagane.',
      last_name_too_long: 'Nazwisko nie może mieć więcej niż 64 znaki.',
      invalid_credentials: 'Nieprawidłowy e-mail lub hasło.',
      account_not_active:
        'Konto jest w trakcie weryfikacji. Otrzymasz wiadomość e-mail, gdy zostanie zatwierdzone.',
      email_not_confirmed: 'Najpierw potwierdź swój adres e-mail. Link znajdziesz w skrzynce odbiorczej.',
      invalid_email_confirmation_token: 'Ten link potwierdzający adres e-mail jest nieprawidłowy.',
      email_confirmation_token_already_sent:
        'Wiadomość z potwierdzeniem została niedawno wysłana. Spróbuj ponownie później.',
      invalid_or_expired_password_reset_token: 'Link do resetu hasła jest nieprawidłowy lub wygasł.',
      password_reset_token_already_sent:
        'Wiadomość z linkiem do resetu hasła została niedawno wysłana. Spróbuj ponownie później.',
      sso_invalid_state: 'Logowanie przez Google nie powiodło się. Spróbuj ponownie.',
      sso_invalid_code: 'Logowanie przez Google nie powiodło się. Spróbuj ponownie.',
      account_already_registered_with_email:
        'Konto z tym adresem e-mail już istnieje. Zaloguj się e-mailem i hasłem.',
      account_not_registered_with_email: 'To konto loguje się przez Google. Użyj opcji Kontynuuj z Google.',
      failed_to_get_user_data: 'Nie udało się pobrać Twoich danych z Google. Spróbuj ponownie.',
    },
    bloom: {
      not_found: 'Nie znaleziono agenta.',
      missing_file: 'Plik jest wymagany.',
      invalid_file: 'Nieprawidłowy plik. Oczekiwany jest plik JSON.',
      invalid_json: 'Plik nie zawiera poprawnego JSON-a.',
      name_required: 'Nazwa agenta jest wymagana.',
      name_too_long: 'Nazwa agenta nie może mieć więcej niż 128 znaków.',
      file_name_too_long: 'Nazwa pliku nie może mieć więcej niż 128 znaków.',
      file_not_found: 'Nie znaleziono pliku.',
      not_failed: 'Ponowić można tylko agenta, którego trening się nie powiódł.',
    },
    chat: {
      not_found: 'Nie znaleziono czatu.',
      title_required: 'Tytuł czatu jest wymagany.',
      title_too_long: 'Tytuł czatu nie może mieć więcej niż 255 znaków.',
      message_empty: 'Wiadomość nie może być pusta.',
      message_too_long: 'Wiadomość nie może mieć więcej niż 256 znaków.',
      not_ready_to_generate: 'Ten czat nie jest jeszcze gotowy do utworzenia agenta.',
      closed: 'Ten czat jest zamknięty.',
      answering: 'Poczekaj, aż obecna odpowiedź zostanie ukończona.',
    },
    session: {
      not_found: 'Ta sesja została już zakończona.',
    },
    token: {
      not_found: 'Nie znaleziono tokenu.',
      name_required: 'Nazwa tokenu jest wymagana.',
      name_too_long: 'Nazwa tokenu nie może mieć więcej niż 64 znaki.',
      limit_reached: 'Osiągnięto limit 20 tokenów API. Usuń jeden, zanim utworzysz kolejny.',
    },
    access: {
      forbidden: 'Nie masz dostępu do tego zasobu.',
    },
    query: {
      invalid_param: 'Żądanie zawierało nieprawidłowy parametr.',
    },
    header: {
      invalid: 'Żądanie zawierało nieprawidłowy nagłówek.',
    },
    model: {
      not_found: 'Nie znaleziono modelu.',
      name_required: 'Nazwa modelu jest wymagana.',
      name_too_long: 'Nazwa modelu nie może mieć więcej niż 255 znaków.',
      files_not_found: 'Nie znaleziono plików modelu.',
    },
    payment: {
      already_paid: 'Ten agent jest już opłacony.',
      not_found: 'Nie znaleziono płatności.',
      not_initialized: 'Płatność nie została jeszcze rozpoczęta.',
      customer_not_found: 'Nie znaleziono Twojego konta rozliczeniowego.',
    },
  },
};
