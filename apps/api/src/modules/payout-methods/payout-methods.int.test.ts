import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutMethod } from '@fairdraw/contract';
import { z } from 'zod';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { countActivePayoutMethods, findActivePayoutMethod, MAX_PAYOUT_METHODS } from './payout-methods.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ OPERATOR_ACCOUNT: 'boss04', OPERATOR_PASSWORD: 'bossword1' });
});
afterAll(async () => {
  await t.close();
});

type Player = Awaited<ReturnType<typeof registerPlayer>> & { id: number };

async function player(): Promise<Player> {
  const p = await registerPlayer(t.app);
  const row = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('account', '=', p.account)
    .executeTakeFirstOrThrow();
  return { ...p, id: row.id };
}

const add = (p: { token: string }, body: unknown) =>
  call(t.app, 'POST', '/api/payout/add', { headers: { token: p.token, lang: 'en' }, body });
const list = async (p: { token: string }) => {
  const res = await call(t.app, 'GET', '/api/payout/list', { headers: { token: p.token, lang: 'en' } });
  expect(res.status).toBe(200);
  return z.array(payoutMethod).parse(res.body.data);
};
const remove = (p: { token: string }, body: unknown) =>
  call(t.app, 'POST', '/api/payout/delete', { headers: { token: p.token, lang: 'en' }, body });

async function rows(userId: number) {
  return t.app.db.selectFrom('payout_methods').selectAll().where('user_id', '=', userId).execute();
}

const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ERC20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('POST /api/payout/add: valid methods', () => {
  it('binds a bank card (spaces removed, number masked)', async () => {
    const p = await player();
    const res = await add(p, {
      type: 'bank',
      password: p.password,
      name: ' Ann Lee ',
      bank_name: 'Kasikornbank',
      card_number: '4111 1111 1111 1111',
    });
    expect(res.status, res.text).toBe(200);
    const m = payoutMethod.parse(res.body.data);
    expect(m).toMatchObject({ type: 'bank', name: 'Ann Lee', bank_name: 'Kasikornbank', card_number: '•••• 1111' });
    const stored = await rows(p.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.details).toEqual({ name: 'Ann Lee', bank_name: 'Kasikornbank', card_number: '4111111111111111' });
    expect(res.text).not.toContain('411111111111');
  });

  it.each([
    ['USDT-TRC20', TRC20, TRC20],
    ['USDT-ERC20', ERC20, ERC20],
    ['USDT-ERC20', ERC20.toLowerCase(), ERC20],
  ])('binds a %s wallet %s (shown in full)', async (coin, address, shown) => {
    const p = await player();
    const res = await add(p, { type: 'crypto', password: p.password, alias: 'My wallet', coin, address });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'crypto', alias: 'My wallet', coin, address: shown });
    expect((await list(p))[0]).toMatchObject({ address: shown });
  });

  it.each([
    ['cpf', '123.456.789-09', '12345678909', '••••8909'],
    ['cnpj', '11.222.333/0001-81', '11222333000181', '••••0181'],
    ['email', 'Maria.Silva@Example.com', 'maria.silva@example.com', '•••@example.com'],
    ['phone', '+55 11 98765-4321', '+5511987654321', '••••4321'],
    ['random', '123E4567-E12B-12D1-A456-426655440000', '123e4567-e12b-12d1-a456-426655440000', '••••0000'],
  ])('binds a PIX %s key', async (keyType, key, normalized, masked) => {
    const p = await player();
    const res = await add(p, { type: 'pix', password: p.password, key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'pix', key_type: keyType, key: masked });
    expect((await rows(p.id))[0]?.details).toEqual({ key_type: keyType, key: normalized });
  });
});

