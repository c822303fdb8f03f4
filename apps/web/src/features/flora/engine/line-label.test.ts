import { describe, expect, it } from 'vitest';
import { lineLabel } from './line-label';

describe('an input line’s label in the playground', () => {
  it('names the tokens without their keys’ underscores, a number slot as #', () => {
    expect(lineLabel('Heard_')).toBe('Heard');
    expect(lineLabel('Tree_English_Alice_Talk_Emotion_<num_0_10>')).toBe(
      'Tree · English · Alice · Talk · Emotion · #',
    );
    expect(lineLabel('Cape_Sailor_Radio_<num_list_-50_50_2>Wind_<num_0_12>')).toBe(
      'Cape · Sailor · Radio · # · Wind · #',
    );
  });
});
