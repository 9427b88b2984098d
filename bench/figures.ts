/**
 * The figures a benchmark hands to `npm run bench:all` (bench/all.ts): each a named number and which way is better.
 * A benchmark run on its own prints its figures as before; under bench:all (BENCH_FIGURES names a file) each figure
 * is also appended to that file as one JSON line, which bench:all compares with bench/baseline.json.
 */
import { appendFileSync, readFileSync } from 'node:fs';

export type Figure = {
  /** Stable name, e.g. `reads.pglite.play_items`: the key in bench/baseline.json. */
  name: string;
  value: number;
  /** A ratio against the reference measured in the same run (compared across commits) or seconds (reported). */
  unit: 'ratio' | 's' | 'ms' | 'share';
  better: 'higher' | 'lower';
};

export function recordFigure(figure: Figure): void {
  const file = process.env.BENCH_FIGURES;
  if (!file || !Number.isFinite(figure.value)) return;
  appendFileSync(file, `${JSON.stringify(figure)}\n`);
}

/** A figure's line in bench/baseline.json: its value there, how far a run may fall from it, and its goal if any. */
export type BaselineEntry = {
  baseline: number;
  tolerance: number;
  goal?: number;
  better: Figure['better'];
  unit: Figure['unit'];
};

/** bench/baseline.json: each mode's figures by name. */
export type Baseline = Record<'full' | 'fast', Record<string, BaselineEntry>>;

export const baselineFile = new URL('baseline.json', import.meta.url);

export function readBaseline(): Baseline {
  return JSON.parse(readFileSync(baselineFile, 'utf8')) as Baseline;
}
