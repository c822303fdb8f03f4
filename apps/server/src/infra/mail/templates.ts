import type { Language } from '@greenhouse/contracts';
import escapeHtml from 'escape-html';
import type { MailMessage } from './mailer.js';

interface Email {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

type Vars = { firstName: string; appUrl: string; url: string; agentName?: string; reason?: string };

// Every e-mail the product sends, in each language. `url` is the e-mail's action link.
const templates = {
  emailConfirmation: {
    en: (v: Vars): Email => ({
      subject: 'Confirm your Greenhouse account',
      greeting: `Hello ${v.firstName},`,
      paragraphs: [
        'Welcome to Greenhouse! Please confirm your e-mail address to finish creating your account.',
      ],
      action: { label: 'Confirm e-mail address', url: v.url },
      footer: 'The link is valid for 24 hours. If you did not sign up, ignore this e-mail.',
    }),
    pl: (v: Vars): Email => ({
      subject: 'Potwierdź swoje konto Greenhouse',
      greeting: `Cześć ${v.firstName},`,
      paragraphs: ['Witamy w Greenhouse! Potwierdź swój adres e-mail, aby dokończyć zakładanie konta.'],
      action: { label: 'Potwierdź adres e-mail', url: v.url },
      footer: 'Link jest ważny przez 24 godziny. Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.',
    }),
  },
  passwordReset: {
    en: (v: Vars): Email => ({
      subject: 'Reset your Greenhouse password',
      greeting: `Hello ${v.firstName},`,
      paragraphs: [
        'Someone asked to reset the password of your Greenhouse account. If it was you, set a new one here:',
      ],
      action: { label: 'Set a new password', url: v.url },
      footer: 'The link is valid for 1 hour and works once. If you did not ask for it, ignore this e-mail.',
    }),
    pl: (v: Vars): Email => ({
      subject: 'Zresetuj hasło do Greenhouse',
      greeting: `Cześć ${v.firstName},`,
      paragraphs: [
        'Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta Greenhouse. Jeśli to Ty, ustaw nowe hasło:',
      ],
      action: { label: 'Ustaw nowe hasło', url: v.url },
      footer: 'Link jest ważny przez 1 godzinę i działa jeden raz. Jeśli to nie Ty, zignoruj tę wiadomość.',
    }),
  },
  alreadyRegistered: {
    en: (v: Vars): Email => ({
      subject: 'You already have a Greenhouse account',
      greeting: `Hello ${v.firstName},`,
      paragraphs: [
        'Someone tried to create a Greenhouse account with this e-mail address, which already has one.',
        'If it was you, sign in — or reset your password if you have forgotten it.',
      ],
      action: { label: 'Sign in', url: v.url },
      footer: 'If it was not you, no action is needed: your account is unchanged.',
    }),
    pl: (v: Vars): Email => ({
      subject: 'Masz już konto Greenhouse',
      greeting: `Cześć ${v.firstName},`,
      paragraphs: [
        'Ktoś próbował założyć konto Greenhouse na ten adres e-mail, który ma już konto.',
        'Jeśli to Ty, zaloguj się — albo zresetuj hasło, jeśli go nie pamiętasz.',
      ],
      action: { label: 'Zaloguj się', url: v.url },
      footer: 'Jeśli to nie Ty, nic nie musisz robić: Twoje konto się nie zmieniło.',
    }),
  },
  googleAccountReset: {
    en: (v: Vars): Email => ({
      subject: 'Your Greenhouse account uses Google sign-in',
      greeting: `Hello ${v.firstName},`,
      paragraphs: [
        'Someone asked to reset your Greenhouse password, but your account signs in with Google and has no password.',
      ],
      action: { label: 'Sign in with Google', url: v.url },
      footer: 'If you did not ask for it, ignore this e-mail.',
    }),
    pl: (v: Vars): Email => ({
      subject: 'Twoje konto Greenhouse używa logowania Google',
      greeting: `Cześć ${v.firstName},`,
      paragraphs: [
        'Otrzymaliśmy prośbę o zresetowanie hasła, ale Twoje konto loguje się przez Google i nie ma hasła.',
      ],
      action: { label: 'Zaloguj się przez Google', url: v.url },
      footer: 'Jeśli to nie Ty, zignoruj tę wiadomość.',
    }),
  },
  accountApproved: {
    en: (v: Vars): Email => ({
      subject: 'Your Greenhouse account is approved',
      greeting: `Hello ${v.firstName},`,
      paragraphs: ['Good news: your Greenhouse account has been approved. You can sign in now.'],
      action: { label: 'Sign in', url: v.url },
      footer: 'Happy growing!',
    }),
    pl: (v: Vars): Email => ({
      subject: 'Twoje konto Greenhouse zostało zatwierdzone',
      greeting: `Cześć ${v.firstName},`,
      paragraphs: ['Dobra wiadomość: Twoje konto Greenhouse zostało zatwierdzone. Możesz się już zalogować.'],
      action: { label: 'Zaloguj się', url: v.url },
      footer: 'Owocnej pracy!',
    }),
  },
  trainingCompleted: {
    en: (v: Vars): Email => ({
      subject: `Your agent ${v.agentName} is trained`,
      greeting: `Hello ${v.firstName},`,
      paragraphs: [
        `Training of ${v.agentName} has finished. You can try it, see how it learned and download it to run with Flora.`,
      ],
      action: { label: 'Open the agent', url: v.url },
      footer: 'Happy growing!',
    }),
    pl: (v: Vars): Email => ({
      subject: `Twój agent ${v.agentName} jest wytrenowany`,
      greeting: `Cześć ${v.firstName},`,
      paragraphs: [
        `Trening agenta ${v.agentName} zakończył się. Możesz go wypróbować, zobaczyć, jak się uczył, i pobrać, aby uruchomić go we Florze.`,
      ],
      action: { label: 'Otwórz agenta', url: v.url },
      footer: 'Owocnej pracy!',
    }),
  },
  trainingFailed: {
    en: (v: Vars): Email => ({
      subject: `Training of ${v.agentName} failed`,
      greeting: `Hello ${v.firstName},`,
      paragraphs: [`Training of ${v.agentName} could not finish. The reason: ${v.reason}`],
      action: { label: 'Open the agent', url: v.url },
      footer: 'You can fix the protocol and upload it again.',
    }),
    pl: (v: Vars): Email => ({
      subject: `Trening agenta ${v.agentName} nie powiódł się`,
      greeting: `Cześć ${v.firstName},`,
      paragraphs: [`Nie udało się dokończyć treningu agenta ${v.agentName}. Powód: ${v.reason}`],
      action: { label: 'Otwórz agenta', url: v.url },
      footer: 'Możesz poprawić protokół i wgrać go ponownie.',
    }),
  },
} satisfies Record<string, Record<Language, (v: Vars) => Email>>;

export type EmailKind = keyof typeof templates;

/** Renders one e-mail as text and as HTML (every value escaped), in the recipient's language. */
export function renderEmail(kind: EmailKind, language: Language, to: string, vars: Vars): MailMessage {
  const email = templates[kind][language](vars);
  const text = [
    email.greeting,
    '',
    ...email.paragraphs.flatMap((p) => [p, '']),
    ...(email.action ? [`${email.action.label}: ${email.action.url}`, ''] : []),
    email.footer,
    '',
    `Greenhouse — ${vars.appUrl}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${language}"><body style="margin:0;padding:24px;background:#0b1330;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:520px;margin:0 auto;background:#eeeef3;border-radius:16px;padding:32px;color:#0b1330">
<p style="font-size:20px;font-weight:bold;margin:0 0 16px">Greenhouse</p>
<p>${e(email.greeting)}</p>
${email.paragraphs.map((p) => `<p>${e(p)}</p>`).join('\n')}
${
  email.action
    ? `<p style="margin:24px 0"><a href="${e(email.action.url)}" style="background:#5b3ff5;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none">${e(email.action.label)}</a></p>
<p style="font-size:12px;color:#555">${e(email.action.url)}</p>`
    : ''
}
<p style="font-size:13px;color:#555">${e(email.footer)}</p>
</div></body></html>`;
  return { to, subject: email.subject, text, html };
}
