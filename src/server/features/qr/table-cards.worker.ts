// Worker-thread entry: draws the printable table cards off the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { renderCardsPdfFromUrls, type TableCardsJob } from './table-cards-pdf';

const pdf = await renderCardsPdfFromUrls(workerData as TableCardsJob);
parentPort?.postMessage(pdf, [pdf.buffer as ArrayBuffer]);
