/**
 * Every error the API can answer, keyed by a stable machine key, with its HTTP status. The texts live in
 * ../locales/<lang>/errors.json under the same key, so the API and the web show the same words.
 */
export const ERRORS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  REQUIRED_FIELDS: 400,
  ACCOUNT_FORMAT: 400,
  PASSWORD_FORMAT: 400,
  LOGIN_PASSWORD_FORMAT: 400,
  NICKNAME_FORMAT: 400,
  PASSWORDS_DO_NOT_MATCH: 400,
  ADULT_REQUIRED: 400,
  INCORRECT_CREDENTIALS: 400,
  ACCOUNT_TAKEN: 409,
  LOGIN_REQUIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_LOGIN_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  REDIRECT_NOT_ALLOWED: 500,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorKey = keyof typeof ERRORS;
export const ERROR_KEYS = Object.keys(ERRORS) as ErrorKey[];

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
