import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { dataDir } from './browser.js';

/**
 * Waits for the e-mail to `to` in the app's outbox (the embedded default: .eml files); `appDataDir` is the
 * DATA_DIR of an app a test started itself, else the shared app's.
 */
export async function waitForEmail(
  to: string,
  subject: RegExp,
  timeoutMs = 10_000,
  appDataDir = dataDir,
): Promise<ParsedMail> {
  const outbox = path.join(appDataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    } catch {
      // no outbox yet
    }
    for (const file of files) {
      const mail = await simpleParser(readFileSync(path.join(outbox, file)));
      const recipients = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
        a.value.map((v) => v.address),
      );
      if (recipients.includes(to) && subject.test(mail.subject ?? '')) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The path and query of the first link in the e-mail that contains `fragment`. */
export function linkPath(mail: ParsedMail, fragment: string): string {
  const link = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((l) => l.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in:\n${mail.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
