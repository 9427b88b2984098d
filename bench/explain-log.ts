/**
 * Sums the auto_explain entries (JSON format, as `BENCH_EXPLAIN=1 npm run bench:bets` has the server write them) of
 * one database in a PostgreSQL server log by statement: total milliseconds, how many, and microseconds each, the
 * costliest first. A nested statement (one of a function's) is counted on its own and within the statement that
 * called it. The log's line prefix must name the database (`%d`, as Debian's default `%m [%p] %q%u@%d ` does).
 *
 *   node bench/explain-log.ts <server log> <database> [how many lines, default 30]
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

const [file, database, top = '30'] = process.argv.slice(2);
if (!file || !database) throw new Error('usage: node bench/explain-log.ts <server log> <database> [lines]');
const sums = new Map<string, { n: number; ms: number }>();
// An entry is a line with the log line prefix (a date) and "duration: … ms  plan:", then the plan as JSON, whose
// "Query Text" line names the statement. Read line by line: such a log is larger than a string can be.
let pending: number | undefined;
for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
  if (/^\d{4}-\d\d-\d\d /.test(line)) {
    const m = /duration: ([\d.]+) ms {2}plan:$/.exec(line);
    pending = m && line.slice(0, m.index).includes(`@${database} `) ? Number(m[1]) : undefined;
    continue;
  }
  if (pending === undefined) continue;
  const text = /"Query Text": "((?:[^"\\]|\\.)*)"/.exec(line)?.[1];
  if (text === undefined) continue;
  const key = text
    .replace(/\\n|\s+/g, ' ')
    .trim()
    .slice(0, 100);
  const sum = sums.get(key) ?? { n: 0, ms: 0 };
  sum.n += 1;
  sum.ms += pending;
  sums.set(key, sum);
  pending = undefined;
}
const rows = [...sums].sort((a, b) => b[1].ms - a[1].ms).slice(0, Number(top));
for (const [text, { n, ms }] of rows) {
  console.log(
    `${ms.toFixed(1).padStart(10)} ms ${String(n).padStart(7)}× ${((ms / n) * 1000).toFixed(0).padStart(7)} µs  ${text}`,
  );
}
