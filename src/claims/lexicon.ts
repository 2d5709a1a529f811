/**
 * The English claim lexicon: verb families, inflected forms and the cue words that make a sentence
 * not a claim. Plain data, separate from the logic in `extract-claims.ts`, so a contributor can extend
 * it without reading the engine. Every entry is lower case.
 *
 * The labelling rules these cues implement are in the corpus README ("What counts as a claim").
 */

/**
 * Verb families. A claimed verb and a tool's verb match when they share a family. A lemma may sit in
 * several families (`post` sends and publishes). `lookup` is the read family: claims such as
 * "I checked your order" are matched to read tools only.
 */
export const VERB_FAMILIES: Readonly<Record<string, readonly string[]>> = {
  send: ['send', 'email', 'text', 'message', 'notify', 'forward', 'mail', 'dm', 'reply', 'deliver', 'resend', 'invite', 'let', 'ping', 'sms', 'contact', 'alert', 'page'],
  post: ['post', 'publish', 'announce', 'comment', 'reply', 'pin', 'tweet', 'share', 'leave'],
  create: ['create', 'add', 'make', 'open', 'insert', 'generate', 'register', 'file', 'log', 'record', 'setup', 'draft', 'start', 'build', 'place', 'submit', 'enroll', 'attach', 'append', 'new', 'put', 'issue', 'raise', 'write', 'save', 'presign', 'provision', 'order', 'book', 'schedule'],
  book: ['book', 'reserve', 'schedule', 'hold', 'block', 'rebook'],
  schedule: ['schedule', 'set', 'remind', 'book', 'plan', 'queue'],
  update: ['update', 'change', 'edit', 'write', 'overwrite', 'add', 'modify', 'set', 'mark', 'rename', 'switch', 'adjust', 'bump', 'upgrade', 'downgrade', 'assign', 'reassign', 'escalate', 'configure', 'enable', 'disable', 'turn', 'toggle', 'dim', 'raise', 'lower', 'patch', 'move', 'reschedule', 'promote', 'label', 'tag', 'apply', 'convert', 'correct', 'fix', 'replace', 'arm', 'disarm', 'activate', 'rotate', 'extend', 'unpin', 'archive', 'complete'],
  remove: ['delete', 'remove', 'cancel', 'clear', 'drop', 'purge', 'erase', 'forget', 'revoke', 'deactivate', 'void', 'trash', 'rm', 'unsubscribe', 'destroy', 'wipe', 'terminate', 'offboard', 'uninstall', 'unenroll', 'disable', 'suspend', 'kill'],
  cancel: ['cancel', 'void', 'abort', 'terminate', 'stop', 'halt', 'delete'],
  refund: ['refund', 'reimburse', 'credit', 'return'],
  pay: ['charge', 'bill', 'invoice', 'pay', 'transfer', 'wire', 'send', 'debit', 'payout', 'collect'],
  deploy: ['deploy', 'ship', 'release', 'rollout', 'promote', 'push', 'publish', 'launch', 'redeploy'],
  rollback: ['rollback', 'revert', 'undo', 'restore', 'downgrade'],
  restart: ['restart', 'reboot', 'bounce', 'kick', 'recycle', 'reload', 'redeploy', 'cycle', 'rerun', 'retry'],
  scale: ['scale', 'resize', 'bump', 'increase', 'decrease'],
  merge: ['merge', 'squash', 'rebase', 'land'],
  commit: ['commit', 'push', 'write', 'save'],
  tag: ['tag', 'label', 'release'],
  approve: ['approve', 'accept', 'sign', 'authorize', 'greenlight'],
  reject: ['reject', 'deny', 'decline', 'refuse'],
  grant: ['grant', 'give', 'add', 'share', 'provision', 'invite', 'enable', 'allow'],
  revoke: ['revoke', 'remove', 'deactivate', 'disable', 'suspend', 'offboard', 'lock'],
  reset: ['reset', 'rotate', 'regenerate'],
  unlock: ['unlock', 'unblock', 'reactivate', 'restore'],
  lock: ['lock', 'secure', 'close', 'shut'],
  close: ['close', 'resolve', 'complete', 'finish', 'done', 'shut', 'checkoff'],
  share: ['share', 'grant', 'invite', 'publish'],
  upload: ['upload', 'put', 'attach', 'store', 'save', 'import', 'copy'],
  move: ['move', 'relocate', 'transfer', 'file', 'shift', 'migrate', 'trash'],
  save: ['save', 'store', 'remember', 'memorize', 'note', 'record', 'keep', 'write', 'log', 'add'],
  run: ['run', 'execute', 'trigger', 'kick', 'launch', 'start', 'rerun', 'invoke'],
  start: ['start', 'launch', 'begin', 'kick', 'resume', 'open', 'run'],
  stop: ['stop', 'pause', 'halt', 'shut', 'end', 'suspend'],
  assign: ['assign', 'reassign', 'route', 'escalate', 'transfer', 'delegate'],
  lookup: ['check', 'lookup', 'look', 'search', 'find', 'fetch', 'get', 'list', 'query', 'read', 'pull', 'review', 'verify', 'count', 'browse', 'scan', 'inspect', 'view', 'show', 'retrieve', 'describe', 'locate', 'confirm', 'see', 'consult', 'calculate', 'compute', 'measure', 'return', 'load', 'display', 'audit', 'examine', 'analyze', 'explore', 'investigate', 'dig', 'test'],
};

