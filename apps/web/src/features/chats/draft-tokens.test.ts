import { emptyDraft } from '@greenhouse/mtp';
import { describe, expect, it } from 'vitest';
import { completeDraft } from '../../test/chat-fixtures';
import { draftTokens } from './draft-tokens';

describe('draftTokens', () => {
  it('lists the line tokens and one final token per reaction, without the special <…> ones', () => {
    const draft = completeDraft({
      reactions: [
        { name: 'Order', description: '' },
        { name: 'Refuse', description: '' },
      ],
    });
    expect(draftTokens(draft)).toEqual(['Heard_', 'Reply_', 'Order_', 'Refuse_']);
  });

  it('has the line tokens even before any reaction', () => {
    expect(draftTokens(emptyDraft())).toEqual(['Heard_', 'Reply_']);
  });
});
