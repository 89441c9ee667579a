import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

const REDACTED = '[redacted]';

// Query parameters that carry a secret (better-auth tokens, callback URLs that embed them, our own
// link and unsubscribe tokens) and path segments that follow a token-bearing route.
const SECRET_QUERY = /([?&](?:token|code|key|signature|sig|t|link|otp|secret|callbackURL|newUserCallbackURL|errorCallbackURL|redirectTo)=)[^&\s"'#]*/gi;
const SECRET_SEGMENT = /(\/(?:u|reset-password|verify-email|magic-link\/verify|unsubscribe|confirm|link-email\/confirm)\/)[^/?\s"'#]+/gi;
// Any other long random-looking path segment or query value (base64url, 32+ chars) that is not a UUID.
const LONG_RANDOM = /(?<=[/=])(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b)[A-Za-z0-9_-]{32,}/g;

/** Removes tokens from a URL, path or any text that may hold one (error messages, stacks). */
export function redactSecrets(text: string): string {
  // Each pattern needs a '/' or an '=' before the secret: a method, a message or an id has neither.
  if (!text.includes('/') && !text.includes('=')) return text;
  return text.replace(SECRET_QUERY, `$1${REDACTED}`).replace(SECRET_SEGMENT, `$1${REDACTED}`).replace(LONG_RANDOM, REDACTED);
}

/** Keys whose value is never logged, at any depth; under a `headers` key, the credentials too. */
const SECRET_KEYS = new Set(['password', 'newPassword', 'currentPassword']);
const SECRET_HEADERS = new Set(['cookie', 'authorization', 'set-cookie']);

/**
 * A log value with its secrets taken out, however deep: strings through redactSecrets, secret keys
 * replaced, an Error as pino's serializer writes it (type, message, stack, cause, its own fields), so
 * that its message and stack are kept and redacted. An object is copied only when something in it changes.
 */
function redactValue(value: unknown, depth = 0, parentKey = ''): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return redactValue(pino.stdSerializers.err(value), depth + 1, parentKey);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (value instanceof Date) return value;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const item = record[key];
    const secret = SECRET_KEYS.has(key) || (parentKey === 'headers' && SECRET_HEADERS.has(key.toLowerCase()));
    const redacted = secret ? REDACTED : redactValue(item, depth + 1, key);
    if (redacted !== item) (copy ??= { ...record })[key] = redacted;
  }
  return copy ?? record;
}

/**
 * The one logger factory. Every line (request log, error log, job log) goes through the same
 * redaction: passwords and credentials by key, and tokens wherever they appear in a string (an error's
 * message and stack too), so that nobody who reads the logs can use a reset, magic-link, verification or
 * unsubscribe link. pino runs the `log` formatter before its serializers: errors are serialized there,
 * where their message and stack can be redacted. (A child logger's bindings are not formatted by pino:
 * the app's children bind only the request id.)
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      // Errors are serialized by the `log` formatter (above); pino's own err serializer would serialize
      // that plain object again and name its type 'Object'.
      serializers: { err: (value: unknown) => value },
      formatters: {
        log: (record) => redactValue(record) as Record<string, unknown>,
      },
      hooks: {
        logMethod(args, method) {
          // logger.error(error[, message]): pino would take the error's message as the line's, unredacted.
          const [first, ...rest] = args as unknown[];
          const lead = first instanceof Error ? [{ err: first }, rest.length ? rest.shift() : first.message] : [first];
          method.apply(this, [...lead, ...rest].map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg)) as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}
