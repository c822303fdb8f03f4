import * as z from 'zod/mini';

// Flora, the inference engine: the builds the server hands out (GET /api/flora/downloads).

export const floraDownloadKinds = [
  'browser',
  'cli',
  'native-linux-x64',
  'native-windows-x64',
  'native-linux-x64-fit',
  'unity',
] as const;
export type FloraDownloadKind = (typeof floraDownloadKinds)[number];

export const floraDownloadSchema = z.object({
  /**
   * browser: a single-file ES module; cli: the Node package (with the `flora` command) as an npm .tgz;
   * native-*: Flora native, the C library of the Unreal plugin's interface (.so, .dll); native-linux-x64-fit: the
   * device-fit measurer its Linux build writes beside it, which `flora info --native` runs (issue 33); unity: Flora
   * for Unity, a Unity package (.tgz) of a C# binding over Flora native with its libraries (issue 34).
   */
  kind: z.enum(floraDownloadKinds),
  /** The file's name, e.g. flora-0.1.0.tgz, flora-native-0.1.0-windows-x64.dll or flora-unity-0.1.0.tgz. */
  file: z.string(),
  version: z.string(),
  bytes: z.int().check(z.nonnegative()),
  /** Where to get it (same origin), e.g. /downloads/flora/flora-0.1.0.tgz. */
  url: z.string(),
});
export type FloraDownload = z.infer<typeof floraDownloadSchema>;

/**
 * Flora native's libraries are built by `npm run build` where their C compiler is installed (a target without
 * one is skipped): the compiler, and the Debian package that installs it. (packages/flora-native/build.mjs
 * has the same table; a test keeps the two equal.)
 */
export const floraNativeBuilds = {
  'native-linux-x64': { compiler: 'gcc', debianPackage: 'gcc' },
  'native-windows-x64': { compiler: 'x86_64-w64-mingw32-gcc', debianPackage: 'gcc-mingw-w64-x86-64' },
} as const;
export type FloraNativeKind = keyof typeof floraNativeBuilds;

/** A native build the server does not have, and what its operator installs to build it. */
export const floraMissingBuildSchema = z.object({
  kind: z.enum(floraDownloadKinds),
  compiler: z.string(),
  debianPackage: z.string(),
});
export type FloraMissingBuild = z.infer<typeof floraMissingBuildSchema>;

export const floraDownloadsResponseSchema = z.object({
  /** The newest build of each kind the server has; a kind without a build is left out. */
  downloads: z.array(floraDownloadSchema),
  /** The native builds it does not have, with what builds them. */
  missing: z.array(floraMissingBuildSchema),
});
export type FloraDownloadsResponse = z.infer<typeof floraDownloadsResponseSchema>;
