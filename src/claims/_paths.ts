/**
 * Internal: file paths and file names a claim states, and whether a value a call recorded agrees with one
 * (corpus README, values a claim states: "a file name or path"; "a bare file or folder name agrees with a path
 * that ends in it"). Read by splitting on white space and checking characters: no pattern backtracks.
 */
import { trimEnd } from './_scan.js';

/** What a claim states: a path with folders (`/Shared/Accountant/q1.pdf`) or a bare file name (`estimate_0512.pdf`). */
export interface StatedPath {
  /** Lower case, without a trailing slash. */
  path: string;
  /** The path holds a folder separator; a bare file name does not. */
  folders: boolean;
  /** The file name's extension, lower case (`pdf`), or `''` for a folder. */
  ext: string;
}

/** Characters a path or file name may hold ("/Gradebooks/2024-25/SCI7-P5_Q3.xlsx", "~/notes.md"). */
const PATH_CHARS = /^[\w.~/-]+$/;
/** A file name's extension: a letter, then one to four letters or digits. */
const EXTENSION = /^[a-z][a-z0-9]{1,4}$/;
/** Punctuation around a token that is not part of the path it holds ("(`a.pdf`)", "a.pdf.", "**a.pdf**"). */
const AROUND = '.,;:!?()[]{}"\'`*“”‘’<>';
/** The same at a token's start, where a dot may open a relative path ("./notes.md"). */
const OPENING = ',;:!?()[]{}"\'`*“”‘’<>';

/** The extension of the last segment of a path, lower case, or `''` when it has none. */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot < 1) return '';
  const ext = name.slice(dot + 1).toLowerCase();
  return EXTENSION.test(ext) ? ext : '';
}

/**
 * The paths and file names a text states: a white-space-free token of path characters, not a URL or an email, that
 * opens with `/`, `~/` or `./`, holds two folder separators, or ends in a file name with an extension ("and/or",
 * "24/7" and "3/14" are none); or a bare name with an extension ("estimate_final_0512.pdf"; not "3.5", "e.g.",
 * "www.example.com"). URLs and emails hold characters no path token has here (`:`, `@`).
 */
export function findPaths(text: string): StatedPath[] {
  if (!text.includes('/') && !text.includes('.')) return [];
  const out: StatedPath[] = [];
  for (const raw of text.split(/\s+/)) {
    const token = trimStart(trimEnd(raw, AROUND), OPENING);
    if (token.length < 3 || token.length > 300 || !PATH_CHARS.test(token) || !/[a-z]/i.test(token) || token.toLowerCase().startsWith('www.')) continue;
    const ext = extensionOf(token);
    const slashes = token.split('/').length - 1;
    if (slashes > 0) {
      const rooted = token.startsWith('/') || token.startsWith('~/') || token.startsWith('./');
      if (!rooted && slashes < 2 && ext === '') continue;
      const path = token.toLowerCase();
      out.push({ path: path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path, folders: true, ext });
    } else if (ext !== '' && /[a-z0-9]/i.test(token.slice(0, token.lastIndexOf('.')))) {
      out.push({ path: token.toLowerCase(), folders: false, ext });
    }
  }
  return out;
}

/** `s` without the characters of `chars` at its start. */
function trimStart(s: string, chars: string): string {
  let i = 0;
  while (i < s.length && chars.includes(s[i] as string)) i++;
  return s.slice(i);
}

/**
 * The paths a recorded value (an argument or a result field) holds, lower case, without a trailing slash: the value
 * itself when it is one path ("/Shared/Q1 Report.pdf", "estimate_0512.pdf"), else the paths its words state ("kubectl
 * apply -f k8s/worker.yaml"). Not URLs, emails or host names.
 */
export function recordedPaths(value: unknown): string[] {
  if (typeof value !== 'string' || value.length > 500 || value.includes('://') || value.includes('@')) return NO_PATHS;
  const v = value.trim().toLowerCase();
  if (v.startsWith('/') || v.startsWith('~/')) return [v.length > 1 && v.endsWith('/') ? v.slice(0, -1) : v];
  return findPaths(v).map((p) => p.path);
}
const NO_PATHS: string[] = [];

/**
 * A stated path agrees with a recorded one: the same path; a bare file or folder name the recorded path ends in; a
 * path the recorded one ends in ("Reports/q1.pdf" of "/Shared/Reports/q1.pdf"); or a folder the recorded file is
 * in ("saved to /Shared/Accountant" of "/Shared/Accountant/q1.pdf").
 */
export function pathAgrees(stated: StatedPath, recorded: string): boolean {
  const s = stated.path;
  if (recorded === s) return true;
  const relative = s.startsWith('/') ? s.slice(1) : s.startsWith('~/') || s.startsWith('./') ? s.slice(2) : s;
  if (recorded.endsWith(`/${relative}`)) return true;
  return stated.ext === '' && stated.folders && recorded.startsWith(`${s}/`);
}
