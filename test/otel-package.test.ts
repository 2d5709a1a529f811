// The claimcheck/otel subpath: what it exports, that the root entry never reaches it, and that its built
// code loads only @opentelemetry/api of the optional peers (no SDK, no exporter: spans go through the user's
// tracer provider; the span processor is typed structurally); other bare imports are claimcheck's own dependencies.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as otelEntry from '../src/otel.js';
import { importGraph } from './_import-graph.js';

describe('claimcheck/otel surface', () => {
  it('exports exactly the public OpenTelemetry API', () => {
    expect(Object.keys(otelEntry).sort()).toEqual(['CHECK_SPAN', 'GEN_AI_SEMCONV_VERSION', 'OTEL_SCOPE_NAME', 'createClaimcheckSpanProcessor', 'createOtelObserver']);
    expect(otelEntry.GEN_AI_SEMCONV_VERSION).toBe('1.41.0');
  });

  it('is not reachable from the root entry, and the built subpath loads @opentelemetry/api alone of the peers', async () => {
    const root = importGraph(new URL('../dist/index.js', import.meta.url));
    expect([...root].filter((s) => /otel/.test(s))).toEqual([]);
    const built = [...importGraph(new URL('../dist/otel.js', import.meta.url))].filter((s) => !s.startsWith('.') && !s.startsWith('node:'));
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
    expect([...new Set(built)].filter((s) => !(s in pkg.dependencies))).toEqual(['@opentelemetry/api']);
    const loaded = (await import(new URL('../dist/otel.js', import.meta.url).href)) as typeof otelEntry;
    expect(typeof loaded.createOtelObserver).toBe('function');
  });
});
