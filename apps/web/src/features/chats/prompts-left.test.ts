import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { userWithPrompts } from '../../test/fixtures';
import { promptsLeftText } from './prompts-left';

const t = i18n.getFixedT('en');
const tPl = i18n.getFixedT('pl');

describe('promptsLeftText', () => {
  it('shows remaining/limit left for a user', () => {
    expect(promptsLeftText(userWithPrompts({ limit: 10, used: 3, nextRenewalAt: null }), t)).toEqual({
      left: '7/10 left',
      renewal: null,
    });
  });

  it('shows UNLIMITED for an admin, whatever the counts', () => {
    const admin = userWithPrompts({ limit: 0, used: 50, nextRenewalAt: '2026-01-01' }, 'admin');
    expect(promptsLeftText(admin, t)).toEqual({ left: 'UNLIMITED', renewal: null });
  });

  it('shows the renewal time once no prompts are left', () => {
    const renewsAt = new Date(2026, 1, 3, 9, 5); // local time: 03.02.2026 09:05
    const user = userWithPrompts({ limit: 5, used: 5, nextRenewalAt: renewsAt.toISOString() });
    expect(promptsLeftText(user, t)).toEqual({ left: '0/5 left', renewal: 'Renewal: 03.02.2026 09:05' });
  });

  it('shows no renewal while prompts are left, or when none is scheduled', () => {
    const scheduled = new Date(2026, 1, 3).toISOString();
    expect(
      promptsLeftText(userWithPrompts({ limit: 5, used: 4, nextRenewalAt: scheduled }), t).renewal,
    ).toBeNull();
    expect(
      promptsLeftText(userWithPrompts({ limit: 5, used: 5, nextRenewalAt: null }), t).renewal,
    ).toBeNull();
  });

  it('never shows a negative count', () => {
    expect(promptsLeftText(userWithPrompts({ limit: 5, used: 9, nextRenewalAt: null }), t).left).toBe(
      '0/5 left',
    );
  });

  it('is translated', () => {
    const renewsAt = new Date(2026, 1, 3, 9, 5).toISOString();
    expect(promptsLeftText(userWithPrompts({ limit: 5, used: 5, nextRenewalAt: renewsAt }), tPl)).toEqual({
      left: 'zostało 0/5',
      renewal: 'Odnowienie: 03.02.2026 09:05',
    });
  });
});
