// Test helper: the headless Chromium the dashboard's browser tests drive (Debian's `chromium` through
// playwright-core; CLAIMCHECK_CHROMIUM names another), and the checks they share.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env['CLAIMCHECK_CHROMIUM'] ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Whether a browser is installed; the suites skip, saying so, without one (.ci/run installs it). */
export const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser) console.warn(`dashboard browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CLAIMCHECK_CHROMIUM).`);

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

/** Loads `url` afresh (not a same-page hash change) and waits until its view has rendered. */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForSelector('body[data-ready]');
}

/** Page errors and console errors (a script that threw, something the CSP refused), collected from now on. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  return errors;
}

/**
 * The words broken across lines inside `selector`'s elements (each word's text, with the lines it
 * spans), and how far the page scrolls sideways. A word wider than its whole box would have to break;
 * the dashboard's pages have none, so any break is a column squeezed too narrow.
 */
export async function layoutBreaks(page: Page, selector: string): Promise<{ broken: string[]; overflow: number; words: number }> {
  // Run in the page (this project compiles without the DOM's types, so the script is text).
  return page.evaluate(`(() => {
    const broken = [];
    let words = 0;
    for (const box of document.querySelectorAll(${JSON.stringify(selector)})) {
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        for (const m of (node.textContent ?? '').matchAll(/\\S+/g)) {
          words++;
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(m[0] + ' (' + lines.size + ' lines)');
        }
      }
    }
    return { broken, overflow: document.documentElement.scrollWidth - window.innerWidth, words };
  })()`);
}

/** The computed `color` of the first element `selector` finds. */
export function colour(page: Page, selector: string): Promise<string> {
  return page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).color`);
}
