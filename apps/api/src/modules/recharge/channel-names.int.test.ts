import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { API, LANGS } from '@fairdraw/contract';
import type { AdminChannel, AdminDeposit, Deposit, Lang, RechargeChannel } from '@fairdraw/contract';
import { MIGRATIONS, migrateToLatest } from '../../db/migrate.ts';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, bankFields, channels, operatorToken, playerToken, setChannelRate } from '../../test/money-helper.ts';
import type { Channels } from '../../test/money-helper.ts';

// A deposit channel speaks the player's language (README.md): the seed's demo channels are named in all six
// languages, an operator's plain name shows in every language it has no name of its own in, and a demo channel says
// so (the web shows its placeholder payee and bank translated; the API sends them as stored).

/** The demo channels' names per language, in the list's order: bank, PIX, USDT-TRC20, USDT-ERC20. */
const DEMO_NAMES: Record<Lang, string[]> = {
  th: ['โอนผ่านธนาคาร (ตัวอย่าง)', 'PIX (ตัวอย่าง)', 'USDT-TRC20 (ตัวอย่าง)', 'USDT-ERC20 (ตัวอย่าง)'],
  en: ['Bank transfer (demo)', 'PIX (demo)', 'USDT-TRC20 (demo)', 'USDT-ERC20 (demo)'],
  'zh-cn': ['银行转账（演示）', 'PIX（演示）', 'USDT-TRC20（演示）', 'USDT-ERC20（演示）'],
  'zh-hk': ['銀行轉帳（示範）', 'PIX（示範）', 'USDT-TRC20（示範）', 'USDT-ERC20（示範）'],
  vi: ['Chuyển khoản ngân hàng (minh họa)', 'PIX (minh họa)', 'USDT-TRC20 (minh họa)', 'USDT-ERC20 (minh họa)'],
  pt: [
    'Transferência bancária (demonstração)',
    'PIX (demonstração)',
    'USDT-TRC20 (demonstração)',
    'USDT-ERC20 (demonstração)',
  ],
};
const DEMO_BANK = { payee: 'DEMO ONLY - DO NOT PAY', account_number: '000-0-00000-0', bank: 'Demo Bank' };

const inLang = (token: string, lang: string) => auth(token, { lang });

async function playerChannels(t: TestApp, token: string, lang: string): Promise<RechargeChannel[]> {
  const res = await call(t.app, 'GET', API.rechargeChannels, inLang(token, lang));
  expect(res.status).toBe(200);
  return res.body.data as RechargeChannel[];
}

async function adminChannels(t: TestApp, op: string): Promise<AdminChannel[]> {
  const res = await call(t.app, 'GET', API.adminChannelList, auth(op));
  expect(res.status).toBe(200);
  return res.body.data as AdminChannel[];
}

const save = (t: TestApp, op: string, body: unknown, lang = 'en') =>
  call(t.app, 'POST', API.adminChannelSave, { ...inLang(op, lang), body });

/** A THB site whose PIX and USDT demo channels have a rate (so players are offered all four), an operator, a player. */
async function site(): Promise<{ t: TestApp; ch: Channels; op: string; player: string }> {
  const t = await buildTestApp();
  const ch = await channels(t.app);
  const op = await operatorToken(t.app);
  for (const id of [ch.pix, ch.trc, ch.erc]) await setChannelRate(t.app, op, id, '1');
  return { t, ch, op, player: await playerToken(t.app) };
}

