// The bare module specifiers a built entry can load: its static and dynamic imports, followed through
// relative imports (of the built .js, or of the .d.ts declarations). Used to prove which SDKs each entry
// point may load, and which its types name.
import { readFileSync } from 'node:fs';

const IMPORT = /(?:import|export)[^'"]{0,300}?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importGraph(entry: URL, seen = new Set<string>(), specifiers = new Set<string>(), extension: '.js' | '.d.ts' = '.js'): Set<string> {
  if (seen.has(entry.href)) return specifiers;
  seen.add(entry.href);
  for (const m of readFileSync(entry, 'utf8').matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? '';
    specifiers.add(spec);
    // Declarations import `./x.js` and live in `./x.d.ts`.
    if (spec.startsWith('.')) importGraph(new URL(extension === '.js' ? spec : spec.replace(/\.js$/, '.d.ts'), entry), seen, specifiers, extension);
  }
  return specifiers;
}

/** The package a bare specifier names: `@scope/name` or `name`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0] ?? ''}/${parts[1] ?? ''}` : (parts[0] ?? '');
}
