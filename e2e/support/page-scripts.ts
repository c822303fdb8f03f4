import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const assets = path.resolve('apps/web/dist');

/**
 * The paths of the JavaScript files the page asks for from now on — until it asks for a path matching `until`,
 * when given (the share page's agent file: what it fetches before the file).
 */
export function scriptsOf(page: Page, until?: RegExp): string[] {
  const scripts: string[] = [];
  let stopped = false;
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (until?.test(pathname)) stopped = true;
    else if (!stopped && pathname.endsWith('.js')) scripts.push(pathname);
  });
  return scripts;
}

/** A built file of the web app, by the path the page asked for. */
export const builtFile = (script: string) => path.join(assets, script);

/** The built files' size as the server sends them to a gzip client (the .gz beside each, where the build made one). */
export const gzipSize = (scripts: string[]) =>
  scripts.reduce((total, script) => {
    const file = builtFile(script);
    return total + statSync(existsSync(`${file}.gz`) ? `${file}.gz` : file).size;
  }, 0);
