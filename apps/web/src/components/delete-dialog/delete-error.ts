import { apiErrorKey } from '../../lib/api-error-message';

/** Not an API error code of docs/product-rules.md §8, but the delete confirmation has its own text for it. */
export const USER_DELETE_FAILED = 'userDeleteFailed';

/**
 * The text key for a failed delete (docs/product-rules.md §8): userDeleteFailed has its own text; any other
 * code its apiErrors text, falling back to the unknown-error text; no code at all, the same fallback.
 */
export function deleteErrorKey(code: string | undefined): string {
  return code === USER_DELETE_FAILED ? 'dialogs.userDeleteFailed' : apiErrorKey(code);
}
