import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=abc%3D%3D; b=2')).toBe('abc==');
  });

  it('does not match a cookie whose name only ends the same', () => {
    expect(readCookie('TOKEN', 'XSRF-TOKEN=abc')).toBeNull();
  });

  it('returns null when absent', () => {
    expect(readCookie('gh', '')).toBeNull();
  });
});
