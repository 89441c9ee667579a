import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors';
import type { TableCardsJob } from './table-cards-pdf';

/** At most this many PDFs render at once per process (each takes a core); a few more may wait. */
const MAX_RUNNING = 1;
const MAX_WAITING = 4;
/** 500 A4 cards take a few seconds here; past this the render is stopped. */
const RENDER_TIMEOUT_MS = 60_000;
export const PDF_BUSY_MESSAGE = 'Génération en cours, réessayez dans un instant.';

let running = 0;
const waiting: Array<() => void> = [];

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

/** Renders the cards PDF in a worker thread, one at a time per process; too many waiting → 503. */
export async function renderCardsPdfOffThread(job: TableCardsJob): Promise<Uint8Array> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw new AppError('UNAVAILABLE', PDF_BUSY_MESSAGE);
    // The finishing render hands its slot over directly, so no newcomer can slip in between.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await renderInWorker(job);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
