import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './plain-text';

describe('markdownToPlainText', () => {
  it('keeps the words and drops the markup', () => {
    expect(
      markdownToPlainText(
        '## Next step\n\nWhat should the agent be **called**? See [the guide](https://example.com).\n\n- one\n- *two*',
      ),
    ).toBe('Next step What should the agent be called? See the guide. one two');
  });

  it('leaves underscores inside words and token names alone', () => {
    expect(markdownToPlainText('Tokens: `Heard_` and Reply_ for snake_case_names')).toBe(
      'Tokens: Heard_ and Reply_ for snake_case_names',
    );
  });
});
