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
  return text.replace(SECRET_QUERY, `$1${REDACTED}`).replace(SECRET_SEGMENT, `$1${REDACTED}`).replace(LONG_RANDOM, REDACTED);
}

/** Applies redactSecrets to every string in a log record, however deep. */
function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactValue(item, depth + 1)]));
}

/**
 * The one logger factory. Every line (request log, error log, job log) goes through the same
 * redaction: passwords and cookies by key, and tokens wherever they appear in a string, so that
 * nobody who reads the logs can use a reset, magic-link, verification or unsubscribe link.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: ['password', '*.password', 'headers.cookie', 'headers.authorization'], censor: REDACTED },
      serializers: {
        err: (error: unknown) => redactValue(pino.stdSerializers.err(error as Error)),
      },
      formatters: { log: (record) => redactValue(record) as Record<string, unknown> },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg)) as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}
