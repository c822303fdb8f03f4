import type { TFunction } from 'i18next';
import * as z from 'zod/mini';
import { en } from '../locales/en';

/** One problem the server found in a protocol file (packages/mtp `Problem`). */
export const problemSchema = z.object({
  path: z.catch(z.array(z.union([z.string(), z.number()])), []),
  pointer: z.catch(z.string(), ''),
  key: z.string(),
  message: z.string(),
  params: z.catch(z.record(z.string(), z.unknown()), {}),
});
export type ProtocolProblem = z.infer<typeof problemSchema>;

/** Whether the app has its own text for a problem key (`mtp.required` → en.mtp.required). */
export function hasProblemText(key: string): boolean {
  return key.startsWith('mtp.') && Object.hasOwn(en.mtp, key.slice('mtp.'.length));
}

/**
 * The words the texts add from several params: `where` (" in set 2", " in set "Talk"", or '') and `at`
 * (" (line 3, column 7)", or ''). Each starts with its space, so a text writes `…"tokens"{{where}}.`.
 */
function derivedValues(t: TFunction, params: Record<string, unknown>) {
  const where =
    typeof params.set !== 'number'
      ? ''
      : typeof params.setName === 'string'
        ? ` ${t('protocolProblems.inSetNamed', { name: JSON.stringify(params.setName) })}`
        : ` ${t('protocolProblems.inSet', { number: params.set + 1 })}`;
  const at =
    params.line !== undefined && params.column !== undefined
      ? ` ${t('protocolProblems.at', { line: params.line, column: params.column })}`
      : '';
  return { where, at };
}

/**
 * A protocol problem in the UI's language: the app's text for its key, filled with its params (through
 * `replace`, so params such as `count` or `context` are values, not i18next options); the server's English
 * message for a key the app does not know.
 */
export function problemText(t: TFunction, problem: ProtocolProblem): string {
  if (!hasProblemText(problem.key)) return problem.message;
  return t(problem.key, { replace: { ...problem.params, ...derivedValues(t, problem.params) } });
}
