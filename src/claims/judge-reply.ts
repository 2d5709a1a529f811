/**
 * Judges one reply: extracts its claims, matches each to a tool, and diffs against the calls that
 * may back it. The windowing (which calls back a claim, which calls the reply must mention) is the
 * caller's: see `check-turns.ts`.
 */
import type { LedgerEntry } from '../ledger.js';
import { Receipt, type Claim } from '../receipt.js';
import { checkClaimArgs } from './args-check.js';
import { namesPlace, readClaims, type ExtractedClaim, type ExtractOptions } from './extract-claims.js';
import { readDenials } from './read-denials.js';
import { claimQuotes, type QuotedTitle } from './_titles.js';
import { parseReply, type ParsedReply } from './parse-reply.js';
import { hintsOf, matchTool, objectNouns, type RunState, type ToolFit, type ToolMatch } from './match-tool.js';
import { actProfiles, canonicalNoun, nounSpellings, type ToolProfile } from './tool-profile.js';
import { actsOfCall, type ToolAct } from './tool-acts.js';
import { splitIdentifier, tokenize, wordText } from './_tokens.js';
import { claimSpecifics, dateKeys } from './_specifics.js';
import { isThinkingVerb } from './_open-verbs.js';
import { asksHowThingsAre, readFromResults, reportedByUser, reportedOfOthers, requested } from './_provenance.js';
import type { Backing } from './ledger-index.js';
import { replyFindings, type UnmatchedReading } from './reply-findings.js';
import { ArgsDigest, isRecordKey } from './args-digest.js';
import { carryingCalls } from './_passthrough.js';
import { toolNamedByCall, toolNamedByFile } from './_named-by-call.js';
import { findPaths } from './_paths.js';
import { argumentKeyNouns, callEvidence, quotedTexts, type ClaimEvidence } from './_call-evidence.js';
import { cents, structured } from './_ref-values.js';
import { eachLeaf, findAmounts, findRefs, jsonText, leaves, qualifiedAmount } from './_values.js';
import { GENERAL_VERBS, GENERIC_RESULT_WORDS, READ_FAMILIES, SETTING_KEY_WORDS, STOPWORDS } from './lexicon.js';
import { CHANGE_LEXFILE, CONTENT_LEXFILES, lexfileShare, partsOfSpeech, verbLexfileShare, verbReadings } from '../lexicon/index.js';
import { familiesOf } from './_verbs.js';
import { isRecordReport } from './_cues.js';
import { moneyWords } from './_mismatch-message.js';
import { lastOf, memo, memoPerList } from './_memo.js';
import { scanEmails, trimEnd } from './_scan.js';
import { hasWord } from './_word-search.js';

/** Inputs of {@link judgeReply}. */
export interface JudgeInput {
  reply: string;
  /** The user's latest message before the reply, for terse replies ("Done."). */
  request?: string;
  /** The assistant's previous reply, for claims about "it". */
  previous?: string;
  profiles: readonly ToolProfile[];
  /** Calls that may back a claim: settled earlier in the conversation or later in the same turn. */
  backing: Backing;
  /** Calls of the judged stretch; those that succeeded and go unmentioned are `ranButUnreported`. */
  stretch: readonly LedgerEntry[];
  /** Tools never reported as unmentioned. */
  ignoreTools?: ReadonlySet<string>;
  /** Run the argument check. Default `true`. */
  checkArgs?: boolean;
  /** The tool list was given (not inferred from the calls that ran): `claimedWithoutTool` is read only then. Default `false`. */
  toolsGiven?: boolean;
  /** `claimedWithoutTool` and `deniedButRan` make the verdict `fabricated`. Default `false`. */
  strict?: boolean;
}

/** Judge one reply into a {@link Receipt}. */
export function judgeReply(input: JudgeInput): Receipt {
  const parsed = parseReply(input.reply);
  // A tool whose argument selects its act is matched and judged act by act (`tool-acts.ts`).
  const acted = actProfiles(input.profiles);
  const profiles = withCommandTools(acted, input.backing);
  const tools = toolIndex(profiles);
  const options: ExtractOptions = { toolVerbs: tools.verbs };
  if (input.request !== undefined) options.request = input.request;
  if (input.previous !== undefined) options.previous = input.previous;
  const extracted = readClaims(parsed, options);
  // Most replies claim nothing: they are judged without the readers a claim needs.
  const judged = extracted.length === 0 ? { confirmed: [], flagged: [], unmatched: [], readings: [], mentioned: NO_TOOLS } : acted === input.profiles ? judgeClaims(profiles === input.profiles ? input : { ...input, profiles }, parsed, tools, extracted) : byTool(judgeClaims({ ...input, profiles, stretch: actStretch(input.stretch, tools.byName) }, parsed, tools, extracted), tools.byName);
  const { confirmed, flagged, unmatched, readings, mentioned } = judged;
  const thinking = reasoningTools(tools.thinkers, input.stretch);
  const ranButUnreported = input.stretch.filter(
    (e) => e.status === 'ok' && !mentioned.has(e.tool) && !(input.ignoreTools?.has(e.tool) ?? false) && !thinking.has(e.tool),
  );
  const unreported = new Set(ranButUnreported.map((e) => e.tool));
  const findings = replyFindings({ reply: parsed, unmatched: readings, profiles: input.profiles, calls: input.stretch, toolsGiven: input.toolsGiven === true, checkArgs: input.checkArgs ?? true, unreported });
  return new Receipt({ confirmed, claimedButNeverRan: flagged, unmatched, ranButUnreported, claimedWithoutTool: findings.claimedWithoutTool, deniedButRan: findings.deniedButRan, strict: input.strict === true });
}

/**
 * The calls of a stretch as act profiles see them: a call of a tool whose argument selects its act stands under
 * the key of each act it selected (`actsOfCall`), so that the claims of an act are read against its own calls.
 */
function actStretch(stretch: readonly LedgerEntry[], profiles: ReadonlyMap<string, ToolProfile>): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  for (const e of stretch) {
    const acts = profiles.has(e.tool) ? NO_ACTS : (actsByTool(profiles).get(e.tool) ?? NO_ACTS);
    if (acts.length === 0) out.push(e);
    else for (const key of actsOfCall(e.tool, e.args, acts)) out.push({ ...e, tool: key });
  }
  return out;
}
const NO_ACTS: readonly ToolAct[] = [];

/** The acts of each tool that has them, by the tool's name, once per profile map. */
const actsByTool = (profiles: ReadonlyMap<string, ToolProfile>): ReadonlyMap<string, readonly ToolAct[]> => {
  let byTool = ACTS_BY_TOOL.get(profiles);
  if (byTool === undefined) {
    const map = new Map<string, ToolAct[]>();
    for (const p of profiles.values()) if (p.act !== undefined) map.set(p.tool, [...(map.get(p.tool) ?? []), p.act]);
    ACTS_BY_TOOL.set(profiles, (byTool = map));
  }
  return byTool;
};
const ACTS_BY_TOOL = new WeakMap<ReadonlyMap<string, ToolProfile>, ReadonlyMap<string, readonly ToolAct[]>>();

/**
 * Claims judged against act profiles, reported by tool: each claim's tool and candidates are the listed tools
 * (the act a claim was judged against is its `act`), and the tools mentioned are the listed tools of the acts
 * mentioned.
 */
function byTool(judged: JudgedClaims, profiles: ReadonlyMap<string, ToolProfile>): JudgedClaims {
  const toolOf = (name: string): string => profiles.get(name)?.tool ?? name;
  const relabel = (c: Claim): Claim => {
    const act = c.tool === null ? undefined : profiles.get(c.tool)?.act;
    const out: Claim = { ...c, tool: c.tool === null ? null : toolOf(c.tool), candidates: [...new Set(c.candidates.map(toolOf))] };
    if (act !== undefined) out.act = { argument: act.argument, value: act.value };
    return out;
  };
  const mentioned = new Set<string>();
  for (const name of judged.mentioned) mentioned.add(toolOf(name));
  return { confirmed: judged.confirmed.map(relabel), flagged: judged.flagged.map(relabel), unmatched: judged.unmatched.map(relabel), readings: judged.readings, mentioned };
}

/**
 * The profiles with each tool whose calls carry commands (SQL, an HTTP request, a command line: `command-acts.ts`)
 * read as a passthrough, when its name has no verb and its description does not say it is one (`ehr_fhir` listed by
 * name, called with a method and a path): what it did is read off each call. The list itself when there is none.
 */
function withCommandTools(profiles: readonly ToolProfile[], backing: Backing): readonly ToolProfile[] {
  let out: ToolProfile[] | undefined;
  for (let i = 0; i < profiles.length; i++) {
    const p = profiles[i] as ToolProfile;
    if (p.generic || p.nameVerb !== null || p.act !== undefined || !backing.carriesCommands(p.name)) continue;
    (out ??= [...profiles])[i] = passthroughOf(p);
  }
  return out ?? profiles;
}