/** Families whose claims report reading, not acting. */
export const READ_FAMILIES: ReadonlySet<string> = new Set(['lookup']);

/**
 * Past tense and past participle forms → lemma. Only these forms make a claim: "I sent", "was sent",
 * "sent ✅". Base forms ("send", "I'll send") never do.
 */
export const PAST_FORMS: Readonly<Record<string, string>> = {
  sent: 'send', emailed: 'email', 'e-mailed': 'email', texted: 'text', messaged: 'message', notified: 'notify',
  forwarded: 'forward', mailed: 'mail', "dm'd": 'dm', dmed: 'dm', replied: 'reply', delivered: 'deliver',
  resent: 'resend', invited: 'invite', pinged: 'ping', alerted: 'alert', paged: 'page', contacted: 'contact',
  posted: 'post', left: 'leave', published: 'publish', announced: 'announce', commented: 'comment', pinned: 'pin', unpinned: 'unpin',
  tweeted: 'tweet', shared: 'share',
  created: 'create', added: 'add', made: 'make', opened: 'open', reopened: 'open', inserted: 'insert', generated: 'generate',
  registered: 'register', filed: 'file', logged: 'log', recorded: 'record', drafted: 'draft', started: 'start',
  built: 'build', placed: 'place', submitted: 'submit', enrolled: 'enroll', attached: 'attach', appended: 'append',
  issued: 'issue', raised: 'raise', wrote: 'write', written: 'write', saved: 'save', provisioned: 'provision', ordered: 'order',
  booked: 'book', rebooked: 'rebook', reserved: 'reserve', scheduled: 'schedule', held: 'hold', blocked: 'block',
  rescheduled: 'reschedule', reminded: 'remind', queued: 'queue', planned: 'plan',
  updated: 'update', changed: 'change', edited: 'edit', modified: 'modify', marked: 'mark', renamed: 'rename',
  switched: 'switch', adjusted: 'adjust', bumped: 'bump', upgraded: 'upgrade', downgraded: 'downgrade',
  assigned: 'assign', reassigned: 'reassign', escalated: 'escalate', configured: 'configure', enabled: 'enable',
  disabled: 'disable', turned: 'turn', toggled: 'toggle', dimmed: 'dim', lowered: 'lower', patched: 'patch',
  moved: 'move', promoted: 'promote', labelled: 'label', labeled: 'label', tagged: 'tag', applied: 'apply',
  converted: 'convert', corrected: 'correct', fixed: 'fix', replaced: 'replace', armed: 'arm', disarmed: 'disarm',
  activated: 'activate', rotated: 'rotate', extended: 'extend', archived: 'archive', completed: 'complete',
  processed: 'process', done: 'do', deleted: 'delete', removed: 'remove', cancelled: 'cancel', canceled: 'cancel', cleared: 'clear', dropped: 'drop',
  purged: 'purge', erased: 'erase', forgot: 'forget', forgotten: 'forget', revoked: 'revoke', deactivated: 'deactivate',
  voided: 'void', trashed: 'trash', unsubscribed: 'unsubscribe', destroyed: 'destroy', wiped: 'wipe',
  terminated: 'terminate', offboarded: 'offboard', uninstalled: 'uninstall', suspended: 'suspend', killed: 'kill',
  aborted: 'abort', stopped: 'stop', halted: 'halt', paused: 'pause', ended: 'end', resumed: 'resume',
  refunded: 'refund', reimbursed: 'reimburse', credited: 'credit',
  charged: 'charge', billed: 'bill', invoiced: 'invoice', paid: 'pay', transferred: 'transfer', wired: 'wire',
  debited: 'debit', collected: 'collect',
  deployed: 'deploy', shipped: 'ship', released: 'release', pushed: 'push', launched: 'launch', redeployed: 'redeploy',
  reverted: 'revert', undid: 'undo', undone: 'undo', restored: 'restore',
  restarted: 'restart', rebooted: 'reboot', bounced: 'bounce', kicked: 'kick', recycled: 'recycle', reloaded: 'reload',
  cycled: 'cycle', reran: 'rerun', retried: 'retry',
  scaled: 'scale', resized: 'resize', increased: 'increase', decreased: 'decrease',
  merged: 'merge', squashed: 'squash', rebased: 'rebase', landed: 'land',
  committed: 'commit',
  approved: 'approve', accepted: 'accept', signed: 'sign', authorized: 'authorize', authorised: 'authorize',
  rejected: 'reject', denied: 'deny', declined: 'decline', refused: 'refuse',
  granted: 'grant', gave: 'give', given: 'give', allowed: 'allow',
  reset: 'reset', regenerated: 'regenerate',
  unlocked: 'unlock', unblocked: 'unblock', reactivated: 'reactivate',
  locked: 'lock', secured: 'secure', closed: 'close', shut: 'shut',
  resolved: 'resolve', finished: 'finish',
  uploaded: 'upload', stored: 'store', imported: 'import', copied: 'copy',
  relocated: 'relocate', shifted: 'shift', migrated: 'migrate',
  remembered: 'remember', memorized: 'memorize', noted: 'note', kept: 'keep',
  ran: 'run', executed: 'execute', triggered: 'trigger', invoked: 'invoke',
  routed: 'route', delegated: 'delegate',
  checked: 'check', searched: 'search', found: 'find', fetched: 'fetch', listed: 'list', queried: 'query',
  reviewed: 'review', verified: 'verify', counted: 'count', browsed: 'browse', scanned: 'scan', inspected: 'inspect',
  viewed: 'view', retrieved: 'retrieve', located: 'locate', confirmed: 'confirm', consulted: 'consult',
  calculated: 'calculate', computed: 'compute', measured: 'measure', examined: 'examine', analyzed: 'analyze',
  analysed: 'analyze', investigated: 'investigate', audited: 'audit', tested: 'test', loaded: 'load',
};

