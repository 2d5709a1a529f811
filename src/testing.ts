/**
 * `claimcheck/testing`: helpers for proving claimcheck is wired in end to end.
 */
export { violationPayloads, type ViolationPayload } from './validate/violation-payloads.js';
