/** A model folder as Flora's export gives it: its name and its files by path (`<name>/…`). */
export interface Folder {
  name: string;
  files: ReadonlyMap<string, Uint8Array>;
}

/** The folder as `<name>.zip`; fflate, loaded only when a .zip is asked for. */
export async function zipFolder(folder: Folder): Promise<{ fileName: string; zip: Uint8Array<ArrayBuffer> }> {
  const { zipSync } = await import('fflate');
  // Stored, not deflated (float16 weights hardly compress; the browser saves the time), under a fixed
  // date, so that the same agent always gives the same bytes.
  const zip = zipSync(Object.fromEntries(folder.files), { level: 0, mtime: new Date(1980, 0, 1) });
  return { fileName: `${folder.name}.zip`, zip: zip as Uint8Array<ArrayBuffer> };
}