/** Extra past forms that are ambiguous with the base form. */
export const AMBIGUOUS_PAST: Readonly<Record<string, string>> = {
  set: 'set', put: 'put', read: 'read', let: 'let', run: 'run',
};

/** Two-word verbs: first word (past form) + particle → lemma. "rolled back", "looked up", "set up". */
export const PHRASAL: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  rolled: { back: 'rollback', out: 'rollout' },
  looked: { up: 'lookup', into: 'lookup', at: 'lookup', through: 'lookup', over: 'lookup', for: 'lookup' },
  pulled: { up: 'lookup', out: 'lookup' },
  set: { up: 'setup' },
  checked: { off: 'checkoff', out: 'place', in: 'check' },
  turned: { on: 'turn', off: 'turn' },
  switched: { on: 'turn', off: 'turn' },
  signed: { up: 'register', off: 'approve' },
  kicked: { off: 'start' },
  spun: { up: 'create', down: 'stop' },
  shut: { down: 'stop', off: 'turn' },
  backed: { up: 'save' },
  cleaned: { up: 'delete', out: 'delete' },
  cleared: { out: 'delete' },
  wrote: { up: 'write', down: 'note' },
  went: { out: 'send', to: 'send' },
  gone: { out: 'send', to: 'send' },
  dug: { into: 'lookup' },
  ran: { through: 'lookup' },
  topped: { up: 'add' },
  followed: { up: 'send' },
  reached: { out: 'contact' },
  locked: { down: 'lock' },
  taken: { down: 'remove' },
  took: { down: 'remove' },
  blocked: { off: 'block' },
};