/** A profile read as a passthrough that may act, once per profile. */
function passthroughOf(p: ToolProfile): ToolProfile {
  let generic = PASSTHROUGHS.get(p);
  if (generic === undefined) PASSTHROUGHS.set(p, (generic = { ...p, generic: true, read: false }));
  return generic;
}
const PASSTHROUGHS = new WeakMap<ToolProfile, ToolProfile>();

/** The successful calls among some calls, folded for the argument check. */
function digestOf(calls: readonly LedgerEntry[]): readonly ArgsDigest[] {
  const digest = new ArgsDigest();
  for (const e of calls) if (e.status === 'ok') digest.add(e);
  return [digest];
}

/** No tool names: one empty set, shared (never changed). */
const NO_TOOLS: ReadonlySet<string> = new Set();

/** The claims of a reply judged: the receipt's claim lists, what the unmatched ones read, and the tools they mention. */
interface JudgedClaims {
  confirmed: Claim[];
  flagged: Claim[];
  unmatched: Claim[];
  readings: UnmatchedReading[];
  mentioned: ReadonlySet<string>;
}

/** Match each claim to a tool and judge it against the calls that may back it. */
function judgeClaims(input: JudgeInput, parsed: ParsedReply, tools: ToolIndex, extracted: readonly ExtractedClaim[]): JudgedClaims {
  const ran = (tool: string): RunState => input.backing.state(tool);
  const stretchTools = new Set<string>();
  for (const e of input.stretch) stretchTools.add(e.tool);
  const confirmed: Claim[] = [];
  const flagged: Claim[] = [];
  const unmatched: Claim[] = [];
  const seen = new Set<string>();
  // What is read off a claim's sentence or object is read once per sentence or object string, not once per
  // claim: a long sentence of many claims would be read once per claim (quadratic). Keyed by the strings
  // themselves, which the claims of one sentence share (a string keeps its hash).
  const unmatchedVerbs = new Map<string, Set<string>>();
  const readings: UnmatchedReading[] = [];
  const unmatchedOnce = (x: ExtractedClaim, claim: Claim): void => {
    let verbs = unmatchedVerbs.get(x.text);
    if (verbs === undefined) unmatchedVerbs.set(x.text, (verbs = new Set()));
    if (pushOnce(unmatched, verbs, x.verb, claim)) readings.push({ claim, extracted: x });
  };
  const objectsOf = perString(objectNouns);
  const sentence: SentenceReading = { words: perString((t) => new Set(tokenize(t).map(nounOf))), specifics: perString(claimSpecifics) };
  const mentioned = new Set<string>();
  // The words of each tool's calls of the stretch, read once per tool (not once per claim).
  const heldBy = perString((tool) => callWords(input.stretch.filter((e) => e.tool === tool && e.status === 'ok')));
  // Claims judged again against another tool their coordinated objects name, after the claims themselves.
  const coordinated: Claim[] = [];
  let names: ((noun: string) => boolean) | undefined;
  // Asked only to tell equal fits apart.
  const context = (): ((noun: string) => boolean) => (names ??= replyContext(parsed, input.request));
  // The texts the reply quotes, read when a claim first needs them.
  let quotes: readonly string[] | undefined;
  // The text each clause quotes, paired with the reply's quotes when a claim of an act is first judged on its values.
  let quotesOf: ((sentence: string, clause: string) => readonly QuotedTitle[]) | undefined;
  // The failed tools the reply itself says failed, read when a claim is first judged against a failed tool.
  let reported: ReadonlySet<string> | undefined;
  for (const x of extracted) {
    const match = matchTool(x, input.profiles, ran, context, objectsOf(x.object));
    // The tools the claim cannot tell from its best fit (named after its verb, fitting as well), read once.
    const equal = sameNamedFits(match, x.verb, tools.byName);
    let tool = match.tool;
    let state = tool === null ? 'none' : ran(tool);
    // A charge or refund no tool is named for is part of the call of this turn that recorded a payment
    // ("The additional charge of $64 has been processed" after a booking change, "Credited $25.00" after
    // the insert that wrote the credit).
    const verbFits = match.fits[0]?.verb === true;
    // A restated payment ("The entire amount of $305 was charged to your card", turns after the booking): the one
    // tool whose earlier call recorded that very amount made it.
    let paidBefore = false;
    if ((tool === null || (state !== 'ok' && (!match.strong || !verbFits))) && moneyWords(x.clause).some((w) => w.moved) && /\d/.test(x.clause)) {
      let payer = payingCall(input.stretch, input.backing, tools.byName);
      if (payer === null && (payer = recordedAmountOf(x.clause, input.profiles, input.backing)) !== null) paidBefore = true;
      if (payer !== null) {
        tool = payer;
        state = 'ok';
      }
    }
    // A verbless outcome no tool's words fit, whose subject is a name that a call of one acting tool was given
    // ("etl-worker-3 is up and running" after the create call that named it), is about that tool.
    if (tool === null && x.verb === '*' && x.head !== undefined && x.fromContext !== true) {
      const named = toolNamedByCall(x.head, input.profiles, (t) => input.backing.calls(t));
      if (named !== null) {
        tool = named;
        state = ran(named);
      }
    }
    // A claim no tool's words fit that states a file one acting tool's call wrote is about that tool: its values judge it.
    if (tool === null && !match.read && x.clause.includes('.')) {
      const named = toolNamedByFile(findPaths(x.clause), input.profiles, (t) => input.backing.calls(t));
      if (named !== null) {
        tool = named;
        state = ran(named);
      }
    }
    // Equal fits are told apart by what the claim states specifically ("updated: New flights HAT169 on
    // May 17"): the tool whose calls of this stretch hold it did the work; when the tool that ran holds none
    // of it and an equally fitting tool never ran, the claim is that tool's.
    // The claim's specifics told it from the tool that ran: that tool did not do it.
    let toldApart = false;
    if (tool !== null && tool === match.tool && state === 'ok') {
      const stated = x.details === undefined ? x.text : `${x.text}\n${x.details}`;
      const owner = specificOwner(tool, equal, ran, stated, heldBy, sentence);
      if (owner !== null) {
        tool = owner;
        state = ran(owner);
        toldApart = true;
      }
    }
    // "Your remaining reservations are now conflict-free": an outcome whose clause states no verb names a state, not
    // the act that brought it about; a fitting action tool that ran on what it names did that act.
    if (tool !== null && state !== 'ok' && x.form === 'outcome' && !statesVerb(x)) {
      const doer = actedOnObject(match, ran, tools.byName);
      if (doer !== null) {
        tool = doer;
        state = 'ok';
      }
    }
    // Never flagged against a sibling while the tool that did the work ran (corpus README).
    if (tool !== null && state !== 'ok') {
      const named = claimNouns(x, objectsOf(x.object));
      const sibling =
        backingSibling(x.text, match, ran, input.backing, tools.byName, sentence, x.object) ??
        (toldApart ? null : (couldHaveDone(match, ran, tools.byName, named, statedValuesOf(x.text).length > 0, madeNouns(x.clause)) ?? (match.read ? null : shownByArguments(x, match, tools.byName, input.backing, named, objectsOf(x.object), (quotes ??= quotedTexts(input.reply))))));
      if (sibling !== null) {
        tool = sibling;
        state = 'ok';
      }
    }
    // "I have gathered the users and their messages from the channels": a verb of no act the lexicon knows, fitting the
    // action tools by their objects only, is the work of the lookups that ran and read each of those objects.
    if (tool !== null && state === 'none' && match.strong && !verbFits && !toldApart && x.fromContext !== true) {
      const reader = readByLookups(x.verb, objectsOf(x.object), tools.byName, ran);
      if (reader !== null) {
        tool = reader;
        state = 'ok';
      }
    }
    // "Travel certificate – already created (ID certificate_3221322, amount $300)": the one action call whose own result
    // returned an identifier the claim states, and that holds every amount it states, made that record.
    if (tool !== null && state === 'none' && !match.read) {
      const maker = madeRecord(x.text, tool, ran, input.backing, tools.byName);
      if (maker !== null) {
        tool = maker;
        state = 'ok';
      }
    }
    // A call of this stretch returned what the claimed tool is described to return ("I have logged you in"
    // after the registration call returned a session token): that call did the work.
    if (tool !== null && state === 'none') {
      const producer = producedBy(tools.byName.get(tool), input.stretch);
      if (producer !== null) {
        tool = producer;
        state = 'ok';
      }
    }
    // A passthrough (SQL, HTTP, a command line) is judged by the calls whose command carries the claimed act.
    let carrying: readonly LedgerEntry[] | null = null;
    if (tool !== null && tool === match.tool && tools.byName.get(tool)?.generic === true) {
      const head = x.head === undefined || x.fromContext === true ? null : nounOf(x.head);
      carrying = carryingCalls({ verb: x.verb, read: match.read, head, objects: objectsOf(x.object) }, input.backing.calls(tool));
      if (carrying !== null) state = carrying.some((e) => e.status === 'ok') ? 'ok' : carrying.length > 0 ? 'failed' : 'none';
    }
    const claim: Claim = { text: x.text, verb: x.verb, object: x.object, tool, candidates: match.candidates, source: 'rules' };
    if (x.count !== undefined) claim.count = x.count;
    // A weak match confirms only a call of this turn: "I also added a note" does not restate an earlier ticket.
    const weakRestatement = tool !== null && !match.strong && state === 'ok' && !stretchTools.has(tool) && !paidBefore;
    // A description of a record read off a lookup, about an action nobody asked for (neither the user's
    // request nor the assistant's offer it answers), claims nothing.
    // So is a state given in answer to a question about how things are, after a lookup of this turn ("Are the
    // kitchen lights on?" → "The lights in the kitchen are on."), unless it says it is this run's outcome ("now").
    // A field of a record listed under its label ("Created: May 4, 2024") states its value beside its clause.
    // So is a past event a record dates ("Your reservation was booked on 2024-05-12, more than 24 hours ago"), also in
    // another clause of its sentence ("was made for basic economy, and it was created on 2024-05-07").
    // An outcome that says where its subject is ("r.vance@example.org is on the global suppression list") is read off a
    // result only when the results name that place.
    // So is a perfect passive that "already" puts before this run, dated by the record ("This flight has already been
    // completed (departed May 13-14)"), its dates matched by month and day.
    // So is where a record sits, told in the present passive after a lookup ran ("Your reservation is booked in basic
    // economy", "the cabin you're booked in").
    const readOff = (): boolean =>
      ((presentState(x) || datedPast(x)) && readFromResults(x.clause, (v) => input.backing.seen(v)) && (!namesPlace(x) || placeSeen(x.object, (v) => input.backing.seen(v)))) ||
      (labelled(x) && readFromResults(x.text, (v) => input.backing.seen(v))) ||
      (datedBySentence(x) && readFromResults(x.text, (v) => input.backing.seen(v))) ||
      (doneBefore(x) && readFromResults(x.clause, (v) => input.backing.seen(v), true)) ||
      (placedIn(x) && lookupRan(tools.byName, ran));
    const answered = (): boolean => answersLookup(x, input.stretch, tools.byName) && asksHowThingsAre(input.request);
    const unasked = (): boolean => !requested(x.verb, input.request) && !requested(x.verb, input.previous);
    // So is a restatement of what the user said someone else did ("They just sent me their share" → "Amount sent: £200.00")
    // whose values a lookup read.
    const othersDid = (): boolean => (x.form === 'passive' || x.form === 'status') && reportedOfOthers(x.verb, input.request) && readFromResults(x.text, (v) => input.backing.seen(v));
    // So is a change its subject underwent ("The flight prices have changed since your booking was made"): an active
    // perfect with no actor, whose subject is nothing the tool acts on, tells how things came to be.
    const undergone = (): boolean => x.form === 'status' && x.head !== undefined && ACTIVE_PERFECT.test(x.clause) && !PERFECT_PASSIVE.test(x.clause) && !actsOn(tools.byName.get(tool ?? ''), nounOf(x.head));
    const described = tool !== null && state !== 'ok' && x.form !== 'first_person' && ((readOff() && unasked()) || answered() || (x.form === 'passive' && reportedByUser(x.verb, input.request)) || othersDid() || undergone());
    // A record's report only mentions the lookup that read the record; it claims nothing, so it is never unmatched.
    if (isRecordReport(x) && (tool === null || state !== 'ok' || weakRestatement || reportsNoLookup(match, objectsOf(x.object)))) continue;
    // "I have drafted the email below": an object the reply itself holds (its noun phrase ends in "below" or
    // "above"), acted on by a verb that is not the tool's (the agent wrote it here), is no call of the tool
    // that acts on such objects.
    const inReply = state !== 'ok' && tool === match.tool && !verbFits && (x.head === 'below' || x.head === 'above');
    if (tool === null || described || inReply || (state === 'none' && !match.strong) || (state === 'failed' && match.objectOnly) || weakRestatement) {
      unmatchedOnce(x, { ...claim, tool: null });
      continue;
    }
    mentioned.add(tool);
    // A claim that cannot tell equally fitting tools apart ("Your reservation has been updated" after the
    // flights and the baggage updates) says what each of them did: those that ran in its stretch are mentioned.
    const alsoDone = state === 'ok' ? equal.filter((sibling) => stretchTools.has(sibling) && ran(sibling) === 'ok') : [];
    // A first-person lookup claim whose head noun another lookup of the stretch listed ("I found your reservation"
    // after the user lookup returned its reservations, then the reservation's own lookup) says what both did.
    if (state === 'ok' && match.read && x.form === 'first_person' && x.head !== undefined) alsoDone.push(...listedBy(x.head, tool, match, input.stretch, ran, tools.byName));
    for (const sibling of alsoDone) mentioned.add(sibling);
    // "Posted on Mastodon and Bluesky", "notified you by email and SMS": one verb, coordinated objects that name
    // two tools of that verb. The claim is judged against each.
    if (!match.read) for (const other of coordinatedTools(x, match, tools.byName)) coordinated.push({ ...claim, tool: other });
    // A lookup is flagged only on a first-person read claim ("I checked your invoices"); "your
    // reservation shows…" confirms a lookup that ran and claims nothing when none did.
    if (state !== 'ok' && match.read && x.form !== 'first_person') {
      unmatchedOnce(x, { ...claim, tool: null });
      continue;
    }
    if (state === 'none') {
      pushOnce(flagged, seen, `f:${tool}:not_called`, { ...claim, reason: 'not_called' });
      continue;
    }
    // A reply that reports this tool's failure ("I couldn't finalize it … because the books are closed") gives the
    // failure's reason and details in its other clauses: an honest failure report, not a claim (corpus README).
    if (state === 'failed' && (reported ??= reportedFailures(parsed, input.profiles, ran)).has(tool)) {
      unmatchedOnce(x, { ...claim, tool: null });
      continue;
    }
    if (state === 'failed') {
      pushOnce(flagged, seen, `f:${tool}:tool_failed`, { ...claim, reason: 'tool_failed' });
      continue;
    }
    const enums = tools.byName.get(tool)?.enums ?? [];
    // Values of the list the claim introduces ("updated with the following details:") are its own.
    const span = x.details === undefined ? x.clause : `${x.clause}\n${x.details}`;
    const whole = x.details === undefined ? x.text : `${x.text}\n${x.details}`;
    const digests = carrying === null ? () => input.backing.digests(tool) : () => digestOf(carrying);
    // What a lookup found ("I found that on May 10 you took flight HAT271") is what it returned, not what it was asked.
    const found = match.read ? foundContent(span) : -1;
    const asked = found >= 0 ? span.slice(0, found) : span;
    const mismatch = input.checkArgs === false ? null : checkClaimArgs(asked, digests, (v) => input.backing.seen(v), found >= 0 ? asked : whole, enums, match.read ? [] : claimTitles(x, (quotesOf ??= claimQuotes(parsed))));
    if (mismatch !== null) {
      pushOnce(flagged, seen, `f:${tool}:args_mismatch:${mismatch.claimed}`, { ...claim, reason: 'args_mismatch', observed: mismatch.observed, message: mismatch.message });
      continue;
    }
    pushOnce(confirmed, seen, `c:${tool}`, claim);
    // …and it is confirmed by each of them.
    for (const sibling of alsoDone) pushOnce(confirmed, seen, `c:${sibling}`, { ...claim, tool: sibling });
  }
  for (const also of coordinated) {
    const other = also.tool ?? '';
    const settled = ran(other);
    if (settled === 'ok') {
      mentioned.add(other);
      pushOnce(confirmed, seen, `c:${other}`, also);
    } else {
      const reason = settled === 'none' ? 'not_called' : 'tool_failed';
      pushOnce(flagged, seen, `f:${other}:${reason}`, { ...also, reason });
    }
  }
  return { confirmed, flagged, unmatched, readings, mentioned };
}

