import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { API } from '@fairdraw/contract';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, guestToken, operatorToken } from '../../test/money-helper.ts';
import { userIdOf } from '../../test/bets-helper.ts';
import { kycParts, photo, upload } from '../../test/kyc-helper.ts';
import type { Part } from '../../test/kyc-helper.ts';
import { readyPlayer, submitWithdraw, FUND_PASSWORD } from '../../test/withdraw-helper.ts';
import { MAX_IMAGE_BYTES, uploadDir } from '../../lib/uploads.ts';

// Profile (nickname, avatar) and identity verification (KYC): uploads told by their bytes and re-encoded without
// EXIF, documents read only by their owner and operators (everyone else 404, never cached), decisions audited, and
// withdrawals refused until verified when the operator requires it.

const image = (app: FastifyInstance, token: string | null, id: number, side = 'front') =>
  app.inject({
    method: 'GET',
    url: `${API.kycImage}?id=${id}&side=${side}`,
    headers: token ? { token, lang: 'en' } : {},
  });

let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await buildTestApp();
  op = await operatorToken(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('profile', () => {
  it('changes the nickname, and refuses a bad one with its key', async () => {
    const p = await registerPlayer(t.app);
    const ok = await call(t.app, 'POST', API.userProfile, { ...auth(p.token), body: { nickname: '  Lucky Star ' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ nickname: 'Lucky Star' });
    const me = await call(t.app, 'GET', API.profile, auth(p.token));
    expect(me.body.data).toMatchObject({ nickname: 'Lucky Star' });
    const bad = await call(t.app, 'POST', API.userProfile, { ...auth(p.token), body: { nickname: 'x'.repeat(21) } });
    expect([bad.status, bad.body.error]).toEqual([400, 'NICKNAME_FORMAT']);
    const guest = await call(t.app, 'POST', API.userProfile, {
      ...auth(await guestToken(t.app)),
      body: { nickname: 'abc' },
    });
    expect([guest.status, guest.body.error]).toEqual([403, 'DEMO_NOT_ALLOWED']);
  });

  it('re-encodes an avatar to a 256×256 WebP without EXIF, served by the API', async () => {
    const p = await registerPlayer(t.app);
    const res = await upload(t.app, API.userAvatar, p.token, [
      { name: 'avatar', value: await photo('#c33', 1200, 800), filename: 'me.png', type: 'image/png' },
    ]);
    expect(res.status).toBe(200);
    const url = String(res.body.data?.avatar);
    expect(url).toMatch(/^\/api\/user\/avatar\?f=[a-f0-9]{32}\.webp$/);
    const me = await call(t.app, 'GET', API.profile, auth(p.token));
    expect(me.body.data).toMatchObject({ avatar: url });
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);
    expect(served.rawPayload.includes(Buffer.from('exif-marker'))).toBe(false);
    const missing = await t.app.inject({ method: 'GET', url: `${API.userAvatar}?f=${'0'.repeat(32)}.webp` });
    expect(missing.statusCode).toBe(404);
    const traversal = await t.app.inject({ method: 'GET', url: `${API.userAvatar}?f=../../etc/passwd` });
    expect(traversal.statusCode).toBe(404);
  });

  it('keeps one file per player: a new avatar deletes the one it replaces', async () => {
    const dir = uploadDir(t.config.dataDir, 'avatars');
    const files = () => readdirSync(dir).length;
    const p = await registerPlayer(t.app);
    const before = files();
    const urls: string[] = [];
    for (const color of ['#c33', '#33c']) {
      const res = await upload(t.app, API.userAvatar, p.token, [
        { name: 'avatar', value: await photo(color), filename: 'me.jpg', type: 'image/jpeg' },
      ]);
      expect(res.status).toBe(200);
      urls.push(String(res.body.data?.avatar));
    }
    expect(files()).toBe(before + 1);
    expect((await t.app.inject({ method: 'GET', url: urls[0]! })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: urls[1]! })).statusCode).toBe(200);
  });

  it('refuses a non-image named .jpg, an oversized image and a JSON body, with keys', async () => {
    const p = await registerPlayer(t.app);
    const text = await upload(t.app, API.userAvatar, p.token, [
      {
        name: 'avatar',
        value: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        filename: 'me.jpg',
        type: 'image/jpeg',
      },
    ]);
    expect([text.status, text.body.error, text.body.field]).toEqual([415, 'IMAGE_INVALID', 'avatar']);
    const big = Buffer.concat([await photo(), Buffer.alloc(MAX_IMAGE_BYTES)]);
    const large = await upload(t.app, API.userAvatar, p.token, [
      { name: 'avatar', value: big, filename: 'big.jpg', type: 'image/jpeg' },
    ]);
    expect([large.status, large.body.error]).toEqual([413, 'IMAGE_TOO_LARGE']);
    const json = await call(t.app, 'POST', API.userAvatar, { ...auth(p.token), body: { avatar: 'x' } });
    expect([json.status, json.body.error]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const none = await upload(t.app, API.userAvatar, p.token, [{ name: 'other', value: 'x' }]);
    expect([none.status, none.body.error]).toEqual([400, 'REQUIRED_FIELDS']);
    for (const [ct, payload] of [
      ['multipart/form-data; boundary=x', '--x--'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="avatar"; filename="a.jpg"\r\n\r\nabc',
      ],
      ['multipart/form-data', 'no boundary'],
    ] as const) {
      for (const url of [API.userAvatar, API.kycSubmit]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': ct, token: p.token },
          payload,
        });
        expect(res.statusCode, `${url} ${payload}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${payload}`).toBeLessThan(500);
        expect(res.json<{ error: string }>().error).toBeTruthy();
      }
    }
    const anon = await upload(t.app, API.userAvatar, null, [
      { name: 'avatar', value: await photo(), filename: 'a.jpg' },
    ]);
    expect(anon.status).toBe(401);
  });
});