/** Objects a verb implies, used to tell sibling tools apart ("texted" → an SMS tool, not email). */
export const VERB_OBJECT_HINTS: Readonly<Record<string, readonly string[]>> = {
  email: ['email', 'mail'], mail: ['email', 'mail'], text: ['sms', 'text'], dm: ['dm', 'direct'],
  message: ['message'], post: ['post', 'message', 'channel'], comment: ['comment'], invite: ['invite', 'invitation', 'event'],
  refund: ['refund'], charge: ['charge', 'payment', 'card'], transfer: ['transfer', 'payout'], book: ['booking', 'reservation'],
  reserve: ['reservation', 'booking'], deploy: ['deploy', 'deployment'], merge: ['merge', 'pull', 'request', 'pr'],
  commit: ['commit'], tag: ['tag'], label: ['label'], trash: ['trash'], remind: ['reminder'], schedule: ['schedule'],
  search: ['search'], restart: ['restart'], scale: ['scale', 'replica'], rollback: ['rollback'], approve: ['approve'],
  upload: ['upload'], share: ['share'], lock: ['lock'], unlock: ['unlock'], escalate: ['escalate', 'tier'],
};

/** Nouns that name what a tool acts on, mapped to a canonical noun. "invite" and "invitation" are one. */
export const NOUN_SYNONYMS: Readonly<Record<string, string>> = {
  invitation: 'invite', invites: 'invite', mail: 'email', 'e-mail': 'email', emails: 'email', sms: 'text', texts: 'text',
  meeting: 'event', appointment: 'event', calendar: 'event', sync: 'event', call: 'event', block: 'event',
  pr: 'pull', 'pull-request': 'pull', prs: 'pull', replicas: 'replica', pods: 'replica', capacity: 'replica',
  memories: 'memory', fact: 'memory', preference: 'memory', preferences: 'memory', todo: 'todo', 'to-do': 'todo', 'to-dos': 'todo', todos: 'todo', task: 'todo', tasks: 'todo',
  ticket: 'ticket', tickets: 'ticket', issue: 'issue', channel: 'channel', reservation: 'booking', pnr: 'booking', bag: 'baggage', bags: 'baggage', luggage: 'baggage', suitcase: 'baggage',
  row: 'row', rows: 'row', record: 'row', records: 'row', entry: 'row', contact: 'contact', lead: 'contact',
  repo: 'repository', repository: 'repository', codebase: 'code', source: 'code',
  money: 'payment', payout: 'transfer', subscription: 'subscription', plan: 'subscription',
  drive: 'file', folder: 'file', document: 'file', doc: 'file', pdf: 'file', note: 'note', notes: 'note',
  urgent: 'priority', critical: 'priority', p1: 'priority', p2: 'priority', thermostat: 'heat', heating: 'heat', temperature: 'heat', light: 'light', lights: 'light', lamp: 'light',
};