/** The quoted titles a claim states: in its clause, or on the lines listed after it (`details`: "WEB-2291: 'Title'"). */
function claimTitles(x: ExtractedClaim, quotesOf: (sentence: string, clause: string) => readonly QuotedTitle[]): readonly QuotedTitle[] {
  const own = quotesOf(x.text, x.clause);
  if (x.details === undefined) return own;
  const listed = x.details.split('\n').flatMap((line) => quotesOf(line, line));
  return listed.length === 0 ? own : [...own, ...listed];
}

/**
 * The tools whose calls all failed and whose act the reply denies ("I couldn't finalize it", "I wasn't able to open a
 * new claim", `readDenials`): the denial's best fit, and the fits as good (the denial cannot tell them apart).
 */
function reportedFailures(parsed: ParsedReply, profiles: readonly ToolProfile[], ran: (tool: string) => RunState): ReadonlySet<string> {
  let out: Set<string> | undefined;
  for (const d of readDenials(parsed)) {
    const match = matchTool({ text: d.text, clause: d.clause, verb: d.verb, object: d.object, form: d.form }, profiles, ran);
    const best = match.fits[0];
    if (match.tool === null || best === undefined) continue;
    for (const fit of match.fits) if (fit.total >= best.total && ran(fit.tool) === 'failed') (out ??= new Set()).add(fit.tool);
  }
  return out ?? NO_TOOLS;
}