describe('identity verification', () => {
  it('keeps the photos of an accepted submission only: two sent at once store two files, not four', async () => {
    const dir = uploadDir(t.config.dataDir, 'kyc');
    const files = () => readdirSync(dir).length;
    const p = await registerPlayer(t.app);
    const before = files();
    const both = await Promise.all([
      upload(t.app, API.kycSubmit, p.token, await kycParts()),
      upload(t.app, API.kycSubmit, p.token, await kycParts()),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(files()).toBe(before + 2);
  });

  it('goes none → pending → rejected with a reason → resubmitted → verified, each decision audited', async () => {
    const p = await registerPlayer(t.app);
    const start = await call(t.app, 'GET', API.kycIndex, auth(p.token));
    expect(start.body.data).toMatchObject({ status: 'none', id: null, required_for_withdrawal: false });

    const first = await upload(t.app, API.kycSubmit, p.token, await kycParts());
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      status: 'pending',
      real_name: 'Somchai Jaidee',
      document_number: '••••3456',
    });
    const id1 = Number(first.body.data?.id);

    const again = await upload(t.app, API.kycSubmit, p.token, await kycParts());
    expect([again.status, again.body.error]).toEqual([409, 'KYC_ALREADY_SUBMITTED']);

    const queue = await call(t.app, 'GET', `${API.adminKycList}?status=pending`, auth(op));
    const mine = (
      queue.body.data as { list: { id: number; document_number: string; user: { account: string } }[] }
    ).list.find((k) => k.id === id1);
    expect(mine).toMatchObject({ document_number: '1103700123456', user: { account: p.account } });

    const noReason = await call(t.app, 'POST', API.adminKycReject, { ...auth(op), body: { id: id1 } });
    expect([noReason.status, noReason.body.error]).toEqual([400, 'REASON_REQUIRED']);
    const rejected = await call(t.app, 'POST', API.adminKycReject, {
      ...auth(op),
      body: { id: id1, reason: 'The back photo is blurred' },
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'The back photo is blurred' });
    const twice = await call(t.app, 'POST', API.adminKycApprove, { ...auth(op), body: { id: id1 } });
    expect([twice.status, twice.body.error]).toEqual([409, 'ALREADY_DECIDED']);
    const seen = await call(t.app, 'GET', API.kycIndex, auth(p.token));
    expect(seen.body.data).toMatchObject({ status: 'rejected', reason: 'The back photo is blurred' });

    const second = await upload(t.app, API.kycSubmit, p.token, await kycParts());
    expect(second.body.data).toMatchObject({ status: 'pending' });
    const id2 = Number(second.body.data?.id);
    expect(id2).not.toBe(id1);
    const approved = await call(t.app, 'POST', API.adminKycApprove, { ...auth(op), body: { id: id2 } });
    expect(approved.body.data).toMatchObject({ status: 'verified', reason: null });
    expect((await call(t.app, 'GET', API.kycIndex, auth(p.token))).body.data).toMatchObject({ status: 'verified' });

    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('target', 'in', [`kyc:${id1}`, `kyc:${id2}`])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['kyc.submit', 'kyc.reject', 'kyc.submit', 'kyc.approve']);
    // "KYC decided": one system message per decision, the rejection with its reason.
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', p.account)
      .executeTakeFirstOrThrow();
    const messages = await t.app.db
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(messages).toEqual([
      { kind: 'kyc_rejected', params: { reason: 'The back photo is blurred' } },
      { kind: 'kyc_approved', params: {} },
    ]);

    const unknown = await call(t.app, 'POST', API.adminKycApprove, { ...auth(op), body: { id: 2_000_000 } });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'KYC_NOT_FOUND']);
    const byPlayer = await call(t.app, 'POST', API.adminKycApprove, { ...auth(p.token), body: { id: id2 } });
    expect(byPlayer.status).toBe(403);
  });

  it('refuses bad fields and bad photos with keys, storing nothing', async () => {
    const p = await registerPlayer(t.app);
    const parts = await kycParts();
    const cases: [Part[], number, string, string][] = [
      [parts.filter((x) => x.name !== 'real_name'), 400, 'REQUIRED_FIELDS', 'real_name'],
      [[{ name: 'real_name', value: '1' }, ...parts.slice(1)], 400, 'REAL_NAME_FORMAT', 'real_name'],
      [
        [parts[0]!, { name: 'document_number', value: '12' }, ...parts.slice(2)],
        400,
        'DOCUMENT_NUMBER_FORMAT',
        'document_number',
      ],
      [parts.filter((x) => x.name !== 'back'), 400, 'REQUIRED_FIELDS', 'back'],
      [
        [
          ...parts.slice(0, 2),
          { name: 'front', value: Buffer.from('%PDF-1.4'), filename: 'id.jpg', type: 'image/jpeg' },
          parts[3]!,
        ],
        415,
        'IMAGE_INVALID',
        'front',
      ],
    ];
    for (const [body, status, key, field] of cases) {
      const res = await upload(t.app, API.kycSubmit, p.token, body);
      expect([res.status, res.body.error, res.body.field]).toEqual([status, key, field]);
    }
    const rows = await t.app.db
      .selectFrom('kyc_submissions')
      .select('id')
      .where('user_id', 'in', t.app.db.selectFrom('users').select('id').where('account', '=', p.account))
      .execute();
    expect(rows).toEqual([]);
  });

  it('serves photos to their owner and operators only, re-encoded without EXIF and never cached', async () => {
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    const res = await upload(t.app, API.kycSubmit, a.token, await kycParts());
    const id = Number(res.body.data?.id);

    for (const reader of [a.token, op]) {
      for (const side of ['front', 'back']) {
        const img = await image(t.app, reader, id, side);
        expect(img.statusCode).toBe(200);
        expect(img.headers['cache-control']).toBe('private, no-store');
        expect(img.headers['content-type']).toBe('image/jpeg');
        const meta = await sharp(img.rawPayload).metadata();
        expect([meta.format, meta.width, meta.exif]).toEqual(['jpeg', 900, undefined]);
        expect(img.rawPayload.includes(Buffer.from('exif-marker'))).toBe(false);
      }
    }
    const other = await image(t.app, b.token, id);
    expect([other.statusCode, other.json<{ error: string }>().error]).toEqual([404, 'KYC_NOT_FOUND']);
    const guest = await image(t.app, await guestToken(t.app), id);
    expect(guest.statusCode).toBe(404);
    const nobody = await image(t.app, null, id);
    expect(nobody.statusCode).toBe(401);
    const none = await image(t.app, a.token, 2_000_000);
    expect([none.statusCode, none.json<{ error: string }>().error]).toEqual([404, 'KYC_NOT_FOUND']);
    const badSide = await image(t.app, a.token, id, 'selfie');
    expect(badSide.statusCode).toBe(400);
    // B's own status says nothing of A's.
    expect((await call(t.app, 'GET', API.kycIndex, auth(b.token))).body.data).toMatchObject({ status: 'none' });
    // Nothing under the static web handler.
    const row = await t.app.db
      .selectFrom('kyc_submissions')
      .select('front_file')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    for (const url of [`/${row.front_file}`, `/uploads/kyc/${row.front_file}`, `/kyc/${row.front_file}`]) {
      const res2 = await t.app.inject({ method: 'GET', url });
      expect(res2.rawPayload.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    }
  });

  it('refuses a withdrawal until verified when the operator requires it, and only then', async () => {
    const p = await readyPlayer(t.app, op, 500_000);
    const body = { amount: 20_000, payout_id: p.payoutId, fund_password: FUND_PASSWORD };
    const settings = await call(t.app, 'GET', API.adminWithdrawSettings, auth(op));
    expect(settings.body.data).toMatchObject({ require_kyc: false });
    const { require_kyc: _, ...old } = settings.body.data as Record<string, unknown>;
    const on = await call(t.app, 'POST', API.adminWithdrawSettings, {
      ...auth(op),
      body: { ...old, require_kyc: true },
    });
    expect(on.body.data).toMatchObject({ require_kyc: true });
    // A save that does not name it keeps it.
    const kept = await call(t.app, 'POST', API.adminWithdrawSettings, { ...auth(op), body: old });
    expect(kept.body.data).toMatchObject({ require_kyc: true });
    try {
      const refused = await submitWithdraw(t.app, p.token, body);
      expect([refused.status, refused.body.error]).toEqual([403, 'KYC_REQUIRED']);
      expect(refused.body.msg).toBe('Please complete identity verification first');
      expect((await call(t.app, 'GET', API.kycIndex, auth(p.token))).body.data).toMatchObject({
        required_for_withdrawal: true,
      });
      const sub = await upload(t.app, API.kycSubmit, p.token, await kycParts('Somchai Jaidee', '3-1000-00999-01-2'));
      const pending = await submitWithdraw(t.app, p.token, body);
      expect(pending.body.error).toBe('KYC_REQUIRED');
      await call(t.app, 'POST', API.adminKycApprove, { ...auth(op), body: { id: Number(sub.body.data?.id) } });
      const paid = await submitWithdraw(t.app, p.token, body);
      expect(paid.status).toBe(200);
    } finally {
      await call(t.app, 'POST', API.adminWithdrawSettings, { ...auth(op), body: { ...old, require_kyc: false } });
    }
    const off = await readyPlayer(t.app, op, 500_000);
    const free = await submitWithdraw(t.app, off.token, { ...body, payout_id: off.payoutId });
    expect(free.status).toBe(200);
  });
});

