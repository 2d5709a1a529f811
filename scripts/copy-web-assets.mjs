// Copies the dashboard's page, script and style (src/web/assets) next to the built server
// (dist/web/assets), where `claimcheck view --web` reads them. Run by `npm run build`.
import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new globalThis.URL('../src/web/assets/', import.meta.url));
const to = fileURLToPath(new globalThis.URL('../dist/web/assets/', import.meta.url));
cpSync(from, to, { recursive: true });