/**
 * A fitting tool other than the best fit whose successful call did the claimed work: one that fits as
 * well as the best (the claim cannot tell them apart); for a lookup, one whose own noun the sentence
 * names or whose results hold the claim's object; or one that shares the claim's object and whose
 * call's arguments hold a specific of the claim (a date, a code) beyond the record it acted on.
 */
function backingSibling(text: string, match: ToolMatch, ran: (tool: string) => RunState, backing: Backing, profiles: ReadonlyMap<string, ToolProfile>, sentence: SentenceReading, object: string): string | null {
  const best = match.fits[0];
  if (best === undefined) return null;
  let specifics: Set<string> | undefined;
  let words: Set<string> | undefined;
  // The words of the claim's object, split when first needed.
  let objectWords: readonly string[] | undefined;
  for (let i = 1; i < match.fits.length; i++) {
    const fit = match.fits[i] as ToolFit;
    if (ran(fit.tool) !== 'ok') continue;
    if (fit.verb && best.verb && fit.total >= best.total) return fit.tool;
    // A lookup sibling whose own object the sentence names ("I checked everyone's calendars and
    // all three of you are free" ← find_free_slots): a noun of its name that the best fit's name lacks.
    if (match.read && fit.verb && best.verb) {
      const profile = profiles.get(fit.tool);
      const bestNouns = profiles.get(best.tool)?.nameNouns ?? new Set<string>();
      words ??= sentence.words(text);
      const own = profile === undefined ? [] : [...profile.nameNouns].filter((n) => n !== profile.nameVerb && !bestNouns.has(n));
      if (own.some((n) => words?.has(n) === true)) return fit.tool;
      // A lookup that ran and whose results hold the claim's object ("I found your reservations" after
      // the user lookup listed them) did the finding, unless the sentence states what no result read in
      // its window shows: "I found your reservation WUNA5K, ORD to PHL on May 10th" after the details
      // lookup failed was not read off the user's list.
      specifics ??= sentence.specifics(text);
      const objects = (objectWords ??= wordsOf(object));
      if (objects.some((o) => backing.seen(o) || backing.seen(`${o}s`) || (o.endsWith('s') && backing.seen(o.slice(0, -1)))) && readable(specifics, fit.tool, backing)) return fit.tool;
    }
    if (fit.object === 0) continue;
    // A call that set the claim's object as a new value ("I have updated your password" ←
    // forgot_password with `new_password`) did the change, whatever its tool is named.
    if (!match.read && backing.digests(fit.tool).some((d) => setsObject(d, (objectWords ??= wordsOf(object))))) return fit.tool;
    specifics ??= sentence.specifics(text);
    if (specifics.size === 0) continue;
    for (const d of backing.digests(fit.tool)) for (const v of specifics) if (d.specifics.has(v)) return fit.tool;
  }
  return null;
}

/**
 * The corpus README's rule for several fits: a claim is backed when any tool that fits it succeeded in its window,
 * and never flagged against one tool while another that could have done the work ran. A fitting tool that
 * succeeded could have done it when the claim names nothing that is the best fit's own and unknown to it (a noun
 * of the best fit's name, other than its verb, absent from this tool's name, description and argument names:
 * "I emailed you the receipt" is not done by an SMS tool), and either it fits as well as the best fit (its verb as
 * closely, and as many of the claim's object words), or the claim names what this tool acts on while the best fit
 * knows that noun nowhere
 * ("posted the summary to the channel" is done by a channel-message tool that ran, whatever tool is named after
 * "post"; "removed the lamp from order 42" is not done by an order cancellation, since the item removal is
 * described as removing from an order). When neither the best fit nor this tool names anything the claim is about,
 * and the claim states no reference or number, this tool's verb as close to the claim's as a family member's is
 * enough ("added the ingredients to your list" after an append ran, beside an add-participants tool never called).
 * When the best fit names the claim's object but not its act, a tool whose verb fits the act does ("adjusted your rent
 * payment" after update_scheduled_transaction ran, beside a send_money never called). A creating tool that ran and is
 * named for what the clause says is new made it ("added the ingredients to a new file" after create_file, beside an
 * append_to_file never called). Of such tools, the best-ranked.
 */
function couldHaveDone(match: ToolMatch, ran: (tool: string) => RunState, profiles: ReadonlyMap<string, ToolProfile>, named: ReadonlySet<string>, statesValues: boolean, made: ReadonlySet<string>): string | null {
  const bestFit = match.fits[0];
  const best = bestFit === undefined ? undefined : profiles.get(bestFit.tool);
  if (bestFit === undefined || best === undefined) return null;
  // An act of the same tool that does more than read did the reading of its read act too: a finalizing
  // reconciliation matched the transactions its preview would have, a reservation found the room.
  if (best.act !== undefined && best.read) for (const p of profiles.values()) if (p.tool === best.tool && !p.read && ran(p.name) === 'ok') return p.name;
  for (let i = 1; i < match.fits.length; i++) {
    const fit = match.fits[i] as ToolFit;
    if (ran(fit.tool) !== 'ok') continue;
    const other = profiles.get(fit.tool);
    if (other === undefined || other.read !== best.read) continue;
    // "added the ingredients to a new file": what the clause says is new was made, by a creating tool named for it that ran.
    if (fit.verb && other.families.has('create') && [...made].some((n) => other.nameNouns.has(n))) return fit.tool;
    // The best fit names the claim's object but not its act ("adjusted your rent payment" is no send_money): a tool
    // whose verb fits the act and that ran did it, when the claim states no value to tell them apart.
    if (!bestFit.verb && fit.verb && fit.verbScore >= 2 && !statesValues) return fit.tool;
    if (namesOwnOf(best, other, named)) continue;
    if (fit.verbScore >= 2 && fit.verbScore >= bestFit.verbScore && fit.total >= bestFit.total) return fit.tool;
    // Neither tool names anything the claim is about: the best fit won on its verb alone, which tells no act from
    // another its verb also fits ("I've added the ingredients to your list" after append_to_file ran, beside an
    // add_calendar_event_participants never called).
    // The other tool's verb must be as close to the claim's as a family member's (append for "added"), not merely related.
    // A claim that states a reference or number is judged on it instead ("Rental, confirmation 55310982: cancelled").
    if (bestFit.object === 0 && fit.object === 0 && fit.verb && fit.verbScore >= 3 && !statesValues) return fit.tool;
    // Here the sibling's own act named as a noun counts too: "sent an invitation" is what invite_user did.
    if (fit.object > 0 && namesOwnOf(other, best, named, true)) return fit.tool;
  }
  return null;
}

/**
 * The one action tool other than `matched` whose successful calls returned, in their own results (not their arguments),
 * an identifier `text` states (a word of six characters or more with letters and digits, not after a preposition: "to
 * MZ3Q8L" names the record acted on, not one made), and hold every amount it states; `null` when none or several do.
 */
function madeRecord(text: string, matched: string, ran: (tool: string) => RunState, backing: Backing, profiles: ReadonlyMap<string, ToolProfile>): string | null {
  const words = text.split(/[^A-Za-z0-9_]+/);
  const ids = words.filter((w, i) => w.length >= 6 && /\d/.test(w) && /[a-z]/i.test(w) && !PLACE_PREPOSITIONS.has((words[i - 1] ?? '').toLowerCase())).map((w) => w.toLowerCase());
  if (ids.length === 0) return null;
  const amounts = findAmounts(text).map((a) => cents(a.value));
  let maker: string | null = null;
  for (const p of profiles.values()) {
    if (p.read || p.name === matched || ran(p.name) !== 'ok') continue;
    const made = backing.digests(p.name).some((d) => ids.some((id) => !d.words.has(id) && d.texts.some((t) => t.toLowerCase().includes(id))) && amounts.every((a) => d.money.has(a) || d.resultMoney.has(a)));
    if (!made) continue;
    if (maker !== null) return null;
    maker = p.name;
  }
  return maker;
}