describe('the demo channels, in the player’s language', () => {
  let t: TestApp;
  let ch: Channels;
  let op: string;
  let player: string;
  beforeAll(async () => {
    ({ t, ch, op, player } = await site());
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(LANGS)(
    '%s: each demo channel is named in the language, "demo" in its words, and marked demo',
    async (lang) => {
      const list = await playerChannels(t, player, lang);
      expect(list.map((c) => c.id)).toEqual([ch.bank, ch.pix, ch.trc, ch.erc]);
      expect(list.map((c) => c.name)).toEqual(DEMO_NAMES[lang]);
      expect(list.map((c) => c.demo)).toEqual([true, true, true, true]);
      // The payee and bank go out as stored, in every language: the web translates a demo's placeholders itself.
      expect(list[0]?.bank).toEqual(DEMO_BANK);
    },
  );

  it('a request without a language, or in one the site does not speak, hears Thai', async () => {
    const res = await call(t.app, 'GET', API.rechargeChannels, { headers: { token: player } });
    expect((res.body.data as RechargeChannel[]).map((c) => c.name)).toEqual(DEMO_NAMES.th);
    expect((await playerChannels(t, player, 'fr')).map((c) => c.name)).toEqual(DEMO_NAMES.th);
  });

  it('a deposit names its channel in the language of each request: the answer, the player’s list, the queue', async () => {
    const submitted = await call(t.app, 'POST', API.rechargeSubmit, {
      ...inLang(player, 'zh-hk'),
      body: { channel_id: ch.bank, amount: 10_000, ...bankFields },
    });
    expect(submitted.status).toBe(200);
    const id = (submitted.body.data as Deposit).id;
    expect(submitted.body.data).toMatchObject({ channel_name: '銀行轉帳（示範）' });
    const mine = await call(t.app, 'GET', `${API.rechargeList}?range=today`, inLang(player, 'pt'));
    const listed = (mine.body.data as { list: Deposit[] }).list.find((d) => d.id === id);
    expect(listed?.channel_name).toBe('Transferência bancária (demonstração)');
    const queue = await call(t.app, 'GET', `${API.adminRechargeList}?status=pending`, inLang(op, 'th'));
    const queued = (queue.body.data as { list: AdminDeposit[] }).list.find((d) => d.id === id);
    expect(queued?.channel_name).toBe('โอนผ่านธนาคาร (ตัวอย่าง)');
  });

  it('the operator sees the plain name, the six names and the demo mark; saving a rate keeps them', async () => {
    const list = await adminChannels(t, op);
    expect(list.map((c) => c.name)).toEqual(DEMO_NAMES.en);
    expect(list.map((c) => c.demo)).toEqual([true, true, true, true]);
    list.forEach((c, i) => {
      expect(c.name_translations).toEqual(Object.fromEntries(LANGS.map((l) => [l, DEMO_NAMES[l][i]])));
    });
    // The rates above were saved through the same call, the channel sent back as listed.
    expect(list.slice(1).map((c) => c.rate)).toEqual(['1', '1', '1']);
  });
});

describe('an operator’s channel', () => {
  let t: TestApp;
  let ch: Channels;
  let op: string;
  let player: string;
  let id: number;
  const KBANK = {
    type: 'bank',
    name: 'KBank',
    enabled: true,
    min: 10_000,
    max: 1_000_000,
    bank: { payee: 'Fairdraw Co., Ltd.', account_number: '123-4-56789-0', bank: 'Kasikornbank' },
    crypto: null,
    pix: null,
  };
  const namesIn = async (lang: string) =>
    (await playerChannels(t, player, lang)).find((c) => c.id === id)?.name ?? 'not offered';
  beforeAll(async () => {
    ({ t, ch, op, player } = await site());
  });
  afterAll(async () => {
    await t.close();
  });

  it('created with a plain name only: that name, and its payee and bank as typed, in every language', async () => {
    const created = await save(t, op, KBANK);
    expect(created.status).toBe(200);
    const channel = created.body.data as AdminChannel;
    expect(channel).toMatchObject({ name: 'KBank', name_translations: {}, demo: false });
    id = channel.id ?? 0;
    for (const lang of LANGS) {
      const offered = (await playerChannels(t, player, lang)).find((c) => c.id === id);
      expect(offered, lang).toMatchObject({ name: 'KBank', demo: false, bank: KBANK.bank });
    }
    const deposit = await call(t.app, 'POST', API.rechargeSubmit, {
      ...inLang(player, 'vi'),
      body: { channel_id: id, amount: 20_000, ...bankFields, ...KBANK.bank },
    });
    expect(deposit.status).toBe(200);
    expect(deposit.body.data).toMatchObject({ channel_id: id, channel_name: 'KBank', status: 'pending' });
  });

  it('names in some languages: each player sees theirs, the others the plain name; the audit row has them', async () => {
    const res = await save(t, op, {
      ...KBANK,
      id,
      name_translations: { th: '  กสิกรไทย  ', en: '', vi: 'Ngân hàng KBank' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'KBank', name_translations: { th: 'กสิกรไทย', vi: 'Ngân hàng KBank' } });
    expect((res.body.data as AdminChannel).name_translations).not.toHaveProperty('en');
    expect(await namesIn('th')).toBe('กสิกรไทย');
    expect(await namesIn('vi')).toBe('Ngân hàng KBank');
    expect(await namesIn('en')).toBe('KBank');
    expect(await namesIn('zh-cn')).toBe('KBank');
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target', '=', `channel:${id}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'channel.update',
      before: { name_translations: {} },
      after: { name_translations: { th: 'กสิกรไทย', vi: 'Ngân hàng KBank' } },
    });
  });

  it('a save without names keeps them while the plain name stays, and drops them with a new plain name', async () => {
    expect((await save(t, op, { ...KBANK, id, max: 2_000_000 })).status).toBe(200);
    expect(await namesIn('th')).toBe('กสิกรไทย');
    const renamed = await save(t, op, { ...KBANK, id, name: 'SCB' });
    expect(renamed.body.data).toMatchObject({ name: 'SCB', name_translations: {} });
    for (const lang of LANGS) expect(await namesIn(lang), lang).toBe('SCB');
  });

  it('a name too long in one language is refused with a translated message, and changes nothing', async () => {
    const before = await adminChannels(t, op);
    const res = await save(t, op, { ...KBANK, id, name_translations: { pt: 'x'.repeat(61) } }, 'th');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'name_translations.pt', msg: 'ข้อมูลไม่ถูกต้อง' });
    const notAnObject = await save(t, op, { ...KBANK, id, name_translations: 'KBank' });
    expect(notAnObject.status).toBe(400);
    expect(await adminChannels(t, op)).toEqual(before);
  });

  it('the demo bank channel with real details put in is no longer a demo, and keeps its names', async () => {
    const demo = (await adminChannels(t, op)).find((c) => c.id === ch.bank);
    if (!demo) throw new Error('demo bank channel missing');
    // Limits only: still the seed's example details, still a demo.
    expect((await save(t, op, { ...demo, max: 5_000_000 })).body.data).toMatchObject({ demo: true });
    const real = await save(t, op, { ...demo, bank: { ...DEMO_BANK, payee: 'Fairdraw Co., Ltd.' } });
    expect(real.body.data).toMatchObject({ demo: false, name_translations: demo.name_translations });
    const offered = (await playerChannels(t, player, 'th')).find((c) => c.id === ch.bank);
    expect(offered).toMatchObject({ name: DEMO_NAMES.th[0], demo: false });
    // Sent back as listed, with the demo mark set: a request cannot make a channel a demo.
    const again = await save(t, op, { ...(real.body.data as AdminChannel), demo: true });
    expect(again.body.data).toMatchObject({ demo: false });
    const created = await save(t, op, { ...KBANK, name: 'New', demo: true });
    expect(created.body.data).toMatchObject({ demo: false });
  });
});

