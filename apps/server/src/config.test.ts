import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { httpServerOptions } from './lib/http-timeouts.js';

describe('loadConfig', () => {
  it('has embedded defaults that need no setup', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({ driver: 'pglite', dataDir: path.resolve('data') });
  });

  it('selects PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/gh' });
    expect(config.database).toEqual({ driver: 'postgres', url: 'postgres://u@db:5432/gh' });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/gh' }).database.driver).toBe('postgres');
  });

  it('derives APP_URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://greenhouse.example.com/' }).appUrl).toBe(
      'https://greenhouse.example.com',
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).database.driver).toBe('pglite');
  });

  it('reads LOG_FORMAT (json or pretty; unset: chosen by the terminal)', () => {
    expect(loadConfig({}).logFormat).toBeNull();
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: '' }).logFormat).toBeNull();
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(
      /LOG_FORMAT: must be json or pretty \(got "yaml"\)/,
    );
  });

  it('bounds slow clients: 120 s per request (headers 30 s), 120 s idle, REQUEST_TIMEOUT_SECONDS and IDLE_TIMEOUT_SECONDS', () => {
    expect(httpServerOptions(loadConfig({}).http)).toEqual({
      requestTimeout: 120_000,
      connectionTimeout: 120_000,
      keepAliveTimeout: 72_000,
      http: { headersTimeout: 30_000, connectionsCheckingInterval: 5_000 },
    });
    expect(
      httpServerOptions(loadConfig({ REQUEST_TIMEOUT_SECONDS: '2', IDLE_TIMEOUT_SECONDS: '10' }).http),
    ).toEqual({
      requestTimeout: 2_000,
      connectionTimeout: 10_000,
      keepAliveTimeout: 10_000,
      http: { headersTimeout: 2_000, connectionsCheckingInterval: 500 },
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(
      /REQUEST_TIMEOUT_SECONDS: must be 1 or more/,
    );
    expect(() => loadConfig({ IDLE_TIMEOUT_SECONDS: 'soon' })).toThrow(/IDLE_TIMEOUT_SECONDS/);
  });

  it('reads TRAINING_CONCURRENCY: trainings per process, 1 by default, a whole number from 1 to 16', () => {
    expect(loadConfig({}).jobs.trainingConcurrency).toBe(1);
    expect(loadConfig({ TRAINING_CONCURRENCY: '2' }).jobs.trainingConcurrency).toBe(2);
    for (const bad of ['0', '17', '1.5', 'two'])
      expect(() => loadConfig({ TRAINING_CONCURRENCY: bad })).toThrow(/TRAINING_CONCURRENCY: must be/);
  });

  it('reads TRAINING_BASE: none (from scratch) by default, or committed', () => {
    expect(loadConfig({}).training.base).toBe('none');
    expect(loadConfig({ TRAINING_BASE: 'committed' }).training.base).toBe('committed');
    expect(() => loadConfig({ TRAINING_BASE: 'english' })).toThrow(/TRAINING_BASE/);
  });

  it('reads API_PROCESSES: HTTP processes, 1 by default, a whole number, above 1 only on PostgreSQL', () => {
    const postgres = { DATABASE_URL: 'postgres://u:p@db:5432/gh' };
    expect(loadConfig({}).apiProcesses).toBe(1);
    expect(loadConfig({ ...postgres }).apiProcesses).toBe(1);
    expect(loadConfig({ ...postgres, API_PROCESSES: '2' }).apiProcesses).toBe(2);
    expect(loadConfig({ API_PROCESSES: '1' }).apiProcesses).toBe(1);
    for (const bad of ['0', '-1', '1.5', 'two', '65'])
      expect(() => loadConfig({ ...postgres, API_PROCESSES: bad })).toThrow(/API_PROCESSES: must be/);
    expect(() => loadConfig({ API_PROCESSES: '2' })).toThrow(
      /API_PROCESSES: more than 1 needs PostgreSQL: the embedded database belongs to one process .*"2"/,
    );
  });

  it('lists every bad value with its variable name', () => {
    try {
      loadConfig({ PORT: '0', DATABASE_URL: 'sqlite://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toMatch(/PORT: .*"0"/);
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('LOG_LEVEL');
    }
  });

  it('reads the payment provider: both keys or neither, a price above 0 only with them (issue 20)', () => {
    const free = loadConfig({});
    expect(free.stripe).toBeNull();
    expect(free.paymentCurrency).toBe('usd');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together/,
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/must be set together/);
    expect(() => loadConfig({ AGENT_PRICE_CENTS: '500' })).toThrow(
      /AGENT_PRICE_CENTS: a price above 0 needs the payment provider/,
    );
    const priced = loadConfig({
      AGENT_PRICE_CENTS: '500',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      PAYMENT_CURRENCY: 'EUR',
    });
    expect(priced.agentPriceCents).toBe(500);
    expect(priced.paymentCurrency).toBe('eur');
    expect(priced.stripe).toEqual({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiUrl: null });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk',
        STRIPE_WEBHOOK_SECRET: 'wh',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).stripe?.apiUrl,
    ).toBe('http://127.0.0.1:12111');
    expect(() => loadConfig({ STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL: must be an http/);
    expect(() => loadConfig({ PAYMENT_CURRENCY: 'dollars' })).toThrow(
      /PAYMENT_CURRENCY: must be a three-letter/,
    );
  });
});