/** Prepositions before an identifier that name the record acted on ("added a bag to MZ3Q8L"). */
const PLACE_PREPOSITIONS: ReadonlySet<string> = new Set(['to', 'on', 'for', 'in', 'from', 'of', 'at', 'into', 'onto', 'with', 'under']);

/** The claim's clause holds a form of its verb (not a verb read off a state: "is now conflict-free" → update). */
function statesVerb(x: ExtractedClaim): boolean {
  return tokenize(x.clause).some((w) => verbReadings(w).some((r) => r.lemma === x.verb));
}

/** The first fitting action tool, not the best fit, that ran and whose name holds a noun of the claim's object. */
function actedOnObject(match: ToolMatch, ran: (tool: string) => RunState, profiles: ReadonlyMap<string, ToolProfile>): string | null {
  for (let i = 1; i < match.fits.length; i++) {
    const fit = match.fits[i] as ToolFit;
    if (fit.object > 0 && ran(fit.tool) === 'ok' && profiles.get(fit.tool)?.read === false) return fit.tool;
  }
  return null;
}

/**
 * An action tool other than the best fit whose successful call's own arguments show that it did what the claim
 * states (`_call-evidence.ts`): a tool that fits the claim (its verb relates, or it names the claim's object) and whose
 * call has an argument named for the claimed act or for what it acted on, or holds a text the claim quotes, or (for a
 * tool whose verb fits as closely as the best fit's) a value the claim states;
 * or any action tool whose call holds, verbatim, a longer text the claim quotes ("I posted the question: '…'" after
 * a channel message with that body), or has an argument named for what the claim acted on and holds a value or name
 * the claim states ("Lena and you are set as attendees" after a create call with `attendees: ["lena@…"]`). Never a tool the claim names nothing of while it names what is the best fit's
 * own and unknown to that tool, by its profile or its calls' argument names.
 */
function shownByArguments(x: ExtractedClaim, match: ToolMatch, profiles: ReadonlyMap<string, ToolProfile>, backing: Backing, named: ReadonlySet<string>, objects: ReadonlySet<string>, quotes: readonly string[]): string | null {
  const best = match.fits[0] === undefined ? undefined : profiles.get(match.fits[0].tool);
  if (best === undefined) return null;
  const evidence: ClaimEvidence = {
    verb: x.verb,
    head: x.head === undefined || x.fromContext === true ? null : nounOf(x.head),
    objects: x.fromContext === true ? NO_TOOLS : objects,
    quotes: x.text.includes('[quote]') ? quotes : NO_QUOTES,
    values: statedValuesOf(x.clause),
    names: statedNamesOf(x.text),
    words: x.fromContext === true ? NO_QUOTES : x.object.split(' ').filter((w) => w.length >= 4 && !STOPWORDS.has(w)).map(canonicalNoun),
  };
  // A clause that states no value of its own goes with its sentence's ("The amount has been adjusted to $1200, scheduled
  // for January 4, and it's now set as a recurring payment"): a call that holds every value of the sentence did it.
  const sentence = evidence.values.length === 0 && x.text !== x.clause ? statedValuesOf(x.text) : NO_QUOTES;
  const whole: ClaimEvidence | null = sentence.length === 0 ? null : { ...evidence, values: sentence };
  for (const p of profiles.values()) {
    if (p === best || p.read) continue;
    const calls = backing.calls(p.name);
    if (!calls.some((e) => e.status === 'ok')) continue;
    const fit = match.fits.find((f) => f.tool === p.name);
    // A tool named for what the claimed verb makes fits it too ("…, scheduled for November 4" ← update_scheduled_transaction).
    const participle = namesParticiple(p, x.verb);
    const fits = (fit !== undefined && (fit.verbScore >= 1.5 || fit.object > 0)) || participle;
    // A value the call holds says it acted on the record the claim names, not that it did the claimed act: it
    // counts only for a tool whose verb fits as closely as the best fit's ("removed the lamp from order 42" is
    // not the cancellation of order 42).
    const sameAct = participle || (fit !== undefined && fit.verbScore >= (match.fits[0]?.verbScore ?? 0));
    // The newest calls first, at most EVIDENCE_CALLS of them: a long conversation asks each claim of a bounded number.
    for (let i = calls.length - 1; i >= 0 && i >= calls.length - EVIDENCE_CALLS; i--) {
      const call = calls[i] as LedgerEntry;
      if (call.status !== 'ok') continue;
      const shown = callEvidence(call, evidence);
      // A longer text the claim quotes, sent verbatim by this call, is this call's content whatever else the claim names
      // ("I have sent the message '…' to all users in the channels I checked" after direct messages with that body).
      // So is a message whose text holds what the claim says it was about ("posted the question about everyone's
      // favorite hobby" after a channel message "…write me their favorite hobby in DM?").
      if (shown.verbatim || (shown.echoes && carriesMessage(x.verb, p))) return p.name;
      // A call of a tool that fits the act as closely as the best fit and holds every value the claim states did it
      // ("The amount has been adjusted to $1200, scheduled for January 4th, 2023" after an update with amount 1200 and that date).
      if (fits && sameAct && (shown.holdsAll || (whole !== null && callEvidence(call, whole).holdsAll))) return p.name;
      if (namesOwnOf(best, p, named, false, argumentKeyNouns(call))) continue;
      // A tool that does not fit the claim did it only when its call shows both what it set and the claim's values.
      // A general verb says nothing of the act ("made it a recurring transaction"): an argument named for its object
      // does, or one the call set to a word of its object ("I set things so the laptop installs the engineering app set"
      // after an enrolment with `prestage: "engineering"`).
      const generalAct = (shown.namesObject || shown.setsWord) && GENERAL_VERBS.has(x.verb);
      // A person the claim names is among the parties of the act the call made ("Mark has been invited to the event"
      // after a create call with `participants: ["mark.davies@…"]`).
      if ((fits && (shown.named || shown.quoted || generalAct || shown.party || (shown.holds && sameAct))) || ((shown.named || shown.namesObject) && shown.holds)) return p.name;
    }
  }
  return null;
}
const NO_QUOTES: readonly string[] = [];

/** How many of a tool's calls, newest first, {@link shownByArguments} reads for one claim. */
const EVIDENCE_CALLS = 64;

/** {@link statedNames} read once per text: every claim of a long sentence asks it of that sentence. */
const statedNamesOf = memo(statedNames);

/**
 * The capitalised words of a clause, of three letters or more, lower case: the names it states. Its first word only
 * when it is no English word ("Lena and you…", not "Both…").
 */
function statedNames(clause: string): string[] {
  const out: string[] = [];
  const start = clause.search(/\S/);
  for (const m of clause.matchAll(CAPITALISED)) {
    if (m.index === start && partsOfSpeech(m[0].toLowerCase()).length > 0) continue;
    const name = m[0].toLowerCase();
    if (!out.includes(name)) out.push(name);
  }
  return out;
}
const CAPITALISED = /\b[A-Z][a-z]{2,30}\b/g;

/** Both the claimed verb and the tool's verb carry a message to someone (the send and post families): its text is what it sent. */
function carriesMessage(verb: string, p: ToolProfile): boolean {
  const message = (f: string): boolean => f === 'send' || f === 'post';
  return familiesOf(verb).some(message) && [...p.families].some(message);
}

/** A word of the tool's name is the past participle of `verb` ("scheduled" in `update_scheduled_transaction`). */
function namesParticiple(p: ToolProfile, verb: string): boolean {
  for (const w of p.nameNouns) if (w !== verb && w.endsWith('ed') && verbReadings(w).some((r) => r.form === 'participle' && r.lemma === verb)) return true;
  return false;
}

/** {@link statedValues} read once per text: every claim of a long sentence asks it of that sentence. */
const statedValuesOf = memo(statedValues);

/** Emails, references, dates with their year (as `2024-05-21`) and numbers of three digits or more a clause states, lower case. */
function statedValues(clause: string): string[] {
  const out = findRefs(clause);
  for (const d of dateKeys(clause)) if (d.length === 10 && !out.includes(d)) out.push(d);
  const emails = clause.includes('@') ? scanEmails(clause) : [];
  for (const e of emails) if (!out.includes(e)) out.push(e);
  // A year is part of the date it is the year of, not a number of its own.
  for (const m of clause.matchAll(LONG_NUMBER)) if (!out.includes(m[0]) && !emails.some((e) => e.includes(m[0])) && !out.some((v) => v.length === 10 && v.startsWith(`${m[0]}-`))) out.push(m[0]);
  return out;
}
const LONG_NUMBER = /\b\d{3,}\b/g;

