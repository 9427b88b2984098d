/**
 * The `settings` table (key → jsonb, operators' site-wide choices), read and written only here: each key with the
 * schema of its value. A stored value that does not fit its schema reads as absent, so its caller's default applies.
 * (The bet batch's SQL function reads bet_period_max_per_player itself, with the same rule: db/functions.)
 */
import { z } from 'zod';
import { feeRule, minorAmount } from '@fairdraw/contract';
import type { Db } from './database.ts';

const wholeNumber = z.number().refine(Number.isSafeInteger);

export const SETTINGS = {
  /** The withdrawal fee rule (migration 0003; the console's withdrawal settings). */
  withdraw_fee: feeRule,
  /** The smallest and the largest withdrawal, minor units. */
  withdraw_min: minorAmount,
  withdraw_max: minorAmount,
  /** Whether a withdrawal needs verified identity (off when unset). */
  withdraw_require_kyc: z.boolean(),
  /** A new play item's stake bounds, minor units (migration 0007; seedDraws). */
  bet_min_stake: z.number(),
  bet_max_stake: z.number(),
  /** What one player may stake on one period, minor units (the console's game limits). */
  bet_period_max_per_player: wholeNumber.refine((v) => v > 0),
  /** A cash win from this much (minor units) is told to the winner's inbox as a big win. */
  big_win_threshold: wholeNumber,
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValues = { [K in SettingKey]: z.output<(typeof SETTINGS)[K]> };

function parsed<K extends SettingKey>(rows: { key: string; value: unknown }[], keys: readonly K[]) {
  const out: Partial<Pick<SettingValues, K>> = {};
  for (const key of keys) {
    const row = rows.find((r) => r.key === key);
    const value = row ? SETTINGS[key].safeParse(row.value) : undefined;
    if (value?.success) out[key] = value.data as SettingValues[K];
  }
  return out;
}

/** The values of `keys` that are stored and fit their schema. */
export async function readSettings<K extends SettingKey>(
  db: Db,
  keys: readonly K[],
): Promise<Partial<Pick<SettingValues, K>>> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...keys])
    .execute();
  return parsed(rows, keys);
}

/** One value, or undefined when unset or not fitting its schema. */
export async function readSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValues[K] | undefined> {
  return (await readSettings(db, [key]))[key];
}

/** Like readSettings, locking the rows FOR UPDATE in the caller's transaction: two saves apply one after the other. */
export async function lockSettings<K extends SettingKey>(
  trx: Db,
  keys: readonly K[],
): Promise<Partial<Pick<SettingValues, K>>> {
  const rows = await trx
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...keys])
    .forUpdate()
    .execute();
  return parsed(rows, keys);
}

/** Upserts the given values in the caller's transaction. */
export async function saveSettings(trx: Db, values: Partial<SettingValues>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value: JSON.stringify(value) }));
  if (rows.length === 0) return;
  await trx
    .insertInto('settings')
    .values(rows)
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}
