import { fileURLToPath } from 'node:url';

// This file is at apps/server/{src,dist}/lib/: the same depth in source and build.
/** The web app's static files as written (its favicon: the API reference page's logo). */
export const webPublicDir = fileURLToPath(new URL('../../../web/public', import.meta.url));
export const webDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));
export const rootPackageJson = fileURLToPath(new URL('../../../../package.json', import.meta.url));
