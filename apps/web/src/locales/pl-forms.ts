import type { enForms } from './en-forms.js';

/** Polish texts of the signed-out screens and the form validation messages: the same keys as en-forms.ts. */
export const plForms: typeof enForms = {
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
};