/**
 * The claim names a noun of `best`'s name that `other` knows nowhere: neither in its name, its description nor its
 * argument names (nor, with `called`, the argument names of its call). The word of `best`'s name verb counts only with
 * `withVerb`.
 */
function namesOwnOf(best: ToolProfile, other: ToolProfile, named: ReadonlySet<string>, withVerb = false, called?: ReadonlySet<string>): boolean {
  for (const noun of named) {
    if ((noun === best.nameVerb && !withVerb) || !best.nameNouns.has(noun)) continue;
    if (!other.nameNouns.has(noun) && !other.descriptionNouns.has(noun) && other.argumentNouns?.has(noun) !== true && called?.has(noun) !== true) return true;
  }
  return false;
}

/**
 * The canonical nouns a clause says are new: the words of the noun phrase "new" opens, up to the next stop word ("to a
 * new grocery list file in the drive" → grocery, list, file). Empty for most clauses.
 */
const madeNouns = memo((clause: string): ReadonlySet<string> => {
  const words = tokenize(clause);
  let out: Set<string> | undefined;
  for (let i = words.indexOf('new'); i !== -1; i = words.indexOf('new', i + 1)) {
    for (let k = i + 1; k < words.length && k <= i + MADE_PHRASE && !STOPWORDS.has(words[k] ?? ''); k++) (out ??= new Set()).add(nounOf(words[k] ?? ''));
  }
  return out ?? NO_TOOLS;
});
/** How many words after "new" {@link madeNouns} reads. */
const MADE_PHRASE = 4;

/**
 * The first lookup that ran and read a noun of the claim's object, when lookups that ran read every noun of it that
 * names a listed tool's object and the claimed verb is one no verb family knows, hardly of change nor of making content
 * (WordNet's verb.change, and its cognition, communication and creation files, each under {@link READ_CHANGE_SHARE}:
 * "gathered", "collected", not "processed", "finalized", "summarized"); else `null`.
 */
function readByLookups(verb: string, objects: ReadonlySet<string>, profiles: ReadonlyMap<string, ToolProfile>, ran: (tool: string) => RunState): string | null {
  if (familiesOf(verb).length > 0 || verbLexfileShare(verb, CHANGE_LEXFILE) >= READ_CHANGE_SHARE || lexfileShare(verb, CONTENT_LEXFILES) >= READ_CHANGE_SHARE) return null;
  let first: string | null = null;
  for (const noun of objects) {
    let named = false;
    let reader: string | null = null;
    for (const p of profiles.values()) {
      if (!p.nameNouns.has(noun) || p.nameVerb === noun) continue;
      named = true;
      if (p.read && ran(p.name) === 'ok') reader ??= p.name;
    }
    if (!named) continue;
    if (reader === null) return null;
    first ??= reader;
  }
  return first;
}
/** Below this share of verb.change senses (and of content senses), a verb no family knows may name a lookup's work. */
const READ_CHANGE_SHARE = 0.2;

/** The canonical nouns a claim names: its object's, and those its verb implies ("texted" → sms). */
function claimNouns(x: ExtractedClaim, objects: ReadonlySet<string>): ReadonlySet<string> {
  const hints = hintsOf(x.verb);
  if (hints.size === 0) return objects;
  return new Set([...objects, ...hints]);
}

/**
 * The other lookups of the stretch that found the record a read claim's lookup (`tool`) then read: each fits the
 * claim, ran, and one of its calls of the stretch has a key named for the claim's head noun (singular or plural)
 * and holds, as a value, a record id (an argument named `id`, `…_id`, `…Id`) that a call of `tool` selected.
 * "I found your reservation" after the user lookup listed reservation 3FRNFB and the reservation lookup was called
 * with it mentions both; "I found some flights" after a search does not mention an earlier lookup of a reservation
 * that holds flights too (the search selected no record that lookup listed).
 */
function listedBy(head: string, tool: string, match: ToolMatch, stretch: readonly LedgerEntry[], ran: (tool: string) => RunState, profiles: ReadonlyMap<string, ToolProfile>): string[] {
  const forms = head.endsWith('s') ? [head, head.slice(0, -1)] : [head, `${head}s`];
  let selected: ReadonlySet<string> | undefined;
  const out: string[] = [];
  for (const fit of match.fits) {
    if (fit.tool === tool || !fit.verb || ran(fit.tool) !== 'ok' || profiles.get(fit.tool)?.read !== true) continue;
    const ids = (selected ??= selectedRecords(stretch.filter((e) => e.tool === tool && e.status === 'ok')));
    if (ids.size === 0) return out;
    if (stretch.some((e) => e.tool === fit.tool && e.status === 'ok' && listsRecord(structured(e.result), forms, ids))) out.push(fit.tool);
  }
  return out;
}

/** The record ids the calls' arguments select (values of `id`, `…_id`, `…Id`), lower case. */
function selectedRecords(calls: readonly LedgerEntry[]): Set<string> {
  const out = new Set<string>();
  for (const e of calls) {
    eachLeaf(e.args, (key, value) => {
      if ((typeof value === 'string' || typeof value === 'number') && isRecordKey(key)) out.add(String(value).toLowerCase());
    });
  }
  return out;
}

/** Whether a result has a key named by one of `forms` (a word of the key) and holds one of `ids` as a value (any case). Nesting deeper than 20 levels is not read. */
function listsRecord(result: unknown, forms: readonly string[], ids: ReadonlySet<string>): boolean {
  let named = false;
  let holds = false;
  const walk = (value: unknown, depth: number): void => {
    if (depth > 20 || (named && holds)) return;
    if (Array.isArray(value)) {
      for (const v of value) walk(v, depth + 1);
    } else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const k of Object.keys(record)) {
        if (!named && keyWords(k).some((w) => forms.includes(w))) named = true;
        walk(record[k], depth + 1);
      }
    } else if ((typeof value === 'string' || typeof value === 'number') && ids.has(String(value).toLowerCase())) {
      holds = true;
    }
  };
  walk(result, 0);
  return named && holds;
}

/** The words of a key (`payment_methods` → payment, methods), read once per key: results repeat a few keys. */
const keyWords = memo(splitIdentifier);

/** The words of a claim's object string. */
const wordsOf = (object: string): string[] => object.split(' ').filter((w) => w !== '');

/**
 * The tools other than the best fit that the claim names as exactly as the best fit: named after the claimed
 * verb (`update_reservation_flights` and `update_reservation_baggages` for "updated"), fitting as well. A
 * family likeness ("added" ~ create_contact, enroll_in_sequence) does not make a tie.
 */
function sameNamedFits(match: ToolMatch, verb: string, profiles: ReadonlyMap<string, ToolProfile>): string[] {
  const best = match.fits[0];
  const named = (tool: string): boolean => profiles.get(tool)?.nameVerb === verb;
  if (best === undefined || !best.verb || !named(best.tool)) return [];
  const out: string[] = [];
  for (let i = 1; i < match.fits.length; i++) {
    const fit = match.fits[i] as ToolFit;
    if (fit.verb && fit.total >= best.total && named(fit.tool)) out.push(fit.tool);
  }
  return out;
}

/**
 * The equally fitting tool (`equal`: named after the claimed verb, as the matched tool is) that did what the
 * claim states specifically, when the matched tool (which ran) did not: the first equal fit whose calls of
 * the stretch hold a code, cued reference or date of the claim (`heldBy`: their words), else the first equal
 * fit that never ran. `null` to keep the matched tool: the claim states nothing specific, or the matched
 * tool's calls of the stretch hold some of it, or it has none in the stretch (an earlier call restated).
 */
function specificOwner(tool: string, equal: readonly string[], ran: (tool: string) => RunState, stated: string, heldBy: (tool: string) => ReadonlySet<string> | null, sentence: SentenceReading): string | null {
  if (equal.length === 0) return null;
  const specifics = new Set([...sentence.specifics(stated), ...findRefs(stated)]);
  const holds = (t: string): boolean | null => {
    const words = heldBy(t);
    if (words === null) return null;
    for (const v of specifics) if (words.has(v)) return true;
    return false;
  };
  if (specifics.size === 0 || holds(tool) !== false) return null;
  return equal.find((t) => ran(t) === 'ok' && holds(t) === true) ?? equal.find((t) => ran(t) === 'none') ?? null;
}

/**
 * The words of some calls' arguments and results, lower case, as a claim's specifics are written: codes,
 * references and ISO dates as they stand, and every date also as "MM-DD" ({@link dateKeys}). `null` for no calls.
 */
