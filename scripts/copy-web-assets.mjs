// Copies the dashboard's page, script and style (src/web/assets) next to the built server
// (dist/web/assets), where `claimcheck view --web` reads them. Run by `npm run build`.
import { cpSync } from 'node:fs';

cpSync(new URL('../src/web/assets/', import.meta.url), new URL('../dist/web/assets/', import.meta.url), { recursive: true });
