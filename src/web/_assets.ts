/**
 * Internal: the dashboard's files, read once at start: the page, its scripts (ES modules) and style from
 * the package's `assets` folder (copied next to the built server by `npm run build`), and uPlot's build
 * from the `uplot` dependency. The page gets the launch's token in a meta tag (same-origin pages only
 * can read it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ClaimcheckError } from '../errors.js';

/** A file served at `/assets/NAME`. */
export interface Asset {
  body: string;
  type: string;
}

const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', html: 'text/html; charset=utf-8' };

/**
 * Reads the assets.
 * @throws ClaimcheckError `missing_dependency` when a file is missing (a package built without its assets).
 */
export function loadAssets(): { page: (token: string) => string; files: Map<string, Asset> } {
  const folder = fileURLToPath(new URL('./assets/', import.meta.url));
  const own = (name: string): string => read(join(folder, name));
  const require = createRequire(import.meta.url);
  const uplot = (name: string): string => read(require.resolve(`uplot/dist/${name}`));
  const files = new Map<string, Asset>();
  // The page's script is ES modules (app.js imports the others), so every script and style of the folder is served.
  for (const name of ['app.js', 'app.css', ...list(folder)]) {
    const type = TYPES[name.split('.').pop() as string];
    if (type !== undefined && name !== 'index.html') files.set(name, { body: own(name), type });
  }
  files.set('uPlot.iife.min.js', { body: uplot('uPlot.iife.min.js'), type: TYPES['js'] as string });
  files.set('uPlot.min.css', { body: uplot('uPlot.min.css'), type: TYPES['css'] as string });
  const html = own('index.html');
  return { page: (token) => html.replace('__CLAIMCHECK_TOKEN__', token), files };
}

function list(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return []; // read() then says which file is missing
  }
}

function read(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (cause) {
    throw new ClaimcheckError('missing_dependency', `The dashboard's file ${path} is missing: this claimcheck was built without its web assets. Reinstall claimcheck (npm install claimcheck), or run npm run build in a checkout.`, { cause });
  }
}