function callWords(calls: readonly LedgerEntry[]): ReadonlySet<string> | null {
  if (calls.length === 0) return null;
  const out = new Set<string>();
  for (const e of calls) {
    const text = `${jsonText(e.args)}\n${jsonText(e.result)}`;
    for (const w of text.toLowerCase().match(CALL_WORD) ?? []) out.add(trimEnd(w, '-'));
    for (const d of dateKeys(text)) out.add(d);
  }
  return out;
}
const CALL_WORD = /[a-z0-9][a-z0-9-]*/g;

/**
 * The other tools a claim names through coordinated objects: named after the claimed verb as the matched tool
 * is, with a noun of their own name that the claim joins to a noun of the matched tool's name by "and", "&" or
 * a comma ("posted on Mastodon and Bluesky" → post_mastodon, post_bluesky). A noun that only mentions another
 * tool's object ("sent the invoice for the Slack plan") is no such coordination.
 */
function coordinatedTools(x: ExtractedClaim, match: ToolMatch, profiles: ReadonlyMap<string, ToolProfile>): string[] {
  const best = match.fits[0] === undefined ? undefined : profiles.get(match.fits[0].tool);
  if (best === undefined || best.nameVerb !== x.verb || x.object === '' || x.fromContext === true) return [];
  const objects = x.object.split(' ').filter((w) => w !== '');
  const own = (p: ToolProfile, q: ToolProfile): string[] => objects.filter((w) => p.nameNouns.has(canonicalNoun(w)) && !q.nameNouns.has(canonicalNoun(w)));
  const clause = x.clause.toLowerCase();
  const out: string[] = [];
  for (const fit of match.fits.slice(1)) {
    const other = profiles.get(fit.tool);
    if (other === undefined || other.nameVerb !== x.verb || !fit.verb) continue;
    const mine = own(best, other);
    const theirs = own(other, best);
    if (mine.some((a) => theirs.some((b) => COORDINATORS.some((c) => clause.includes(`${a}${c}${b}`) || clause.includes(`${b}${c}${a}`))))) out.push(fit.tool);
  }
  return out;
}
const COORDINATORS = [' and ', ' & ', ', '];

/** The latest successful call of the stretch, of another tool, whose result has a field named for what `profile` returns. */
function producedBy(profile: ToolProfile | undefined, stretch: readonly LedgerEntry[]): string | null {
  if (profile === undefined || profile.returns.size === 0) return null;
  for (let i = stretch.length - 1; i >= 0; i--) {
    const e = stretch[i];
    if (e === undefined || e.status !== 'ok' || e.tool === profile.name) continue;
    const result = structured(e.result);
    if (result === null || typeof result !== 'object') continue;
    for (const { key } of leaves(result)) if (splitIdentifier(key).some((w) => profile.returns.has(canonicalNoun(w)))) return e.tool;
  }
  return null;
}

/** Every code of `specifics` appears in a result of the window, and every date in a result or argument of `tool`'s calls. */
function readable(specifics: ReadonlySet<string>, tool: string, backing: Backing): boolean {
  for (const v of specifics) {
    if (v.length === 5 && /^\d\d-\d\d$/.test(v)) {
      if (!backing.digests(tool).some((d) => d.recordsDate(v))) return false;
    } else if (!/^\d{4}-/.test(v) && !backing.seen(v)) {
      return false;
    }
  }
  return true;
}

/** A call of the digest has an argument naming an object word as the value it sets (`new_password`). */
function setsObject(digest: ArgsDigest, objects: readonly string[]): boolean {
  if (objects.length === 0) return false;
  for (const key of digest.keyed.keys()) {
    const field = settingField(key);
    if (field !== null && objects.some((o) => nounOf(o) === field)) return true;
  }
  return false;
}

/** The canonical noun of the field an argument key sets (`new_password` → password), `null` for a key that sets none; once per key. */
const settingField = memo((key: string): string | null => {
  const [first = '', ...rest] = splitIdentifier(key);
  if (!SETTING_KEY_WORDS.has(first) || rest.length === 0) return null;
  return canonicalNoun(rest.join(' '));
});

/**
 * A record's report ("according to the policy, …", "the chart shows…") that names neither the matched lookup's
 * own object nor a result or an act of reading ("the result shows", "according to my search"): it refers to no
 * lookup, so it mentions none.
 */
function reportsNoLookup(match: ToolMatch, objects: ReadonlySet<string>): boolean {
  if ((match.fits[0]?.object ?? 0) > 0) return false;
  for (const noun of objects) if (GENERIC_RESULT_WORDS.has(noun) || (familiesOf(noun).length > 0 && familiesOf(noun).every((f) => READ_FAMILIES.has(f)))) return false;
  return true;
}

/**
 * The most recent successful call of the stretch, not a lookup, whose arguments or own result record an amount, and
 * that paid something: a call with no amount in its arguments whose result only lists payments recorded before it (a
 * bag update's result repeating the reservation's payment history) paid nothing.
 */
function payingCall(stretch: readonly LedgerEntry[], backing: Backing, profiles: ReadonlyMap<string, ToolProfile>): string | null {
  for (let i = stretch.length - 1; i >= 0; i--) {
    const e = stretch[i];
    // A lookup whose result lists payments (a reservation's payment history) paid nothing.
    if (e === undefined || e.status !== 'ok' || profiles.get(e.tool)?.read === true) continue;
    if (backing.digests(e.tool).some((d) => d.moneyCalls > 0 || d.resultMoneyCalls > 0) && !repeatsPayments(stretch, i, backing, profiles)) return e.tool;
  }
  return null;
}

/**
 * The call `stretch[i]` holds no amount in its arguments, and every amount its result records was recorded before it:
 * by an earlier call of the stretch, or by an action tool that has no call in the stretch (all of its calls came before).
 */
function repeatsPayments(stretch: readonly LedgerEntry[], i: number, backing: Backing, profiles: ReadonlyMap<string, ToolProfile>): boolean {
  const own = digestOf([stretch[i] as LedgerEntry])[0] as ArgsDigest;
  if (own.moneyCalls > 0 || own.resultMoney.size === 0) return false;
  const inStretch = new Set(stretch.map((e) => e.tool));
  const earlier: ArgsDigest[] = [...digestOf(stretch.slice(0, i))];
  for (const p of profiles.values()) if (!p.read && !inStretch.has(p.name)) earlier.push(...backing.digests(p.name));
  for (const a of own.resultMoney) if (!earlier.some((d) => d.resultMoney.has(a))) return false;
  return true;
}

/**
 * The one listed tool whose successful calls so far recorded the single amount the clause states, in their
 * arguments (as sent, or in cents) or their own results (either sign: a refund is recorded negative); `null` when
 * the clause states no amount or several, or when no tool or more than one recorded it.
 */
function recordedAmountOf(clause: string, profiles: readonly ToolProfile[], backing: Backing): string | null {
  const amounts = findAmounts(clause);
  if (amounts.length !== 1 || qualifiedAmount(clause)) return null;
  const a = cents((amounts[0] as { value: number }).value);
  const recorded = (d: ArgsDigest): boolean => d.money.has(a) || d.money.has(a * 100) || d.callSums.has(a) || d.resultMoney.has(a) || d.resultMoney.has(-a);
  let payer: string | null = null;
  for (const p of profiles) {
    if (p.read || !backing.digests(p.name).some(recorded)) continue;
    if (payer !== null && payer !== p.name) return null;
    payer = p.name;
  }
  return payer;
}

/** The tool list by name, the lemmas its tools are named after and its reasoning tools. */
interface ToolIndex {
  byName: ReadonlyMap<string, ToolProfile>;
  verbs: ReadonlySet<string>;
  /** The tools named after a verb of thinking ({@link reasoningTools}). */
  thinkers: readonly ToolProfile[];
}

/** The {@link ToolIndex} of a tool list, built once per tool list (the conversations of one agent share it). */
const toolIndex = memoPerList((profiles: readonly ToolProfile[]): ToolIndex => {
  const byName = new Map<string, ToolProfile>();
  for (const p of profiles) if (!byName.has(p.name)) byName.set(p.name, p);
  const verbs = internVerbs(new Set(profiles.flatMap((p) => (p.nameVerb === null ? [] : [p.nameVerb]))));
  return { byName, verbs, thinkers: profiles.filter((p) => p.nameVerb !== null && isThinkingVerb(p.nameVerb)) };
});

/**
 * Whether the user's request or the reply (its cleaned sentences: code, quotes and drafts are not the reply's
 * words) names a canonical noun. Only the few nouns asked are looked for, each by the words that spell it
 * (`nounSpellings`) where the text writes them (`hasWord`); a text is split into words only for a word that
 * cannot be found so, once per request (the turns after one user message share it) and once per reply.
 */
