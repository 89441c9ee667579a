import type { Logger } from './logger';

/**
 * What the process does with an error nobody caught, so that it reaches the log (redacted, with its stack)
 * rather than only Node's raw print on stderr:
 * - a promise rejected with no handler is logged and the server keeps serving: it was detached from any
 *   request (a request's own errors are answered by the app's onError), and a Saturday night's diners
 *   should not lose the instance for a side task's bug;
 * - an exception nobody caught leaves the process in an unknown state: it is logged as fatal and the
 *   process exits 1, for the process manager (or the balancer's other instances) to take over.
 * Returns the function that removes both handlers.
 */
export function guardProcess(logger: Logger, exit: (code: number) => void = (code) => process.exit(code)): () => void {
  const onRejection = (reason: unknown) => logger.error({ err: reason }, 'unhandled promise rejection');
  const onException = (error: Error) => {
    logger.fatal({ err: error }, 'uncaught exception: the process stops');
    exit(1);
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
