import { describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import type { TestApp } from '../../test/helper.ts';
import { registerPlayer } from '../../test/helper.ts';
import { onPostgres, raceAppAtForFile } from '../../test/bets-helper.ts';
import { kycParts, upload } from '../../test/kyc-helper.ts';

// Approvals of one identity document for several accounts at once, on real PostgreSQL over real HTTP (PGlite runs
// one transaction at a time, so nothing could overlap there). Each approval reads "no other account verified" in its
// own transaction; the unique index on verified documents (migration 0035) lets one commit and refuses the others.
const T = new Date(Math.floor((Date.now() + 86_400_000) / 60_000) * 60_000 + 20_000);

let t: TestApp;
let op: string;
let base: string;
raceAppAtForFile(T, (s) => ({ t, op, base } = s));

async function approve(id: number) {
  const res = await fetch(`${base}${API.adminKycApprove}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: op, lang: 'en' },
    body: JSON.stringify({ id }),
  });
  const json = (await res.json()) as { error?: string };
  return { status: res.status, error: json.error };
}

describe('one document, parallel approvals (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    'eight accounts with one document approved at once: one is verified, seven refused KYC_DOCUMENT_IN_USE',
    async () => {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) {
        const p = await registerPlayer(t.app);
        // The same document, spelled differently by each account.
        const spelled = i % 2 === 0 ? 'RC-4400-9911' : 'rc 44009911';
        const res = await upload(t.app, API.kycSubmit, p.token, await kycParts('Somchai Jaidee', spelled));
        expect(res.status).toBe(200);
        ids.push(Number(res.body.data?.id));
      }
      const answers = await Promise.all(ids.map((id) => approve(id)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused.map((a) => [a.status, a.error])).toEqual(refused.map(() => [409, 'KYC_DOCUMENT_IN_USE']));
      const verified = await t.app.db
        .selectFrom('kyc_submissions')
        .select('id')
        .where('id', 'in', ids)
        .where('status', '=', 'verified')
        .execute();
      expect(verified).toHaveLength(1);
      // Only the winner's approval is audited and messaged.
      const audits = await t.app.db
        .selectFrom('audit_log')
        .select('target')
        .where('action', '=', 'kyc.approve')
        .where(
          'target',
          'in',
          ids.map((id) => `kyc:${id}`),
        )
        .execute();
      expect(audits).toEqual([{ target: `kyc:${verified[0]?.id}` }]);
    },
    60_000,
  );
});
