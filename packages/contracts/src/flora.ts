import * as z from 'zod/mini';

// Flora, the inference engine: the builds the server hands out (GET /api/flora/downloads).

export const floraDownloadKinds = ['browser', 'cli', 'native-linux-x64', 'native-windows-x64'] as const;
export type FloraDownloadKind = (typeof floraDownloadKinds)[number];

export const floraDownloadSchema = z.object({
  /**
   * browser: a single-file ES module; cli: the Node package (with the `flora` command) as an npm .tgz;
   * native-*: Flora native, the C library of the Unreal plugin's interface (.so, .dll).
   */
  kind: z.enum(floraDownloadKinds),
  /** The file's name, e.g. flora-0.1.0.tgz or flora-native-0.1.0-windows-x64.dll. */
  file: z.string(),
  version: z.string(),
  bytes: z.int().check(z.nonnegative()),
  /** Where to get it (same origin), e.g. /downloads/flora/flora-0.1.0.tgz. */
  url: z.string(),
});
export type FloraDownload = z.infer<typeof floraDownloadSchema>;

export const floraDownloadsResponseSchema = z.object({
  /** The newest build of each kind the server has; a kind without a build is left out. */
  downloads: z.array(floraDownloadSchema),
});
export type FloraDownloadsResponse = z.infer<typeof floraDownloadsResponseSchema>;
