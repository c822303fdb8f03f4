/**
 * A reaction's name as people read it. Names come from the protocol's final tokens, which by the protocol's
 * convention often end in "_" like their keys ("Continue_"): that trailing separator is left out. A name that
 * is nothing but underscores stays as it is.
 */
export function reactionLabel(name: string): string {
  const trimmed = name.trim().replace(/_+$/, '');
  return trimmed === '' ? name : trimmed;
}
