import { findPlay, markSixAllIn, playRtp } from '@fairdraw/domain';
import type { GameFamily, Play } from '@fairdraw/domain';
import type { Lang, PlayGroup } from '@fairdraw/contract';
import th from '@fairdraw/contract/locales/th/plays.json' with { type: 'json' };
import en from '@fairdraw/contract/locales/en/plays.json' with { type: 'json' };
import zhCn from '@fairdraw/contract/locales/zh-cn/plays.json' with { type: 'json' };
import zhHk from '@fairdraw/contract/locales/zh-hk/plays.json' with { type: 'json' };
import vi from '@fairdraw/contract/locales/vi/plays.json' with { type: 'json' };
import pt from '@fairdraw/contract/locales/pt/plays.json' with { type: 'json' };
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { ALL_IN_TEMPLATES } from './draws.seed.ts';
import { findGame } from './draws.repository.ts';
import { nextIssue } from './periods.repository.ts';
import { playItemsInForce } from './play-items.repository.ts';
import { localDate } from './schedule.ts';

/** Play and group names (packages/contract/locales/<lang>/plays.json), flat keys = the domain's nameKey. */
const CATALOGUES: Record<Lang, Record<string, string>> = { th, en, 'zh-cn': zhCn, 'zh-hk': zhHk, vi, pt };

/** Renders a catalogue key with {{params}}; string params are themselves looked up as `param.<name>.<value>`. */
export function translatePlayText(
  lang: Lang,
  key: string,
  params: Readonly<Record<string, string | number>>,
  fallback: string,
): string {
  const cat = CATALOGUES[lang] ?? CATALOGUES.th;
  const template = cat[key] ?? CATALOGUES.en[key];
  if (template === undefined) return fallback;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) return '';
    if (typeof v === 'string') return cat[`param.${name}.${v}`] ?? String(v);
    return String(v);
  });
}

/** The group's catalogue key: `group.<family>.<group>`, numbered groups (`position-3`) as `…position` + {position}. */
export function groupName(lang: Lang, family: string, group: string): string {
  const m = /^(.*)-(\d+)$/.exec(group);
  if (m) return translatePlayText(lang, `group.${family}.${m[1]}`, { position: Number(m[2]) }, group);
  return translatePlayText(lang, `group.${family}.${group}`, {}, group);
}

/** Mark Six plays whose meaning (and so odds) depend on the draw date: the zodiac tables change at Chinese New Year. */
const DATE_DEPENDENT_GROUPS = new Set(['special-zodiac', 'one-zodiac']);

/** Whether a play's odds are the row's (an operator may change them), not the domain's for the draw date. */
export function oddsEditable(family: GameFamily, groupCode: string): boolean {
  return !(family === 'marksix' && DATE_DEPENDENT_GROUPS.has(groupCode));
}

/**
 * The play a play_items row stands for on a draw date, with the odds in force. Betting must
 * resolve a bet item with the PERIOD's draw date (its issue's date, `parseIssue(issue).date`), never today's, and
 * store the returned odds on the bet item. For Mark Six zodiac plays the odds are the domain's for that date (the
 * year animal owns five numbers and pays less), not the row's; for every other play the row's odds (operator-editable).
 */
export function resolvePlay(
  family: GameFamily,
  row: { code: string; group_code: string; odds_bps: number },
  drawDate: string,
): { play: Play; odds: number } | undefined {
  const play = findPlay(family, row.code, drawDate);
  if (!play) return undefined;
  const odds = family === 'marksix' && DATE_DEPENDENT_GROUPS.has(row.group_code) ? play.odds : row.odds_bps;
  return { play, odds };
}

const rtpCache = new Map<string, number>();
/** RTP percent of a play at given odds (domain playRtp enumerates the outcome space; cached, it is pure). */
export function rtpPercent(play: Play, odds: number, drawDate: string): number {
  const key = `${play.family}|${play.code}|${odds}|${play.family === 'marksix' ? drawDate : ''}`;
  let v = rtpCache.get(key);
  if (v === undefined) {
    v = playRtp(play, odds as Play['odds']).percent;
    rtpCache.set(key, v);
  }
  return v;
}

/**
 * The game's enabled play items with the odds and stake limits in force for a period opening at `openAt` (versions
 * of migration 0031: an operator's change applies from a period that had not opened when it was saved; 'latest' =
 * what the next such period gets). Betting reads them for the period bet on, so every bet of a period has its odds.
 */
export async function playsInForce(db: Db, gameId: number, openAt: Date | 'latest') {
  const rows = await playItemsInForce(db, gameId, openAt);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    group_code: r.group_code,
    odds_bps: r.odds_bps,
    min_stake: r.min_stake,
    max_stake: r.max_stake,
    /** Start of the version in force, or null: the play_items row's own settings. */
    effective_from: r.effective_from,
  }));
}

/**
 * GET /api/game/play_items: the game's enabled plays by group with the odds of the period being bet on (the current
 * one: its open time picks the settings in force, its issue's date the Mark Six zodiac odds); with no period yet,
 * the latest settings.
 */
export async function playGroups(
  db: Db,
  gameId: number,
  lang: Lang,
  now: Date,
  timeZone: string,
): Promise<PlayGroup[]> {
  const game = await findGame(db, gameId);
  if (!game) throw new AppError('NOT_FOUND', { field: 'group_id' });
  const current = await nextIssue(db, gameId, now);
  const drawDate = current
    ? `${current.issue.slice(0, 4)}-${current.issue.slice(4, 6)}-${current.issue.slice(6, 8)}`
    : localDate(now.getTime(), timeZone);
  const rows = await playsInForce(db, gameId, current ? current.open_at : 'latest');
  const family = game.family as GameFamily;
  const groups = new Map<string, PlayGroup>();
  for (const row of rows) {
    // Mark Six all-in rows stand for every choice of numbers: listed with a sample for the RTP (all choices are alike).
    const allIn = family === 'marksix' ? ALL_IN_TEMPLATES.find((t) => t.code === row.code) : undefined;
    const resolved = resolvePlay(family, allIn ? { ...row, code: markSixAllIn(allIn.sample).code } : row, drawDate);
    if (!resolved) continue;
    const { play, odds } = resolved;
    const name = allIn
      ? translatePlayText(lang, play.nameKey, { numbers: '' }, allIn.count === 2 ? 'Two all-in' : 'Three all-in').trim()
      : translatePlayText(lang, play.nameKey, play.nameParams, play.name);
    let g = groups.get(row.group_code);
    if (!g) {
      g = { group: { code: row.group_code, name: groupName(lang, family, row.group_code) }, items: [] };
      groups.set(row.group_code, g);
    }
    g.items.push({
      id: row.id,
      code: row.code,
      name,
      odds: odds / 10_000,
      odds_bps: odds,
      min: row.min_stake,
      max: row.max_stake,
      rtp: rtpPercent(play, odds, drawDate),
    });
  }
  return [...groups.values()];
}