describe('POST /api/payout/add: invalid details', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    [
      'card failing Luhn',
      { type: 'bank', name: 'A', bank_name: 'B', card_number: '4111 1111 1111 1112' },
      'CARD_NUMBER_INVALID',
      'card_number',
    ],
    [
      'card too short',
      { type: 'bank', name: 'A', bank_name: 'B', card_number: '12345678901' },
      'CARD_NUMBER_INVALID',
      'card_number',
    ],
    [
      'card with letters',
      { type: 'bank', name: 'A', bank_name: 'B', card_number: '4111-1111-1111-111a' },
      'CARD_NUMBER_INVALID',
      'card_number',
    ],
    [
      'TRC20 last char changed',
      { type: 'crypto', alias: 'w', coin: 'USDT-TRC20', address: `${TRC20.slice(0, -1)}u` },
      'CRYPTO_ADDRESS_INVALID',
      'address',
    ],
    [
      'ERC20 checksum broken',
      { type: 'crypto', alias: 'w', coin: 'USDT-ERC20', address: `${ERC20.slice(0, -1)}D` },
      'CRYPTO_ADDRESS_INVALID',
      'address',
    ],
    [
      'TRC20 address for ERC20',
      { type: 'crypto', alias: 'w', coin: 'USDT-ERC20', address: TRC20 },
      'CRYPTO_ADDRESS_INVALID',
      'address',
    ],
    ['CPF wrong check digits', { type: 'pix', key: '123.456.789-00' }, 'PIX_KEY_INVALID', 'key'],
    ['CNPJ wrong check digits', { type: 'pix', key: '11.222.333/0001-80' }, 'PIX_KEY_INVALID', 'key'],
    ['e-mail without domain', { type: 'pix', key: 'maria@' }, 'PIX_KEY_INVALID', 'key'],
    ['non-Brazilian phone', { type: 'pix', key: '+66 81 234 5678' }, 'PIX_KEY_INVALID', 'key'],
    ['broken UUID', { type: 'pix', key: '123e4567-e12b-12d1-a456-42665544000' }, 'PIX_KEY_INVALID', 'key'],
  ];
  it.each(cases)('%s → %s on %s, nothing stored', async (_label, body, error, field) => {
    const p = await player();
    const res = await add(p, { ...body, password: p.password });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, error, field, data: null });
    expect(res.body.msg).not.toBe(error);
    expect(await rows(p.id)).toEqual([]);
  });

  it('blank names are REQUIRED_FIELDS', async () => {
    const p = await player();
    const res = await add(p, {
      type: 'bank',
      password: p.password,
      name: '  ',
      bank_name: 'B',
      card_number: '4111111111111111',
    });
    expect(res.body).toMatchObject({ code: 400, error: 'REQUIRED_FIELDS', field: 'name' });
    expect(await rows(p.id)).toEqual([]);
  });

  it('a wrong login password is PASSWORD_INCORRECT and stores nothing', async () => {
    const p = await player();
    const res = await add(p, { type: 'pix', password: 'wrong123', key: '123.456.789-09' });
    expect(res.body).toEqual({
      code: 400,
      msg: 'Incorrect password',
      data: null,
      error: 'PASSWORD_INCORRECT',
      field: 'password',
    });
    expect(await rows(p.id)).toEqual([]);
  });
});