describe('migration 0041 over channels an operator changed', () => {
  let t: TestApp;
  let ch: Channels;
  let mine: number;
  beforeAll(async () => {
    t = await buildTestApp();
    ch = await channels(t.app);
    const migrator = new Migrator({ db: t.app.db, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });
    const down = await migrator.migrateTo('2026_11_26_0040_app_clock_created_at');
    expect(down.error).toBeUndefined();
    // Later migrations go down first, each succeeding; 0041 is the last undone.
    const undone = down.results ?? [];
    expect(undone.every((r) => r.direction === 'Down' && r.status === 'Success')).toBe(true);
    expect(undone.at(-1)?.migrationName).toBe('2026_11_26_0041_channel_names_and_demo');
    // Before 0041: an operator renamed the PIX channel, put real details into the bank one, and added one of theirs.
    await sql`update recharge_channels set name = 'My PIX' where id = ${ch.pix}`.execute(t.app.db);
    await sql`update recharge_channels set config = ${JSON.stringify({ ...DEMO_BANK, payee: 'Fairdraw Co., Ltd.' })}::jsonb
      where id = ${ch.bank}`.execute(t.app.db);
    const { rows } = await sql<{ id: number }>`insert into recharge_channels (type, name, min, max, config)
      values ('bank', 'KBank', 100, 1000, ${JSON.stringify({ payee: 'A', account_number: '1', bank: 'K' })}::jsonb)
      returning id`.execute(t.app.db);
    mine = rows[0]?.id ?? 0;
    expect(await migrateToLatest(t.app.db)).toEqual(undone.map((r) => r.migrationName).reverse());
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the channels still named as seeded, and marks demo those still holding the seed’s details', async () => {
    const rows = await t.app.db
      .selectFrom('recharge_channels')
      .select(['id', 'name', 'name_translations', 'demo'])
      .orderBy('id')
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const six = (i: number) => Object.fromEntries(LANGS.map((l) => [l, DEMO_NAMES[l][i]]));
    expect(byId.get(ch.bank)).toMatchObject({ name: 'Bank transfer (demo)', name_translations: six(0), demo: false });
    expect(byId.get(ch.pix)).toMatchObject({ name: 'My PIX', name_translations: {}, demo: true });
    expect(byId.get(ch.trc)).toMatchObject({ name_translations: six(2), demo: true });
    expect(byId.get(ch.erc)).toMatchObject({ name_translations: six(3), demo: true });
    expect(byId.get(mine)).toMatchObject({ name: 'KBank', name_translations: {}, demo: false });
  });
});
