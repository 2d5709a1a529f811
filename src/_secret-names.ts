/**
 * Internal: the words the redaction rule (`_redact.ts`, docs/formats.md "Nothing raw at rest without
 * capture") reads as naming a secret, as data. A name is compared part by part: `x-api-key`,
 * `X_API_KEY` and `xApiKey` are the parts `x`, `api`, `key`; it names a secret when its last part, or
 * its last two joined by `_`, is listed here (`client_secret`, `db_password`, `accessToken`,
 * `Set-Cookie`).
 */

/** Names whose value is a secret (after the parts are lowercased). */
export const SECRET_NAMES: readonly string[] = [
  'password', 'passwd', 'pwd', 'passcode', 'passphrase', 'secret', 'token', 'api_key', 'apikey', 'access_key', 'secret_key',
  'private_key', 'authorization', 'bearer', 'cookie', 'credential', 'credentials', 'pin', 'otp', 'cvv', 'cvc', 'ssn',
];

/**
 * Words that may stand between a secret's name and its value without being the value: `password is
 * hunter2`, `token = abc`, `PIN was set to 4821`.
 */
export const LINKING_WORDS: readonly string[] = ['is', 'was', 'are', 'were', 'be', 'been', 'set', 'to', 'now', 'equals', '=', ':', ':=', '->', '=>', '-'];

/** HTTP authentication schemes (RFC 9110 section 11): after one, the credentials follow (`Authorization: Basic dXNl…`). */
export const AUTH_SCHEMES: readonly string[] = ['bearer', 'basic', 'digest', 'negotiate', 'ntlm', 'token'];
