/**
 * `npm run ledger:check -w apps/api`: prints the ledger report (docs/trust.md 1–3) of the database the server uses
 * (DATABASE_URL, else PGlite under DATA_DIR — stop the site first on PGlite) and exits 1 when it is not ok.
 */
import type { LedgerReport } from '@fairdraw/contract';
import type { Db } from '../src/db/database.ts';
import { ledgerCheck } from '../src/modules/ledger/ledger.service.ts';
import { openDbFromEnv } from './db-from-env.ts';

/** Runs the check and writes the report; returns the process exit code (0 ok, 1 differences). */
export async function runLedgerCheck(
  db: Db,
  out: (line: string) => void,
): Promise<{ code: 0 | 1; report: LedgerReport }> {
  const report = await ledgerCheck(db);
  out(JSON.stringify(report, null, 2));
  if (report.ok) {
    out(`ledger ok: ${report.transactions} transactions, ${report.postings} postings`);
    return { code: 0, report };
  }
  if (report.total !== 0) out(`DIFFERENCE: the postings sum to ${report.total}, not 0`);
  for (const u of report.unbalanced) out(`DIFFERENCE: transaction ${u.transaction_id} sums to ${u.sum}`);
  for (const m of report.mismatches) {
    out(`DIFFERENCE: account ${m.account}: cached ${m.cached}, recomputed from postings ${m.recomputed}`);
  }
  return { code: 1, report };
}

if (import.meta.main) {
  const db = await openDbFromEnv();
  try {
    const { code } = await runLedgerCheck(db, (line) => {
      console.log(line);
    });
    process.exitCode = code;
  } finally {
    await db.destroy();
  }
}
