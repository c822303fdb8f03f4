import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import { randomToken } from '../../lib/crypto.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise the embedded default: each message is written as an .eml
 * file under DATA_DIR/outbox and its links are logged, so that a user on a fresh machine can
 * still confirm an account. (That log holds the e-mail's token link: configure SMTP in production.)
 */
export function createMailer(config: Config['mail'], log: FastifyBaseLogger): Mailer {
  if (config.transport === 'smtp') {
    const transport = nodemailer.createTransport(config.url);
    return {
      async send(message) {
        await transport.sendMail({ from: config.from, ...message });
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.from, ...message });
      mkdirSync(config.directory, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`;
      const file = path.join(config.directory, name);
      // Written whole or not at all: readers never see half a message.
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ file, to: message.to, subject: message.subject, links }, 'e-mail written to the outbox');
    },
    close: () => transport.close(),
  };
}
