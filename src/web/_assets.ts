/**
 * Internal: the dashboard's files, read once at start: the page, its script and style from the
 * package's `assets` folder (copied next to the built server by `npm run build`), and uPlot's build
 * from the `uplot` dependency. The page gets the launch's token in a meta tag (same-origin pages only
 * can read it).
 */
import { readFileSync } from 'node:fs';
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
  const own = (name: string): string => read(fileURLToPath(new URL(`./assets/${name}`, import.meta.url)));
  const require = createRequire(import.meta.url);
  const uplot = (name: string): string => read(require.resolve(`uplot/dist/${name}`));
  const files = new Map<string, Asset>();
  for (const name of ['app.js', 'app.css']) files.set(name, { body: own(name), type: TYPES[name.split('.').pop() as string] as string });
  files.set('uPlot.iife.min.js', { body: uplot('uPlot.iife.min.js'), type: TYPES['js'] as string });
  files.set('uPlot.min.css', { body: uplot('uPlot.min.css'), type: TYPES['css'] as string });
  const html = own('index.html');
  return { page: (token) => html.replace('__CLAIMCHECK_TOKEN__', token), files };
}

function read(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (cause) {
    throw new ClaimcheckError('missing_dependency', `The dashboard's file ${path} is missing: this claimcheck was built without its web assets. Reinstall claimcheck (npm install claimcheck), or run npm run build in a checkout.`, { cause });
  }
}
