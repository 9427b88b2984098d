/**
 * A process that only settles (docs/trust.md 9, 10): connects to DATABASE_URL, runs settleDrawnPeriods once, prints its
 * report as one JSON line and exits. The fault tests run it next to a real server to settle from two processes.
 */
import { createDb } from '../db/database.ts';
import { settleDrawnPeriods } from '../modules/bets/settlement.service.ts';

const db = createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
try {
  const report = await settleDrawnPeriods(db, new Date());
  console.log(JSON.stringify(report));
} finally {
  await db.destroy();
}
