// Which MTP file a JSON document is, read from its `$schema` URL.

/** The protocol (bloom) versions this package reads. */
export const PROTOCOL_VERSIONS = ['1.2.0', '1.2.1', '2.0.0', '2.0.1'] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

/** The template version `buildTemplate` writes. */
export const TEMPLATE_VERSION = '2.1.0';

const SCHEMA_HOST = 'https://mtp.schemas.databiomes.com';

/** The `$schema` URL of a protocol file of the given version. */
export function protocolSchemaUrl(version: ProtocolVersion): string {
  const [major] = version.split('.');
  return `${SCHEMA_HOST}/v${major}/bloom_${version.replaceAll('.', '_')}.json`;
}

export const TEMPLATE_SCHEMA_URL = `${SCHEMA_HOST}/v2/template_${TEMPLATE_VERSION.replaceAll('.', '_')}.json`;

export type FileKind = 'protocol' | 'template' | 'model' | 'unknown';

// The official URLs are https://mtp.schemas.databiomes.com/v<major>/<kind>_<x>_<y>_<z>.json; a file written
// with http:// or a trailing '#' (both common in hand-edited JSON) still names the same schema.
const SCHEMA_URL_RE =
  /^https?:\/\/mtp\.schemas\.databiomes\.com\/v(\d+)\/(bloom|template|model)_(\d+)_(\d+)_(\d+)\.json#?$/;

export interface SchemaRef {
  kind: Exclude<FileKind, 'unknown'>;
  /** e.g. '2.0.1' */
  version: string;
}

/** Reads an MTP `$schema` URL; null when it is not one. */
export function parseSchemaUrl(url: string): SchemaRef | null {
  const m = SCHEMA_URL_RE.exec(url.trim());
  if (!m) return null;
  const kind = m[2] === 'bloom' ? 'protocol' : (m[2] as 'template' | 'model');
  return { kind, version: `${m[3]}.${m[4]}.${m[5]}` };
}

/**
 * What kind of MTP file this JSON is, from its `$schema` — so the server can answer "this is a template
 * file, not a protocol". Anything without a recognisable MTP `$schema` is 'unknown'.
 */
export function detectFileKind(json: unknown): FileKind {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'unknown';
  const url = (json as Record<string, unknown>)['$schema'];
  if (typeof url !== 'string') return 'unknown';
  return parseSchemaUrl(url)?.kind ?? 'unknown';
}

export function isProtocolVersion(version: string): version is ProtocolVersion {
  return (PROTOCOL_VERSIONS as readonly string[]).includes(version);
}
