#!/usr/bin/env node
// Part of npm run build: copies the generated lexicon table and its licence (src/lexicon/data, written by
// scripts/build-lexicon.mjs) to dist/lexicon/data, where dist/lexicon/_table.js reads the table at run time.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const from = join(root, 'src/lexicon/data');
const to = join(root, 'dist/lexicon/data');
mkdirSync(to, { recursive: true });
for (const file of ['lexicon.json', 'WORDNET-LICENSE']) copyFileSync(join(from, file), join(to, file));
