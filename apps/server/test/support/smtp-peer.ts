import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpPeer {
  url: string;
  messages: ParsedMail[];
  /** Waits for the next message to `to` that arrived after `since` messages. */
  waitFor(to: string, options?: { after?: number; timeoutMs?: number }): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that parses every message it receives. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // smtp-server's bundled certificate has expired: plain SMTP on loopback.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const recipients = (m: ParsedMail) =>
    (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) =>
      a.value.map((v) => v.address?.toLowerCase()),
    );

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, { after = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.slice(after).find((m) => recipients(m).includes(to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text body that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): URL {
  const link = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((l) => l.startsWith(prefix));
  if (!link) throw new Error(`no link to ${prefix} in:\n${mail.text}`);
  return new URL(link);
}