type QueueItem = {
  id: number;
  user: { account: string };
  status: string;
  document_matches: { account: string; kyc_status: string; frozen: boolean; on_break: boolean }[];
  approval_blocked: string | null;
};

async function queued(id: number, status = 'pending'): Promise<QueueItem | undefined> {
  const res = await call(t.app, 'GET', `${API.adminKycList}?status=${status}&limit=50`, auth(op));
  return (res.body.data as { list: QueueItem[] }).list.find((k) => k.id === id);
}

async function submitted(token: string, number: string): Promise<number> {
  const res = await upload(t.app, API.kycSubmit, token, await kycParts('Somchai Jaidee', number));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Number(res.body.data?.id);
}

const approve = (id: number) => call(t.app, 'POST', API.adminKycApprove, { ...auth(op), body: { id } });

describe('one identity document verifies one account', () => {
  it('flags a second account with the same document (any spacing or case) and refuses to approve it', async () => {
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    const first = await submitted(a.token, 'ab-7700-1234');
    expect((await approve(first)).status).toBe(200);

    // The second submission is taken for review, flagged with the first account and its state.
    const second = await submitted(b.token, ' AB 77001234 ');
    expect(await queued(second)).toMatchObject({
      status: 'pending',
      document_matches: [{ account: a.account, kyc_status: 'verified', frozen: false, on_break: false }],
      approval_blocked: 'KYC_DOCUMENT_IN_USE',
    });
    // The first account's row names the second in turn (no block: it is decided).
    expect(await queued(first, 'verified')).toMatchObject({
      document_matches: [{ account: b.account, kyc_status: 'pending' }],
      approval_blocked: null,
    });

    const refused = await approve(second);
    expect([refused.status, refused.body.error]).toEqual([409, 'KYC_DOCUMENT_IN_USE']);
    expect(refused.body.msg).toContain(a.account);
    expect((await call(t.app, 'GET', API.kycIndex, auth(b.token))).body.data).toMatchObject({ status: 'pending' });
    expect((await call(t.app, 'GET', API.kycIndex, auth(a.token))).body.data).toMatchObject({ status: 'verified' });
    // Rejecting it stays possible; another document verifies the second account.
    const rejected = await call(t.app, 'POST', API.adminKycReject, {
      ...auth(op),
      body: { id: second, reason: 'Document already used' },
    });
    expect(rejected.status).toBe(200);
    const own = await submitted(b.token, 'AB-7700-1235');
    expect(await queued(own)).toMatchObject({ document_matches: [], approval_blocked: null });
    expect((await approve(own)).status).toBe(200);
  });

  it('holds in the database too: a second verified row of one document is refused by the unique index', async () => {
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    const first = await submitted(a.token, 'DB-5500-0001');
    const second = await submitted(b.token, 'db 5500 0001');
    expect((await approve(first)).status).toBe(200);
    await expect(
      t.app.db.updateTable('kyc_submissions').set({ status: 'verified' }).where('id', '=', second).execute(),
    ).rejects.toThrow(/kyc_submissions_one_verified_document_idx|duplicate key/);
  });

  it('a frozen or self-excluded holder’s document cannot verify a new account, and the queue says why', async () => {
    // Frozen: the first account's submission still pending, the account frozen by an operator.
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    await submitted(a.token, 'FZ-1000-2000');
    const frozen = await call(t.app, 'POST', API.adminPlayersFreeze, {
      ...auth(op),
      body: { id: await userIdOf(t.app, a.token), reason: 'investigation' },
    });
    expect(frozen.status).toBe(200);
    const second = await submitted(b.token, 'fz10002000');
    expect(await queued(second)).toMatchObject({
      document_matches: [{ account: a.account, kyc_status: 'pending', frozen: true, on_break: false }],
      approval_blocked: 'KYC_DOCUMENT_HOLDER_RESTRICTED',
    });
    const refused = await approve(second);
    expect([refused.status, refused.body.error]).toEqual([409, 'KYC_DOCUMENT_HOLDER_RESTRICTED']);
    expect(refused.body.msg).toContain(a.account);

    // Self-excluded: the holder's submission was even rejected; a new account with the document is still refused.
    const c = await registerPlayer(t.app);
    const d = await registerPlayer(t.app);
    const cSub = await submitted(c.token, 'SX-3000-4000');
    await call(t.app, 'POST', API.adminKycReject, { ...auth(op), body: { id: cSub, reason: 'blurred' } });
    const excluded = await call(t.app, 'POST', API.protectionExclude, {
      ...auth(c.token),
      body: { kind: 'exclusion_6m', password: c.password, confirm: true },
    });
    expect(excluded.status).toBe(200);
    const dSub = await submitted(d.token, 'sx-3000-4000');
    expect(await queued(dSub)).toMatchObject({
      document_matches: [{ account: c.account, kyc_status: 'rejected', frozen: false, on_break: true }],
      approval_blocked: 'KYC_DOCUMENT_HOLDER_RESTRICTED',
    });
    const refused2 = await approve(dSub);
    expect([refused2.status, refused2.body.error]).toEqual([409, 'KYC_DOCUMENT_HOLDER_RESTRICTED']);
    expect((await call(t.app, 'GET', API.kycIndex, auth(d.token))).body.data).toMatchObject({ status: 'pending' });
  });
});
