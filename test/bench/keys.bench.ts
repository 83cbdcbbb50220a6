import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pdfTextPages } from '../../api/cli/node-pdf-text';
import { officialRowsOfPdf } from '../../src/domain/gate';

/**
 * `npm run bench:keys`: the time to read each official key PDF of test/fixtures/gate/official-keys/ as the CLI reads
 * it (pdf.js in its worker thread, then the rows), the median of RUNS readings, and the rows read.
 */
const DIR = path.resolve(import.meta.dirname, '../fixtures/gate/official-keys');
const RUNS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const folder of readdirSync(DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
  const data = readFileSync(path.join(DIR, folder.name, 'key.pdf'));
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    rows = officialRowsOfPdf(await pdfTextPages(data)).length;
    times.push(performance.now() - started);
  }
  console.log(`${folder.name.padEnd(22)} ${String(rows).padStart(3)} rows  median ${median(times).toFixed(0)} ms`);
}
