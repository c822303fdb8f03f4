import type { enStart } from './en-start.js';

/**
 * Polish texts of what any page may show: the same keys as en-start.ts (the type makes a missing or extra key a
 * compile error). Loaded when Polish is chosen (lib/i18n.ts); the signed-out screens' texts are pl-forms.ts, the
 * share page's and the playground's pl-try.ts and the signed-in screens' pl-app.ts, each loaded with its screens.
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