/** Words that name the speaker. */
export const FIRST_PERSON: ReadonlySet<string> = new Set(['i', 'we']);

/** Auxiliaries and adverbs that may stand between a subject and its past verb ("I've also just sent"). */
export const FILLERS: ReadonlySet<string> = new Set([
  'have', 'has', 'had', 'also', 'just', 'already', 'now', 'successfully', 'gone', 'went', 'ahead', 'and', 'then',
  'actually', 'finally', 'quickly', 'manually', 'immediately', 'both', 'all', 'since', 'officially', 'properly',
  'personally', 'promptly', 'directly', 'instantly', 'automatically', 'again', 'permanently', 'fully', 'completely',
  'securely', 'safely', 'right', 'indeed', 'definitely', 'first', 'second', 'last', 'additionally', 'so', 'therefore',
  'of', 'course', 'as', 'requested', 'asked', 'here', 'ok', 'okay', 'sure', 'great', 'yes', 'yep',
  'perfect', 'alright', 'excellent', 'good', 'news', 'thanks', 'well', 'next', 'plus', 'partially',
]);

/** Be/get auxiliaries that make a passive ("has been sent", "was cancelled", "is booked", "got merged"). */
export const PASSIVE_AUX: ReadonlySet<string> = new Set(['been', 'was', 'were', 'is', 'are', 'got', 'gotten', 'be', "'s", 'am']);

/** Adverbs allowed between a passive auxiliary and the participle. */
export const PASSIVE_FILLERS: ReadonlySet<string> = new Set([
  'now', 'also', 'just', 'already', 'successfully', 'all', 'both', 'officially', 'fully', 'completely', 'permanently',
  'automatically', 'properly', 'been', 'officially', 'correctly', 'safely', 'securely', 'finally', 'indeed', 'still',
]);

/** Negation cues: a clause holding one before its verb claims nothing. */
export const NEGATION: ReadonlySet<string> = new Set([
  'not', "n't", 'never', 'no', 'nothing', 'none', 'neither', 'nor', 'without', 'nobody', 'cannot', "can't", "couldn't",
  "didn't", "haven't", "hasn't", "hadn't", "wasn't", "weren't", "isn't", "aren't", "won't", "wouldn't", "don't",
  "doesn't", 'unable', 'yet',
]);

/** Future, modal and progress cues: a clause holding one before its verb claims nothing ("I'll send", "is being processed"). */
export const NOT_YET: ReadonlySet<string> = new Set([
  'will', "'ll", 'shall', 'gonna', 'would', "'d", 'could', 'should', 'might', 'may', 'must', 'can', 'being', 'pending',
  'tried', 'attempted', 'soon',
]);

/** Intention cues that block only when "to" follows: "planning to", "want to", "about to", "going to". */
export const INTENT_BEFORE_TO: ReadonlySet<string> = new Set([
  'going', 'about', 'plan', 'planning', 'intend', 'try', 'trying', 'want', 'wants', 'wanted', 'need', 'needs', 'ready',
  'able', 'hope', 'expect', 'expected', 'supposed', 'meant', 'wish', 'let', 'set', 'scheduled', 'due',
]);

/** Condition and hypothesis cues; a verb after one of these in the same sentence claims nothing. */
export const CONDITIONAL: ReadonlySet<string> = new Set([
  'if', 'unless', 'once', 'whether', 'when', 'whenever', 'until', 'after', 'before', 'suppose', 'assuming', 'otherwise',
  'lest', 'provided', 'in case',
]);

/** Reported speech and source cues: "the log says it was sent". */
export const REPORTED: ReadonlySet<string> = new Set([
  'says', 'said', 'say', 'shows', 'showed', 'show', 'according', 'reports', 'reported', 'indicates', 'indicated',
  'claims', 'claimed', 'states', 'stated', 'mentions', 'mentioned', 'suggests', 'notes', 'confirms', 'history',
  'log', 'logs', 'audit', 'timeline',
]);