describe('POST /api/payout/add: the same target twice', () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>, string][] = [
    [
      'bank card (other spelling, other holder and bank)',
      { type: 'bank', name: 'Ann Lee', bank_name: 'Kasikornbank', card_number: '4111 1111 1111 1111' },
      { type: 'bank', name: 'A. Lee', bank_name: 'SCB', card_number: '4111-1111-1111-1111' },
      'card_number',
    ],
    [
      'TRC20 address (other alias)',
      { type: 'crypto', alias: 'one', coin: 'USDT-TRC20', address: TRC20 },
      { type: 'crypto', alias: 'two', coin: 'USDT-TRC20', address: ` ${TRC20} ` },
      'address',
    ],
    [
      'ERC20 address (lower case)',
      { type: 'crypto', alias: 'one', coin: 'USDT-ERC20', address: ERC20 },
      { type: 'crypto', alias: 'two', coin: 'USDT-ERC20', address: ERC20.toLowerCase() },
      'address',
    ],
    [
      'PIX CPF (formatted, then digits)',
      { type: 'pix', key: '123.456.789-09' },
      { type: 'pix', key: '12345678909' },
      'key',
    ],
    [
      'PIX e-mail (other case)',
      { type: 'pix', key: 'maria@example.com' },
      { type: 'pix', key: 'Maria@Example.COM' },
      'key',
    ],
  ];
  it.each(cases)('%s → 409 PAYOUT_ALREADY_BOUND on its field, nothing stored', async (_label, first, again, field) => {
    const p = await player();
    expect((await add(p, { ...first, password: p.password })).status).toBe(200);
    const res = await add(p, { ...again, password: p.password });
    expect(res.body).toEqual({
      code: 409,
      msg: 'You have already bound this payout method',
      data: null,
      error: 'PAYOUT_ALREADY_BOUND',
      field,
    });
    expect(res.status).toBe(409);
    expect(await rows(p.id)).toHaveLength(1);
  });

  it('is translated', async () => {
    const p = await player();
    const body = { type: 'pix', password: p.password, key: 'th@example.com' };
    expect((await add(p, body)).status).toBe(200);
    const res = await call(t.app, 'POST', '/api/payout/add', { headers: { token: p.token, lang: 'th' }, body });
    expect(res.body).toMatchObject({ error: 'PAYOUT_ALREADY_BOUND', field: 'key', msg: 'คุณผูกช่องทางรับเงินนี้ไว้แล้ว' });
  });

  it('a deleted method may be bound again; another player may bind the same target; other targets are fine', async () => {
    const a = await player();
    const b = await player();
    const card = { type: 'bank', name: 'A', bank_name: 'B', card_number: '4111111111111111' };
    const m = payoutMethod.parse((await add(a, { ...card, password: a.password })).body.data);
    expect((await add(b, { ...card, password: b.password })).status).toBe(200);
    // Another card of the same player is another target.
    expect((await add(a, { ...card, password: a.password, card_number: '5500 0000 0000 0004' })).status).toBe(200);
    expect((await remove(a, { id: m.id })).status).toBe(200);
    expect((await add(a, { ...card, password: a.password })).status).toBe(200);
    expect((await list(a)).map((x) => x.type)).toEqual(['bank', 'bank']);
  });

  it('parallel adds of the same target bind it once', async () => {
    const p = await player();
    const results = await Promise.all(
      [0, 1, 2].map(() => add(p, { type: 'pix', password: p.password, key: 'race@example.com' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await countActivePayoutMethods(t.app.db, p.id)).toBe(1);
  });
});

describe('list, delete, limits and other players', () => {
  it('lists own active methods newest first; deleted ones disappear but stay stored', async () => {
    const p = await player();
    const a = payoutMethod.parse(
      (await add(p, { type: 'pix', password: p.password, key: '123.456.789-09' })).body.data,
    );
    const b = payoutMethod.parse(
      (await add(p, { type: 'crypto', password: p.password, alias: 'w', coin: 'USDT-TRC20', address: TRC20 })).body
        .data,
    );
    const c = payoutMethod.parse(
      (await add(p, { type: 'bank', password: p.password, name: 'A', bank_name: 'B', card_number: '4111111111111111' }))
        .body.data,
    );
    expect((await list(p)).map((m) => m.id)).toEqual([c.id, b.id, a.id]);
    expect(await countActivePayoutMethods(t.app.db, p.id)).toBe(3);

    expect((await remove(p, { id: b.id })).body).toEqual({ code: 200, msg: 'success', data: null });
    expect((await list(p)).map((m) => m.id)).toEqual([c.id, a.id]);
    expect(await countActivePayoutMethods(t.app.db, p.id)).toBe(2);
    expect(await findActivePayoutMethod(t.app.db, p.id, b.id)).toBeUndefined();
    expect(await findActivePayoutMethod(t.app.db, p.id, a.id)).toMatchObject({ id: a.id, type: 'pix' });
    // Soft delete: the row is kept for the withdrawals that used it.
    const kept = (await rows(p.id)).find((r) => r.id === b.id);
    expect(kept?.deleted_at).toBeInstanceOf(Date);

    // Deleting it again is a 404.
    expect((await remove(p, { id: b.id })).body).toMatchObject({ code: 404, error: 'PAYOUT_NOT_FOUND' });
  });

  it('player B can neither see nor delete nor find A’s methods (404, A’s method intact)', async () => {
    const a = await player();
    const b = await player();
    const m = payoutMethod.parse((await add(a, { type: 'pix', password: a.password, key: 'a@example.com' })).body.data);

    expect(await list(b)).toEqual([]);
    const res = await remove(b, { id: m.id });
    expect(res.status).toBe(404);
    const unknown = await remove(b, { id: 2_000_000_000 });
    // Someone else's id and an unknown id look exactly the same.
    expect(res.body).toEqual(unknown.body);
    expect(res.body).toMatchObject({ error: 'PAYOUT_NOT_FOUND', msg: 'This payout method was not found' });
    expect(await findActivePayoutMethod(t.app.db, b.id, m.id)).toBeUndefined();
    expect(await countActivePayoutMethods(t.app.db, b.id)).toBe(0);

    expect((await list(a)).map((x) => x.id)).toEqual([m.id]);
    expect((await rows(a.id))[0]?.deleted_at).toBeNull();
  });

  it(`allows at most ${MAX_PAYOUT_METHODS} active methods; deleting one frees a place`, async () => {
    const p = await player();
    // Straight into the table: ten argon2 verifications would only slow the test down.
    for (let i = 0; i < MAX_PAYOUT_METHODS; i++) {
      await t.app.db
        .insertInto('payout_methods')
        .values({
          user_id: p.id,
          type: 'pix',
          details: JSON.stringify({ key_type: 'email', key: `p${i}@example.com` }),
        })
        .execute();
    }
    const over = await add(p, { type: 'pix', password: p.password, key: 'x@example.com' });
    expect(over.body).toMatchObject({
      code: 400,
      error: 'PAYOUT_LIMIT_REACHED',
      msg: `You can bind at most ${MAX_PAYOUT_METHODS} payout methods. Please remove one first.`,
    });
    expect(await countActivePayoutMethods(t.app.db, p.id)).toBe(MAX_PAYOUT_METHODS);
    const first = (await list(p)).at(-1);
    expect((await remove(p, { id: first?.id })).status).toBe(200);
    expect((await add(p, { type: 'pix', password: p.password, key: 'x@example.com' })).status).toBe(200);
    expect(await countActivePayoutMethods(t.app.db, p.id)).toBe(MAX_PAYOUT_METHODS);
  });

  it('parallel adds cannot pass the limit', async () => {
    const p = await player();
    for (let i = 0; i < MAX_PAYOUT_METHODS - 1; i++) {
      await t.app.db
        .insertInto('payout_methods')
        .values({
          user_id: p.id,
          type: 'pix',
          details: JSON.stringify({ key_type: 'email', key: `q${i}@example.com` }),
        })
        .execute();
    }
    const results = await Promise.all(
      [0, 1, 2].map((i) => add(p, { type: 'pix', password: p.password, key: `r${i}@example.com` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await countActivePayoutMethods(t.app.db, p.id)).toBe(MAX_PAYOUT_METHODS);
  });

  it('guests get 403 DEMO_NOT_ALLOWED, operators 403, no session 401', async () => {
    const guest = (await call(t.app, 'POST', '/api/user/guest')).body.data as { token: string };
    const op = (await call(t.app, 'POST', '/api/user/login', { body: { account: 'boss04', password: 'bossword1' } }))
      .body.data as { token: string };
    const before = await t.app.db
      .selectFrom('payout_methods')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [token, error] of [
      [guest.token, 'DEMO_NOT_ALLOWED'],
      [op.token, 'FORBIDDEN'],
    ] as const) {
      const who = { token };
      const l = await call(t.app, 'GET', '/api/payout/list', { headers: { token } });
      expect(l.body).toMatchObject({ code: 403, error });
      expect((await add(who, { type: 'pix', password: 'whatever1', key: 'g@example.com' })).body).toMatchObject({
        code: 403,
        error,
      });
      expect((await remove(who, { id: 1 })).body).toMatchObject({ code: 403, error });
    }
    for (const [method, url] of [
      ['GET', '/api/payout/list'],
      ['POST', '/api/payout/add'],
      ['POST', '/api/payout/delete'],
    ] as const) {
      expect((await call(t.app, method, url, { body: method === 'POST' ? { id: 1 } : undefined })).status).toBe(401);
    }
    const after = await t.app.db
      .selectFrom('payout_methods')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
