/**
 * Internal: what a run is called where runs are listed (`claimcheck view`, the dashboard's runs page),
 * read from the `meta` it was started with. One rule for both, so they name a run alike.
 */

/** A run's title, and whether the meta named it (`named`) or it was made from the meta's other fields. */
export interface RunTitle {
  text: string;
  named: boolean;
}

/** The meta fields that name a run, in order (the demo names its scenario so; the MCP proxy its servers). */
const NAME_FIELDS = ['name', 'title', 'scenario'] as const;

/**
 * The title of a run started with `meta`: its `name`, `title` or `scenario` when one is non-empty text;
 * else its top-level fields that hold text, a number or a boolean, as `key value` joined by ` · `
 * (`via mcp-proxy`); else the meta as JSON. `null` without meta. Whitespace runs become one space; the
 * text is whole (each view cuts it to its width).
 */
export function runTitle(meta: unknown): RunTitle | null {
  if (meta === null || meta === undefined) return null;
  if (typeof meta === 'object' && !Array.isArray(meta)) {
    const fields = meta as Record<string, unknown>;
    for (const key of NAME_FIELDS) {
      const value = fields[key];
      if (typeof value === 'string' && value.trim() !== '') return { text: oneLine(value), named: true };
    }
    const scalars = Object.entries(fields).filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v) && v !== '');
    if (scalars.length > 0) return { text: oneLine(scalars.map(([k, v]) => `${k} ${String(v)}`).join(' · ')), named: false };
  }
  return { text: oneLine(JSON.stringify(meta) ?? String(meta)), named: false };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
