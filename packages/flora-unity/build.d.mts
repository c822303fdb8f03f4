// Types of build.mjs for the TypeScript that imports it (the test).
export const unityRoot: string;
export const unityPackage: string;
export const PLUGINS: Record<'linux-x64' | 'windows-x64', { file: string; label: string }>;
export function unityVersion(): string;
export function unityChangedAt(): number;
export function stageUnityPackage(
  stage: string,
  libraries: Partial<Record<'linux-x64' | 'windows-x64', string>>,
  missing?: Partial<Record<'linux-x64' | 'windows-x64', string>>,
): void;
