import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
});
