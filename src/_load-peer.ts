/**
 * Internal: a loader for an optional peer dependency, imported on first use and cached, failing with
 * one clear `missing_dependency` error that names the integration, the package and the install line.
 */
import { ClaimcheckError } from './errors.js';

/** What a loader says when the peer is missing. */
export interface PeerSpec {
  /** Who needs it, as the sentence starts: "claimcheck/ai-sdk". */
  needer: string;
  /** The package as named in the message: "ai (the Vercel AI SDK, version 6 or 7)". */
  dependency: string;
  /** The package name for `data.dependency`. */
  packageName: string;
  /** The command that installs it. */
  install: string;
}

/**
 * A loader: `load()` imports with `defaultImporter` once and caches; `load(importer)` (tests) imports
 * with that importer, uncached. `check` may throw when the module loaded but is not the expected one.
 * @throws ClaimcheckError `missing_dependency` when the import (or `check`) fails.
 */
export function peerLoader<T>(spec: PeerSpec, defaultImporter: () => Promise<T>, check?: (mod: T) => void): (importer?: () => Promise<T>) => Promise<T> {
  let cached: T | undefined;
  return async (importer = defaultImporter) => {
    if (importer === defaultImporter && cached !== undefined) return cached;
    let mod: T;
    try {
      mod = await importer();
      check?.(mod);
    } catch (cause) {
      const notInstalled = (cause as { code?: unknown } | null)?.code === 'ERR_MODULE_NOT_FOUND';
      const why = notInstalled ? 'it is not installed' : `it did not load (${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)})`;
      throw new ClaimcheckError(
        'missing_dependency',
        `${spec.needer} needs the optional dependency ${spec.dependency}, but ${why}. Install it next to claimcheck: ${spec.install}`,
        { cause, data: { dependency: spec.packageName } },
      );
    }
    if (importer === defaultImporter) cached = mod;
    return mod;
  };
}
