// The entry points: a parsed JSON value or a file's text → a Protocol, or the problems.
import { MAX_PROBLEMS } from './constants.js';
import { normalizeProtocol } from './normalize.js';
import { capProblems, jsonTypeOf, problem, type Problem } from './problems.js';
import type { Protocol } from './protocol.js';
import { protocolSchemas, type RawProtocolFile } from './schema/protocol-schemas.js';
import { schemaProblems } from './schema/schema-problems.js';
import { headerProblems, semanticChecks } from './semantic-checks.js';
import { PROTOCOL_VERSIONS, isProtocolVersion, parseSchemaUrl, type ProtocolVersion } from './versions.js';

export type ParseResult =
  | { ok: true; protocol: Protocol; version: ProtocolVersion; warnings: Problem[] }
  | { ok: false; problems: Problem[] };

const fail = (problems: Problem[]): ParseResult => ({ ok: false, problems: capProblems(problems) });

/** Which protocol version a document declares, or the problem with its `$schema`. */
export function protocolVersionOf(input: unknown): { version: ProtocolVersion } | { problem: Problem } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { problem: problem([], 'mtp.notAnObject', { received: jsonTypeOf(input) }) };
  }
  const url = (input as Record<string, unknown>)['$schema'];
  if (url === undefined) return { problem: problem(['$schema'], 'mtp.schemaMissing') };
  if (typeof url !== 'string') {
    return {
      problem: problem(['$schema'], 'mtp.invalidType', { expected: 'a string', received: jsonTypeOf(url) }),
    };
  }
  const ref = parseSchemaUrl(url);
  if (!ref)
    return {
      problem: problem(['$schema'], 'mtp.schemaUnknown', { schema: url, supported: PROTOCOL_VERSIONS }),
    };
  if (ref.kind !== 'protocol')
    return { problem: problem(['$schema'], 'mtp.wrongFileKind', { kind: ref.kind }) };
  if (!isProtocolVersion(ref.version)) {
    return {
      problem: problem(['$schema'], 'mtp.schemaVersionUnsupported', {
        version: ref.version,
        supported: PROTOCOL_VERSIONS,
      }),
    };
  }
  return { version: ref.version };
}

/**
 * The schema problems of `input` against one version's schema (no `$schema` lookup, no semantic checks):
 * what the official JSON Schema would say, in our words. [] when it conforms.
 */
export function checkProtocolSchema(input: unknown, version: ProtocolVersion): Problem[] {
  const result = protocolSchemas[version].safeParse(input);
  return result.success ? [] : schemaProblems(result.error.issues, input);
}

/**
 * Validates a protocol file (already parsed from JSON) and maps it to the version-independent Protocol.
 *
 * Problems come in this order: the `$schema` (missing, unknown, another kind of file, unsupported
 * version — then nothing else is checked), the schema problems of that version, then the semantic ones.
 * The model-type and name checks need only the header and always run; the other semantic checks need a
 * file that passed the schema, and a generative one. At most MAX_PROBLEMS are returned.
 */
export function parseProtocol(input: unknown): ParseResult {
  const declared = protocolVersionOf(input);
  if ('problem' in declared) return fail([declared.problem]);
  const { version } = declared;

  const problems = [
    ...checkProtocolSchema(input, version),
    ...headerProblems(input as Record<string, unknown>),
  ];
  if (problems.length > 0) return fail(problems);

  const file = input as RawProtocolFile;
  const checked = semanticChecks(file);
  if (checked.problems.length > 0) return fail(checked.problems);

  return {
    ok: true,
    protocol: normalizeProtocol(file, version),
    version,
    warnings: capProblems(checked.warnings, MAX_PROBLEMS),
  };
}

/** Line and column (1-based) of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** The position of a JSON.parse error, from the engines' messages (V8: "at position N (line L column C)"; Firefox: "at line L column C"). */
function errorPosition(message: string, text: string): { position?: number; line?: number; column?: number } {
  const lc = /line (\d+) column (\d+)/.exec(message);
  const pos = /position (\d+)/.exec(message);
  const position = pos ? Number(pos[1]) : undefined;
  if (lc) return { position, line: Number(lc[1]), column: Number(lc[2]) };
  if (position !== undefined) return { position, ...lineColumn(text, position) };
  return {};
}

/** `parseProtocol` of a file's text; invalid JSON is the problem `mtp.invalidJson` with its position. */
export function parseProtocolText(text: string): ParseResult {
  // Editors on Windows like to start UTF-8 files with a byte-order mark; JSON.parse does not.
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let json: unknown;
  try {
    if (source.trim() === '') throw new SyntaxError('the file is empty');
    json = JSON.parse(source);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return fail([problem([], 'mtp.invalidJson', { reason, ...errorPosition(reason, source) })]);
  }
  return parseProtocol(json);
}
