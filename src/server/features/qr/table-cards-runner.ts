import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/http/errors';
import type { TableCardsJob } from './table-cards-pdf';
import { QR_MESSAGES } from '../../../shared/schemas/qr';

/** At most this many PDFs render at once per process (each takes a core). */
const MAX_RUNNING = 1;
/**
 * Restaurants whose batch may wait for the running one. Each restaurant holds at most one place
 * (running or waiting), so one owner's parallel batches never take another's place (issue 32).
 */
const MAX_WAITING = 16;
/** 500 A4 cards take a few seconds here; past this the render is stopped. */
const RENDER_TIMEOUT_MS = 60_000;
export const PDF_BUSY_MESSAGE = QR_MESSAGES.pdfBusy;
export const PDF_ALREADY_RUNNING_MESSAGE = QR_MESSAGES.pdfAlreadyRunning;

/**
 * The worker file sits beside this module: table-cards.worker.ts when the server runs from its
 * sources (tests, `npm run dev`: the worker gets the tsx loader), the bundled
 * dist/server/table-cards.worker.js when it runs compiled (`npm start`).
 */
function startWorker(job: TableCardsJob): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const file = new URL(fromSources ? './table-cards.worker.ts' : './table-cards.worker.js', import.meta.url);
  return new Worker(file, { workerData: job, execArgv: fromSources ? ['--import', 'tsx'] : [] });
}

function renderInWorker(job: TableCardsJob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(job);
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new AppError('UNAVAILABLE', PDF_BUSY_MESSAGE));
    }, RENDER_TIMEOUT_MS);
    worker.once('message', (pdf: Uint8Array) => {
      clearTimeout(timer);
      resolve(pdf);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`table cards worker exited with code ${code}`));
    });
  });
}

/**
 * A queue of renders shared fairly between restaurants: one place per restaurant (a second batch of
 * the same restaurant while its first runs or waits is refused at once), renders taken in the order
 * the restaurants arrived, `maxRunning` at a time, `maxWaiting` restaurants waiting at most.
 */
export function createFairRenderQueue<Job, Result>(render: (job: Job) => Promise<Result>, limits: { maxRunning: number; maxWaiting: number }) {
  const holding = new Set<string>();
  const waiting: Array<() => void> = [];
  let running = 0;
  return {
    /** Restaurants with a batch running or waiting. */
    holders: () => holding.size,
    async run(tenant: string, job: Job): Promise<Result> {
      if (holding.has(tenant)) throw new AppError('UNAVAILABLE', PDF_ALREADY_RUNNING_MESSAGE);
      if (running >= limits.maxRunning) {
        if (waiting.length >= limits.maxWaiting) throw new AppError('UNAVAILABLE', PDF_BUSY_MESSAGE);
        holding.add(tenant);
        // The finishing render hands its slot over directly, so no newcomer can slip in between.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        holding.add(tenant);
        running++;
      }
      try {
        return await render(job);
      } finally {
        holding.delete(tenant);
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}

const cardsQueue = createFairRenderQueue(renderInWorker, { maxRunning: MAX_RUNNING, maxWaiting: MAX_WAITING });

/** Renders `restaurantId`'s cards PDF in a worker thread, fairly between restaurants; busy → 503. */
export function renderCardsPdfOffThread(restaurantId: string, job: TableCardsJob): Promise<Uint8Array> {
  return cardsQueue.run(restaurantId, job);
}
