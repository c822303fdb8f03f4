import { formatDateTime, type ChatMode, type User } from '@greenhouse/contracts';
import type { TFunction } from 'i18next';

export interface PromptsLeftText {
  /** "UNLIMITED" for admins, "remaining/limit left" for everyone else. */
  left: string;
  /** "Renewal: dd.MM.yyyy HH:mm" once no prompts are left and a renewal is scheduled; else null. */
  renewal: string | null;
}

/** The prompt allowance shown on the NEW CHAT link (docs/product-rules.md §6). */
export function promptsLeftText(user: Pick<User, 'role' | 'prompts'>, t: TFunction): PromptsLeftText {
  if (user.role.name === 'admin') return { left: t('sidebar.unlimited'), renewal: null };
  const { limit, used, nextRenewalAt } = user.prompts;
  const remaining = Math.max(0, limit - used);
  const renewalDate = remaining === 0 && nextRenewalAt ? formatDateTime(nextRenewalAt) : '';
  return {
    left: t('sidebar.promptsLeft', { remaining, limit }),
    renewal: renewalDate ? t('sidebar.renewal', { date: renewalDate }) : null,
  };
}

/** Whether the user can send no more prompts until the renewal (admins always can). */
export function hasNoPromptsLeft(user: Pick<User, 'role' | 'prompts'>): boolean {
  return user.role.name !== 'admin' && user.prompts.used >= user.prompts.limit;
}

/**
 * Whether a chat's messages use prompts: only a model's answers do (the allowance bounds what a model
 * costs; the guided interview calls none). Unknown (still loading): not shown as using any.
 */
export const usesPrompts = (mode: ChatMode | undefined): boolean => mode === 'model';