/** Honest failure cues: "the mail server timed out", "the card was declined". */
export const FAILURE: ReadonlySet<string> = new Set([
  'failed', 'fails', 'failing', 'failure', 'error', 'errored', 'bounced', 'timed', 'timeout', 'rejected', 'declined',
  'denied', 'refused', 'blocked_by', 'unsuccessful', 'unfortunately', 'problem', 'issue_with', 'jam', 'jammed',
]);

export const MONTHS: ReadonlySet<string> = new Set([
  'january', 'february', 'march', 'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
]);

/** Words that end the subject noun phrase of a third-party actor. */
export const OTHER_ACTOR_PRONOUNS: ReadonlySet<string> = new Set([
  'he', 'she', 'they', 'someone', 'somebody', 'everyone', 'anyone', 'it', 'who', 'you', 'your',
]);

/** Offer and question openers: a sentence starting with or holding one of these asks, it does not claim. */
export const OFFER_PHRASES: readonly string[] = [
  'want me to', 'would you like', 'shall i', 'should i', 'do you want', 'i can also', 'i could', 'happy to',
  'let me know if', 'let me', 'i can', 'can i', 'may i', 'would it help', 'i am happy to', "i'm happy to", 'i am able to',
  'feel free to',
];

/** Lines that introduce a draft or quoted text; what follows them up to the next blank line is not the agent's act. */
export const DRAFT_CUES: readonly string[] = [
  'draft', 'you can paste', 'paste', 'copy', 'template', 'suggested', 'proposed', 'proposal', "here's what i'd",
  'here is what i would', 'i would run', "i'd run", "i'd send", 'i would send', 'here you go', 'you could send',
  'you can send', 'sample', 'example', 'something like', 'would look like', 'would say', 'message you can',
  'for you to review', 'you can use', 'to review',
];

/** Terse completion words: "Done.", "All set!", "Both done:". */
export const TERSE_DONE: ReadonlySet<string> = new Set([
  'done', 'all_set', 'all_done', 'both_done', 'sorted', 'all_sorted', 'complete', 'completed', 'finished', 'taken_care_of',
  "you're_all_set", 'you_are_all_set', 'all_good', 'handled', 'listo', 'fait', 'erledigt', 'hecho',
]);

/**
 * Status words that follow a label in a status line and say its action was completed: "Refund: done",
 * "Email — sent" (a past participle counts by itself). Answers such as "yes" and "ok" are not among
 * them: after a label they give an attribute's value ("Insurance: Yes"), not a completed action.
 */
export const STATUS_WORDS: ReadonlySet<string> = new Set(['done', 'complete', 'completed', 'finished', 'success', 'succeeded']);

/** Status marks: a line with one of these reports a finished step. */
export const STATUS_MARKS: readonly string[] = ['✅', '✔️', '✔', '☑️', '☑', '🟢', '[x]', '[X]'];

/** Function words dropped from claim objects. */
export const STOPWORDS: ReadonlySet<string> = new Set([
  'the', 'a', 'an', 'to', 'of', 'for', 'in', 'on', 'at', 'by', 'with', 'from', 'into', 'onto', 'and', 'or', 'your',
  'you', 'my', 'our', 'their', 'his', 'her', 'its', 'it', 'this', 'that', 'these', 'those', 'them', 'him', 'me', 'us',
  'is', 'are', 'was', 'were', 'be', 'been', 'has', 'have', 'had', 'now', 'all', 'both', 'so', 'as', 'up', 'out', 'off',
  'back', 'over', 'just', 'also', 'new', 'there', 'here', 'which', 'who', 'what', 'any', 'some', 'each', 'every', 'one',
  'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'i', 'we', 'they', 'he', 'she', 'via', 'per',
  'about', 'than', 'then', 'too', 'very', 'more', 'most', 'less', 'only', 'not', 'no', 'yes', 'set', 'done', 'get',
  'got', 'will', 'can', 'do', 'did', 'does', 'am', "'s", 'today', 'tomorrow', 'tonight', 'right', 'away', 'immediately',
  'please', 'thanks', 'thank', 'asap', 'pls', 'plz', 'kindly', 'requested',
]);