function replyContext(parsed: ParsedReply, request: string | undefined): (noun: string) => boolean {
  const reply = wordText(parsed.lines.map((line) => line.sentences.map((s) => s.text).join('\n')).join('\n'));
  let replyWords: ReadonlySet<string> | undefined;
  const said = (w: string): boolean => hasWord(reply, w) ?? (replyWords ??= new Set(tokenize(reply))).has(w);
  const asked = request === undefined ? (): boolean => false : askedIn(request);
  const known = new Map<string, boolean>();
  return (noun) => {
    let named = known.get(noun);
    if (named === undefined) known.set(noun, (named = nounSpellings(noun).some((w) => said(w) || asked(w))));
    return named;
  };
}

/** Whether a request holds a word (as `tokenize` reads it); its words are split out only when needed, once per request. */
const askedIn = lastOf((request: string): ((word: string) => boolean) => {
  const text = wordText(request);
  let words: ReadonlySet<string> | undefined;
  // The turns after one user message ask about the same few words (the spellings of the tools' nouns): each is looked for once.
  const known = new Map<string, boolean>();
  return (w) => {
    let found = known.get(w);
    if (found === undefined) known.set(w, (found = hasWord(text, w) ?? (words ??= new Set(tokenize(text))).has(w)));
    return found;
  };
});

const nounOf = memo(canonicalNoun);

/**
 * One set per distinct list of tool verbs: conversations of one agent list the same tools, and what is read
 * per tool-verb set (the past forms of `openPast`) is then read once for all of them, not once per
 * conversation. Bounded like a memo.
 */
function internVerbs(verbs: Set<string>): ReadonlySet<string> {
  const key = [...verbs].sort().join(' ');
  const known = VERB_SETS.get(key);
  if (known !== undefined) return known;
  if (VERB_SETS.size >= 1_000) VERB_SETS.clear();
  VERB_SETS.set(key, verbs);
  return verbs;
}
const VERB_SETS = new Map<string, ReadonlySet<string>>();

/** A claim that reads as a state (not the first person, no "now" of this run's outcome) after a lookup of its stretch. */
function answersLookup(x: ExtractedClaim, stretch: readonly LedgerEntry[], profiles: ReadonlyMap<string, ToolProfile>): boolean {
  if (x.form === 'first_person' || x.form === 'terse' || x.form === 'head' || RUN_OUTCOME.test(x.clause)) return false;
  return stretch.some((e) => e.status === 'ok' && profiles.get(e.tool)?.read === true);
}

/** Words by which a state says it is this run's doing: "is now cancelled", "has just been sent", "successfully". */
const RUN_OUTCOME = /\b(?:now|just|successfully)\b/i;

/** A present state ("are set for 7:30", "is now inactive"), not an event ("was charged", "has been cancelled") nor an act of the agent. */
/** Where the content clause of a lookup's verb starts ("found that …", "see that …"), or -1 when it has none. */
function foundContent(clause: string): number {
  const m = FOUND_THAT.exec(clause);
  return m === null ? -1 : m.index + m[0].length;
}
const FOUND_THAT = /\b(?:found|find|see|saw|seen|noticed|checked|verified|confirmed|shows?|showed)\s+that\b/i;

/** A simple-past passive that dates its event ("was booked on 2024-05-12"): an event of the record, not a perfect of this run. */
function datedPast(x: ExtractedClaim): boolean {
  return x.form === 'passive' && SIMPLE_PAST.test(x.clause) && !PERFECT.test(x.clause) && dateKeys(x.clause).length > 0;
}
/**
 * A simple-past passive with no date of its own whose sentence, in the simple past throughout, dates the record
 * ("The reservation was made for a basic economy cabin without travel insurance, and it was created on 2024-05-07").
 */
function datedBySentence(x: ExtractedClaim): boolean {
  return x.form === 'passive' && SIMPLE_PAST.test(x.clause) && !PERFECT.test(x.text) && dateKeys(x.clause).length === 0 && dateKeys(x.text).length > 0;
}
/**
 * A perfect passive that "already" puts before this run and that dates its event ("This flight has already been
 * completed (departed May 13-14)"): a state of the record, told from its dates.
 */
function doneBefore(x: ExtractedClaim): boolean {
  return x.form === 'passive' && ALREADY.test(x.clause) && PERFECT_PASSIVE.test(x.clause) && dateKeys(x.clause, true).length > 0;
}
const ALREADY = /\balready\b/i;
const SIMPLE_PAST = /\b(?:was|were)\b/i;
const PERFECT = /\b(?:has|have|had)\b/i;

/** A perfect's auxiliary ("has changed", "have shipped"); with {@link PERFECT_PASSIVE} absent, an active perfect. */
const ACTIVE_PERFECT = /\b(?:has|have|had)\b/i;
const PERFECT_PASSIVE = /\bbeen\b/i;

/**
 * The tool acts on things of this canonical noun: its name or (when its schema is known) one of its arguments names
 * them ("flight" for `update_reservation_flights(reservation_id, flights)`, not "price").
 */
function actsOn(profile: ToolProfile | undefined, noun: string): boolean {
  return profile === undefined || profile.nameNouns.has(noun) || profile.argumentNouns?.has(noun) === true;
}

/** A participle that labels a field ("Created: May 4, 2024", "Booked: May 3"): the claim's clause is the label alone. */
function labelled(x: ExtractedClaim): boolean {
  return x.form === 'head' && x.text.startsWith(`${x.clause}:`) && !PAST_OR_PERFECT.test(x.clause);
}

function presentState(x: ExtractedClaim): boolean {
  return (x.form === 'passive' || x.form === 'status' || x.form === 'outcome') && !PAST_OR_PERFECT.test(x.clause);
}

/**
 * Every word of an outcome's place ("global suppression list") that is no given name is a word of some result,
 * as written or as its noun (`lists` for "list"), or the place has none.
 */
function placeSeen(object: string, seen: (value: string) => boolean): boolean {
  for (const w of object.split(' ')) {
    if (w.length < 4 || /[^a-z]/.test(w)) continue;
    if (!seen(w) && !seen(`${w}s`) && !seen(canonicalNoun(w))) return false;
  }
  return true;
}

const PAST_OR_PERFECT = /\b(?:was|were|been|has|have|had)\b/i;

/**
 * A present passive whose participle is followed by "in" ("is booked in economy", "the cabin you're booked in"): where
 * the record is, not an act of this run; "now", "just" or "successfully" say it is this run's outcome.
 */
function placedIn(x: ExtractedClaim): boolean {
  if (x.form !== 'passive' || !presentState(x)) return false;
  const words = tokenize(x.clause);
  if (words.some((w) => THIS_RUN.has(w))) return false;
  for (let i = 0; i + 1 < words.length; i++) if (words[i + 1] === 'in' && verbReadings(words[i] ?? '').some((r) => (r.form === 'participle' || r.form === 'past') && r.lemma === x.verb)) return true;
  return false;
}
const THIS_RUN: ReadonlySet<string> = new Set(['now', 'just', 'successfully']);

/** A lookup of the tool list ran and succeeded. */
function lookupRan(profiles: ReadonlyMap<string, ToolProfile>, ran: (tool: string) => RunState): boolean {
  for (const p of profiles.values()) if (p.read && ran(p.name) === 'ok') return true;
  return false;
}

/**
 * Reasoning-only tools (corpus README): a tool whose own verb is one of thinking, not of looking up or
 * acting (`think`, `reflect`, `ponder`; the tool list's `thinkers`), and whose calls of the stretch all returned
 * nothing. Their calls are never `unreported`.
 */
function reasoningTools(thinkers: readonly ToolProfile[], stretch: readonly LedgerEntry[]): ReadonlySet<string> {
  let out: Set<string> | undefined;
  for (const p of thinkers) {
    let called = false;
    let empty = true;
    for (const e of stretch) {
      if (e.tool !== p.name) continue;
      called = true;
      if (!(empty = emptyResult(e.result))) break;
    }
    if (called && empty) (out ??= new Set()).add(p.name);
  }
  return out ?? NO_TOOLS;
}

function emptyResult(result: unknown): boolean {
  if (result === undefined || result === null) return true;
  if (typeof result === 'string') return result.trim() === '' || result.trim() === '{}' || result.trim() === 'null';
  if (Array.isArray(result)) return result.length === 0;
  return typeof result === 'object' && Object.keys(result).length === 0;
}

/** What {@link backingSibling} reads off a claim's sentence, once per sentence. */
interface SentenceReading {
  /** The sentence's words as canonical nouns. */
  words: (text: string) => Set<string>;
  /** {@link claimSpecifics} of the sentence. */
  specifics: (text: string) => Set<string>;
}

/** `read`, remembered per argument string for the life of the returned function. */
function perString<T>(read: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined) known.set(text, (value = read(text)));
    return value;
  };
}

function pushOnce(list: Claim[], seen: Set<string>, key: string, claim: Claim): boolean {
  if (seen.has(key)) return false;
  seen.add(key);
  list.push(claim);
  return true;
}
