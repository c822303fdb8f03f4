import type { enStart } from './en-start.js';

/**
 * Polish texts of the signed-out screens and of what any page may show: the same keys as en-start.ts (the type
 * makes a missing or extra key a compile error). Loaded when Polish is chosen (lib/i18n.ts); the signed-in screens'
 * texts are pl-app.ts, the share page's and the playground's pl-try.ts, each loaded with its screens.
 */
export const plStart: typeof enStart = {
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

  errorPage: {
    title: 'Ups! Coś poszło nie tak',
    goBack: 'Wróć',
    unknown: 'Wystąpił nieoczekiwany błąd.',
    configFailed: 'Greenhouse nie może wczytać swojej konfiguracji. Sprawdź połączenie i spróbuj ponownie.',
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
      version_in_progress: 'Wersja tego agenta jest jeszcze w przygotowaniu; poczekaj, aż się skończy.',
      version_not_found: 'Nie znaleziono wersji.',
      only_version: 'Jedynej wersji agenta nie można usunąć; usuń cały agent.',
      not_editable:
        'Tego protokołu nie da się edytować w edytorze szkicu; popraw plik i prześlij go jako nową wersję.',
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
    share: {
      not_found: 'Ten link nie działa: został unieważniony albo jego agent został usunięty.',
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