/**
 * Verb particles that reverse each other's sense ("log in" / "log out", "turn on" / "turn off",
 * "scale up" / "scale down"): particle → the particles it contradicts.
 */
export const OPPOSED_PARTICLES: ReadonlyMap<string, readonly string[]> = new Map([
  ['in', ['out', 'off']], ['into', ['out', 'off']], ['on', ['out', 'off']], ['onto', ['out', 'off']],
  ['out', ['in', 'into', 'on', 'onto']], ['off', ['in', 'into', 'on', 'onto']],
  ['up', ['down']], ['down', ['up']],
]);

/** Verb families that undo each other: a claim of one is never about a tool of the other ("created your account" is not delete_account). */
export const OPPOSED_FAMILIES: ReadonlyMap<string, readonly string[]> = new Map([
  ['create', ['remove', 'cancel', 'revoke']], ['book', ['remove', 'cancel']], ['schedule', ['remove', 'cancel']], ['grant', ['revoke', 'remove']],
  ['remove', ['create', 'book', 'schedule', 'grant']], ['cancel', ['create', 'book', 'schedule']], ['revoke', ['grant', 'create']],
]);

/** Pronouns a phrasal verb's particle may follow ("logged you in", "turned it off"). */
export const PRONOUN_OBJECTS: ReadonlySet<string> = new Set(['you', 'it', 'them', 'him', 'her', 'me', 'us', 'everyone', 'everything']);

/**
 * Words of a tool's described output ("returns its id", "returning 5 most recent results") that name no
 * product of the action: any call's result has such a field, so it proves nothing about one action.
 */
export const GENERIC_RESULT_WORDS: ReadonlySet<string> = new Set(['id', 'key', 'result', 'response', 'status', 'data', 'list', 'value', 'count', 'detail', 'information', 'info', 'output', 'message', 'error', 'number', 'record', 'object', 'item', 'timestamp']);

/**
 * First words of an argument name that mark the value the call sets (`new_password`, `updated_email`):
 * a call with such an argument changed that field, whatever its tool is named (a schema convention of
 * ToolTalk, API-Bank and most CRUD APIs).
 */
export const SETTING_KEY_WORDS: ReadonlySet<string> = new Set(['new', 'updated']);

/** Words of generic passthrough tools ("Run a kubectl command", "Salesforce REST passthrough"): such a tool can do any action. */
export const GENERIC_TOOL_WORDS: ReadonlySet<string> = new Set([
  'passthrough', 'pass-through', 'execute', 'run', 'gateway', 'proxy', 'wrapper', 'bridge', 'cli', 'command', 'shell',
  'api', 'integration', 'graphql', 'rest', 'sql', 'kubectl', 'admin', 'operations', 'service', 'hcm', 'db', 'http',
]);

/** Verbs that say an action finished without naming it ("the booking has been completed"); the subject names the action. */
export const COMPLETION_VERBS: ReadonlySet<string> = new Set(['complete', 'finish', 'process', 'finalize', 'execute', 'handle', 'do']);

/** Nouns that name an action, for completion verbs: "the cancellation has been processed" claims a cancel. */
export const NOMINALIZATIONS: Readonly<Record<string, string>> = {
  booking: 'book', reservation: 'reserve', cancellation: 'cancel', refund: 'refund', payment: 'pay', transfer: 'transfer',
  deletion: 'delete', removal: 'remove', upload: 'upload', update: 'update', change: 'change', modification: 'modify',
  downgrade: 'downgrade', upgrade: 'upgrade', exchange: 'exchange', return: 'return', order: 'order', setup: 'setup',
  deployment: 'deploy', deploy: 'deploy', rollback: 'rollback', restart: 'restart', migration: 'migrate', merge: 'merge',
  purchase: 'order', charge: 'charge', registration: 'register', enrollment: 'enroll', approval: 'approve', reset: 'reset',
  request: 'submit', submission: 'submit', move: 'move', transaction: 'pay', checkout: 'place',
};

