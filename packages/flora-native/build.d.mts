// Types of build.mjs for the TypeScript that imports it (the test and the bench).
export type NativeTarget = 'linux-x64' | 'windows-x64';
export const nativeRoot: string;
export const TARGETS: Record<
  NativeTarget,
  { compiler: string; debianPackage: string; file: string; flags: string[]; libs: string[] }
>;
export function hasCompiler(target: NativeTarget): boolean;
export function nativeSources(): string[];
export function buildNative(target: NativeTarget, out: string, workDir: string): Promise<void>;
export function deviceFitBeside(library: string): string;
export function buildDeviceFit(out: string): Promise<void>;
