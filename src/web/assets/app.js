// claimcheck dashboard: the page script (ES modules, no framework). Views: overview, runs, one run, review
// queue, routed by the URL hash; the overview and the runs list refresh when the ledger changes.
/* global document, window, location, URLSearchParams, HTMLInputElement, setInterval */
import { api, failure } from './_dom.js';
import { overview } from './overview.js';
import { review } from './review.js';
import { run } from './run.js';
import { runs } from './runs.js';

let current = '';
async function render() {
  const hash = location.hash.slice(1) || '/';
  const [path, query] = hash.split('?');
  const params = new URLSearchParams(query ?? '');
  const section = path.startsWith('/run/') ? 'runs' : path === '/runs' ? 'runs' : path === '/review' ? 'review' : 'overview';
  for (const a of document.querySelectorAll('nav a')) a.classList.toggle('on', a.dataset.nav === section);
  current = path;
  delete document.body.dataset.ready;
  try {
    if (path.startsWith('/run/')) await run(decodeURIComponent(path.slice(5)));
    else if (path === '/runs') await runs(params);
    else if (path === '/review') await review(params);
    else await overview(render);
    document.body.dataset.ready = path;
  } catch (error) {
    failure(error);
  }
}

// The newest record of each table (/api/pulse, one index lookup per table): polled every 3 seconds.
let pulse = null;
async function poll() {
  try {
    const { newest } = await api('/pulse');
    const live = document.getElementById('live');
    live.textContent = 'live';
    live.className = 'ok';
    // New records re-render the overview and the runs list, unless the user is typing in a filter.
    const typing = document.activeElement instanceof HTMLInputElement;
    if (pulse !== null && newest !== pulse && !typing && (current === '/' || current === '/runs')) await render();
    pulse = newest;
  } catch {
    document.getElementById('live').textContent = 'offline';
  }
}

window.addEventListener('hashchange', render);
render();
poll();
setInterval(poll, 3000);
