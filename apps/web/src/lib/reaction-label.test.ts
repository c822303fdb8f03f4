import { describe, expect, it } from 'vitest';
import { reactionLabel } from './reaction-label';

describe('reactionLabel', () => {
  it('leaves out the key’s trailing separator, nothing else', () => {
    expect(reactionLabel('Continue_')).toBe('Continue');
    expect(reactionLabel('Buy')).toBe('Buy');
    expect(reactionLabel('Say_Hello_')).toBe('Say_Hello');
    expect(reactionLabel(' 🙂_ ')).toBe('🙂');
    expect(reactionLabel('_')).toBe('_');
  });
});