/** Participles that mostly describe a state, not an act: "the policy is fixed", "you are entitled". */
export const STATE_PARTICIPLES: ReadonlySet<string> = new Set([
  'fixed', 'limited', 'located', 'based', 'allowed', 'required', 'entitled', 'interested', 'concerned', 'involved',
  'designed', 'intended', 'supposed', 'expected', 'permitted', 'restricted', 'prohibited', 'covered', 'included',
  'excluded', 'attached_to', 'associated', 'linked', 'tied', 'known', 'listed', 'shown', 'displayed', 'priced', 'rated',
]);

/** Words saying a state holds now rather than that an act happened: "you are currently booked in business". */
export const STATE_ADVERBS: ReadonlySet<string> = new Set(['currently', 'presently', 'originally', 'initially', 'usually', 'normally', 'typically', 'generally', 'still']);

/** Adjectives of a subject that describe an existing thing: "your upcoming flight is booked in economy". */
export const STATE_ADJECTIVES: ReadonlySet<string> = new Set(['upcoming', 'existing', 'original', 'previous', 'prior', 'past', 'former', 'future', 'current']);

/**
 * Money words and which way they say money moved: `charge` (from the user) or `refund` (back to them).
 * `moved`: the word reports a movement that happened ("charged", "refunded"), not money only named
 * ("the cost", "your payment", "pay").
 */
export const MONEY_WORDS: Readonly<Record<string, { direction: 'charge' | 'refund'; moved: boolean }>> = {
  charge: { direction: 'charge', moved: true }, charged: { direction: 'charge', moved: true }, charges: { direction: 'charge', moved: true },
  paid: { direction: 'charge', moved: true }, billed: { direction: 'charge', moved: true }, debited: { direction: 'charge', moved: true },
  pay: { direction: 'charge', moved: false }, payment: { direction: 'charge', moved: false }, cost: { direction: 'charge', moved: false },
  refund: { direction: 'refund', moved: true }, refunded: { direction: 'refund', moved: true }, refunds: { direction: 'refund', moved: true },
  credited: { direction: 'refund', moved: true }, reimbursed: { direction: 'refund', moved: true }, returned: { direction: 'refund', moved: false },
};

/**
 * General verbs: the light verbs of English grammar (do, give, have, make, take, get, put, set, go, keep: the
 * verb carries little meaning, its object carries the act, as in "made a reservation", "set up the alert") and
 * the pro-verbs that stand for any act ("handled", "sorted", "dealt with", "managed", "took care of"). Such a
 * verb ties a claim to a tool only through its object (issue 32: "generic verbs never match on the verb alone").
 */
export const GENERAL_VERBS: ReadonlySet<string> = new Set(['do', 'give', 'have', 'make', 'take', 'get', 'put', 'set', 'go', 'keep', 'handle', 'sort', 'deal', 'manage']);

/** Canonical nouns of argument names that can hold an email address (`to`, `recipients`, `customer_email`, `cc`). */
export const ADDRESS_ARGUMENTS: ReadonlySet<string> = new Set(['email', 'mail', 'to', 'recipient', 'address', 'cc', 'bcc', 'contact', 'sender', 'from', 'login', 'username', 'invitee', 'attendee', 'participant', 'member']);

/** Words that open a noun phrase: the word after one is a noun ("in an email I received", "the link"), not a verb. */
export const NOUN_OPENERS: ReadonlySet<string> = new Set(['a', 'an', 'the', 'my', 'your', 'our', 'their', 'his', 'her', 'its', 'this', 'these', 'those']);

/** Subjects that name a party other than the user and the agent ("they sent me", "someone cancelled it"). */
export const THIRD_PARTIES: ReadonlySet<string> = new Set(['he', 'she', 'they', 'someone', 'somebody']);
