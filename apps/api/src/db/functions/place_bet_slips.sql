-- place_bet_slips: a batch of bet slips committed in ONE call (bets/slip-batch.ts documents the rules and passes
-- the inputs). Migrations create it from this file (db/README.md: a change here needs a new migration).
--
-- Inputs are parallel arrays: s_* one entry per slip in arrival order, i_* one per item (i_slip = the 1-based
-- slip it belongs to). Each slip's stake is the domain's two-posting transaction p_tx_kind: s_total from the
-- player account s_debit to the house-wide account s_credit (of kind s_credit_kind).
-- Answers one row per slip: r_outcome 'ok' (r_bet_id, r_item_ids), 'REPLAY' (its key was used already), or the
-- error key of the refusal (r_until: the end of the break for SELF_EXCLUDED; r_period_max for PERIOD_LIMIT_REACHED:
-- the per-period limit that binds the slip, the lower of the site-wide setting and the game's own;
-- r_limit_period and r_left for STAKE_LIMIT_REACHED and LOSS_LIMIT_REACHED: the binding limit's period and what it
-- has left). p_day_from, p_week_from, p_month_from: where the player's day, week and month began (the business time
-- zone's, packages/domain spending-limits.ts limitWindow).
-- p_refusal_status maps each refusal's error key to its HTTP status (the contract's ERRORS), stored with the key.
-- s_id and i_id: the ids the caller drew for the slips and items from their sequences (null: drawn here); s_text:
-- the text a slip's idempotency key is first answered with if the slip is placed, stored with the claim (null: none).
create or replace function place_bet_slips(
  p_now timestamptz, p_period_max_default bigint, p_tx_kind text, p_refusal_status jsonb,
  p_day_from timestamptz, p_week_from timestamptz, p_month_from timestamptz,
  s_user int[], s_wallet text[], s_game int[], s_period int[], s_issue text[], s_total bigint[],
  s_debit text[], s_credit text[], s_credit_kind text[], s_key text[], s_hash text[],
  i_slip int[], i_play int[], i_code text[], i_group text[], i_numbers text[], i_odds int[], i_amount bigint[],
  s_id int[], i_id int[], s_text text[]
) returns table (r_ord int, r_outcome text, r_bet_id int, r_item_ids int[], r_until timestamptz,
                 r_period_max bigint, r_limit_period text, r_left bigint)
-- Each statement below is planned once per connection (plan_cache_mode): with the default, the plan cache kept
-- planning most of them again at every call, since a plan made for the call's own arrays looked cheaper than the
-- general one, and that planning, paid per batch whatever its size, was a fifth of what a batch of one slip cost.
-- The general plans reach the big tables by their indexes (players' accounts, slips, keys, per-period totals: checked
-- with 600,000 accounts; bench/README.md); a table's plans are made again when ANALYZE changes what it holds.
language plpgsql set plan_cache_mode = force_generic_plan as $fn$
declare
  n int := coalesce(array_length(s_user, 1), 0);
  v_out text[];
  v_until timestamptz[];
  v_ids int[];
  v_item_ids int[];
  v_slip_max bigint[];
  v_acc_keys text[];
  v_acc_bal bigint[];
  v_st_keys text[];
  v_st_sums bigint[];
  v_k text;
  v_j int;
  v_a int;
  v_already bigint;
  v_refused boolean := false;
  v_lim_user int[];
  v_lim_kind text[];
  v_lim_period text[];
  v_lim_left bigint[];
  v_limit_period text[];
  v_left bigint[];
  v_b int;
begin
  if n = 0 then return; end if;

  -- 1. The periods, FOR SHARE in id order: the seal (UPDATE … WHERE status = 'open') waits for this
  --    transaction, or this one for it. Each period is read as locked (a seal that committed while this waited is
  --    seen: a locking read returns the row's latest version). A player on a break is refused first, whatever else
  --    the slip says; then the window at p_now (windowError in slip-batch.ts).
  with p as materialized (select id, status, seal_at from periods where id = any(s_period) order by id for share)
  select array_agg(case
           when x.until is not null then 'SELF_EXCLUDED'
           when p.id is null then 'PERIOD_NOT_CURRENT'
           when p.status in ('sealed', 'drawn', 'settled') then 'PERIOD_SEALED'
           when p.status <> 'open' then 'PERIOD_NOT_CURRENT'
           when p_now >= p.seal_at then 'PERIOD_SEALED'
         end order by u.o),
         array_agg(x.until order by u.o)
    into v_out, v_until
    from unnest(s_user, s_period) with ordinality as u(uid, pid, o)
    left join p on p.id = u.pid
    left join lateral (select max(e.ends_at) as until from self_exclusions e
                       where e.user_id = u.uid and e.ends_at > p_now) x on true;

  -- 2. Ids for every slip and item (a refused slip's stay unused): the caller's, else drawn here; and the
  --    idempotency keys of the slips still in the running, claimed in (user, key) order so two batches never wait
  --    for each other in a cycle, each with the text it is answered with once its slip is placed (a refusal
  --    clears it below). A key already claimed — committed, or by a batch still running, which this insert then
  --    waits for — makes its slip a REPLAY: the caller answers with what the key placed.
  if coalesce(array_length(s_id, 1), 0) = n and array_position(s_id, null) is null then
    v_ids := s_id;
  else
    v_ids := array(select coalesce(s_id[g], nextval(pg_get_serial_sequence('bets', 'id'))::int)
                     from generate_series(1, n) g order by g);
  end if;
  if coalesce(array_length(i_id, 1), 0) = coalesce(array_length(i_slip, 1), 0)
     and array_position(i_id, null) is null then
    v_item_ids := coalesce(i_id, '{}');
  else
    v_item_ids := array(select coalesce(i_id[j], nextval(pg_get_serial_sequence('bet_items', 'id'))::int)
                          from generate_series(1, coalesce(array_length(i_slip, 1), 0)) j order by j);
  end if;
  with claimed as (
    insert into idempotency_keys as k (user_id, key, request_hash, status, response_status, bet_id, response_text)
    select s_user[g], s_key[g], s_hash[g], 'done', 200, v_ids[g], s_text[g]
      from generate_subscripts(s_user, 1) g
     where v_out[g] is null and s_key[g] is not null
     order by s_user[g], s_key[g] collate "C"
    on conflict do nothing
    returning k.bet_id)
  -- (Set-based, by a hash of the claimed ids: a loop testing each slip against the whole list took time in the
  -- square of the batch's size.)
  select array_agg(case when v_out[g] is null and s_key[g] is not null and c.id is null then 'REPLAY' else v_out[g] end
                   order by g)
    into v_out
    from generate_subscripts(s_user, 1) g
    left join (select distinct claimed.bet_id as id from claimed) c on c.id = v_ids[g];

  -- 3. The wallets the remaining stakes debit, locked by the ledger's one lock (ledger_lock_accounts.sql: FOR NO
  --    KEY UPDATE, players' accounts before the house-wide ones, which this batch locks last, in step 6), so the
  --    balances and totals read next cannot change until commit.
  select array_agg(l.r_key), array_agg(l.r_balance)
    into v_acc_keys, v_acc_bal
    from ledger_lock_accounts(
           array(select s_debit[g] from generate_subscripts(s_user, 1) g where v_out[g] is null)) l;

  -- 4. Read after the locks (a statement of its own, so its snapshot holds every slip committed before them):
  --    the per-period limits and what each player already staked on each period (bet_period_stakes, which only
  --    a transaction holding the player's wallet lock changes). The site-wide limit (setting
  --    bet_period_max_per_player) binds every slip; a game's own (games.period_max_per_player, null: none) binds its
  --    slips when it is lower, so a game's limit can tighten the site-wide one, never loosen it.
  -- 4b. The player's stake and loss limits in force (the latest choice already effective, player_limits), each with
  --     what is left of it: stake = what the player's cash slips placed in the window staked; loss = stake − payouts,
  --     an unsettled slip counting as lost until it is settled (so slips placed together cannot pass a loss limit);
  --     a cancelled slip (its stake given back) counts for neither. Read after the wallet lock: no other batch can
  --     place a slip of these players until commit.
  --     One statement reads both (4 and 4b).
  with v as materialized (select (select value from settings where key = 'bet_period_max_per_player') as v),
  s as (
    select case when jsonb_typeof(x.v) = 'number'
                 and (x.v #>> '{}')::numeric = trunc((x.v #>> '{}')::numeric)
                 and abs((x.v #>> '{}')::numeric) <= 9007199254740991
                then (x.v #>> '{}')::bigint else p_period_max_default end as mx
      from v x)
  select (select array_agg(least(s.mx, coalesce(gm.period_max_per_player, s.mx)) order by u.o)
            from unnest(s_game) with ordinality as u(gid, o)
            left join games gm on gm.id = u.gid),
         st.keys, st.sums, lim.users, lim.kinds, lim.periods, lim.lefts
    into v_slip_max, v_st_keys, v_st_sums, v_lim_user, v_lim_kind, v_lim_period, v_lim_left
    from s,
    lateral (select array_agg(t.user_id || ':' || t.period_id) as keys, array_agg(t.staked) as sums
               from bet_period_stakes t where t.period_id = any(s_period) and t.user_id = any(s_user)) st,
    lateral (
      select array_agg(l.user_id) as users, array_agg(l.kind) as kinds, array_agg(l.period) as periods,
             array_agg(l.amount - coalesce(u.used, 0)) as lefts
        from (select distinct on (c.user_id, c.kind, c.period) c.user_id, c.kind, c.period, c.amount
                from player_limits c
               where c.user_id = any(array(select s_user[g] from generate_subscripts(s_user, 1) g
                                            where v_out[g] is null and s_wallet[g] = 'cash'))
                 and c.kind in ('stake', 'loss') and c.effective_at <= p_now
               order by c.user_id, c.kind, c.period, c.id desc) l
        left join lateral (
          select sum(case when l.kind = 'stake' then b.total else b.total - coalesce(b.payout, 0) end) as used
            from bets b
           where b.user_id = l.user_id and b.wallet = 'cash' and b.status <> 'cancelled'
             and b.created_at >= case l.period when 'day' then p_day_from when 'week' then p_week_from
                                               else p_month_from end) u on true
       where l.amount is not null) lim;
  v_limit_period := array_fill(null::text, array[n]);
  v_left := array_fill(null::bigint, array[n]);

  -- 5. In arrival order: the slip's per-period limit, then the player's own limits (the one with least left binds), then
  --    the balance. A refusal takes nothing from the balance or the
  --    total the later slips of the batch are checked against.
  for g in 1..n loop
    continue when v_out[g] is not null;
    v_k := s_user[g] || ':' || s_period[g];
    v_j := array_position(v_st_keys, v_k);
    v_already := coalesce(v_st_sums[v_j], 0);
    if v_already + s_total[g] > v_slip_max[g] then
      v_out[g] := 'PERIOD_LIMIT_REACHED';
      v_refused := true;
      continue;
    end if;
    v_b := null;
    if s_wallet[g] = 'cash' then
      for v_l in 1..coalesce(array_length(v_lim_user, 1), 0) loop
        if v_lim_user[v_l] = s_user[g] and (v_b is null or v_lim_left[v_l] < v_lim_left[v_b]) then
          v_b := v_l;
        end if;
      end loop;
    end if;
    if v_b is not null and s_total[g] > v_lim_left[v_b] then
      v_out[g] := upper(v_lim_kind[v_b]) || '_LIMIT_REACHED';
      v_limit_period[g] := v_lim_period[v_b];
      v_left[g] := greatest(v_lim_left[v_b], 0);
      v_refused := true;
      continue;
    end if;
    v_a := array_position(v_acc_keys, s_debit[g]);
    if v_a is null or v_acc_bal[v_a] < s_total[g] then
      v_out[g] := 'INSUFFICIENT_BALANCE';
      v_refused := true;
      continue;
    end if;
    v_acc_bal[v_a] := v_acc_bal[v_a] - s_total[g];
    for v_l in 1..coalesce(array_length(v_lim_user, 1), 0) loop
      if v_lim_user[v_l] = s_user[g] and s_wallet[g] = 'cash' then
        v_lim_left[v_l] := v_lim_left[v_l] - s_total[g];
      end if;
    end loop;
    if v_j is null then
      v_st_keys := v_st_keys || v_k;
      v_st_sums := v_st_sums || (v_already + s_total[g]);
    else
      v_st_sums[v_j] := v_already + s_total[g];
    end if;
    v_out[g] := 'ok';
  end loop;

  -- A refused slip's key keeps its refusal (docs/trust.md 6: a replay gets the same answer, and moves nothing):
  -- the HTTP status from p_refusal_status and what the message needs, for the route to tell it again. (Only the
  -- refusals of step 5 claimed a key here: a slip refused in step 1 claimed none.)
  if v_refused then
  update idempotency_keys k
     set bet_id = null, response_text = null, response_status = (p_refusal_status ->> v_out[g])::int,
         response_body = jsonb_build_object('refusal', v_out[g], 'until', v_until[g], 'period_max', v_slip_max[g],
                                            'limit_period', v_limit_period[g], 'left', v_left[g])
    from generate_subscripts(s_user, 1) g
   where v_out[g] not in ('ok', 'REPLAY') and s_key[g] is not null
     and k.user_id = s_user[g] and k.key = s_key[g] and k.bet_id = v_ids[g];
  end if;

  -- 6. The accepted slips, their items, one stake transaction each ('bet:<id>') with its two postings, and one
  --    balance update per account touched (the house-wide ones locked last). Every statement costs the same fixed
  --    work whatever the batch's size (a plan, an executor, its triggers), so the writes that do not depend on each
  --    other are one statement: the slips, the per-period totals, the items and the credited account if it is
  --    missing. (Their checks, statement triggers and foreign keys, run at its end and see all four.)
  if array_position(v_out, 'ok') is not null then
    with slips as (
      -- A slip of one item (nearly every slip) also carries its play code and odds: the settlement reads them
      -- from the slip, with no join to its item (migration 0046).
      insert into bets (id, user_id, game_id, period_id, issue, wallet, total, code, odds_bps, created_at)
      overriding system value
      select v_ids[g], s_user[g], s_game[g], s_period[g], s_issue[g], s_wallet[g], s_total[g], one.code, one.odds,
             p_now
        from generate_subscripts(s_user, 1) g
        left join (select i_slip[j] as slip, min(i_code[j]) as code, min(i_odds[j]) as odds
                     from generate_subscripts(i_slip, 1) j group by i_slip[j] having count(*) = 1) one on one.slip = g
       where v_out[g] = 'ok' order by g
    ), totals as (
      insert into bet_period_stakes as t (period_id, user_id, staked)
      select s_period[g], s_user[g], sum(s_total[g]) from generate_subscripts(s_user, 1) g
       where v_out[g] = 'ok' group by 1, 2 order by 1, 2
      on conflict (period_id, user_id) do update set staked = t.staked + excluded.staked
    ), items as (
      insert into bet_items (id, bet_id, play_item_id, code, group_code, numbers, odds_bps, amount)
      overriding system value
      select v_item_ids[j], v_ids[i_slip[j]], i_play[j], i_code[j], i_group[j], i_numbers[j]::int[], i_odds[j],
             i_amount[j]
        from generate_subscripts(i_slip, 1) j where v_out[i_slip[j]] = 'ok' order by j
    )
    -- (Only if missing: an upsert of an existing key would wait for the batch updating it.)
    insert into ledger_accounts (key, kind)
    select distinct s_credit[g], s_credit_kind[g] from generate_subscripts(s_user, 1) g
     where v_out[g] = 'ok' and not exists (select 1 from ledger_accounts a where a.key = s_credit[g])
    on conflict (key) do nothing;
    -- Locked (ledger_lock_accounts) before the postings are inserted: their foreign keys would otherwise take KEY
    -- SHARE locks first, and two batches each holding one and wanting the update would wait for each other.
    perform 1 from ledger_lock_accounts(
      array(select s_credit[g] from generate_subscripts(s_user, 1) g where v_out[g] = 'ok'));

    with tx as (
      insert into ledger_transactions (kind, reference, created_at)
      select p_tx_kind, 'bet:' || v_ids[g], p_now from generate_subscripts(s_user, 1) g where v_out[g] = 'ok' order by g
      returning id, reference
    ), slip as (
      select tx.id, g from tx join generate_subscripts(s_user, 1) g on tx.reference = 'bet:' || v_ids[g]
    )
    insert into ledger_postings (transaction_id, account_id, amount)
    select slip.id, a.id, case when a.key = s_debit[slip.g] then -s_total[slip.g] else s_total[slip.g] end
      from slip join ledger_accounts a on a.key in (s_debit[slip.g], s_credit[slip.g])
     order by slip.id, a.key = s_credit[slip.g];

    -- The balances, through the ledger's one writer (ledger_apply_deltas.sql; its guard, the CHECK on player
    -- balances, cannot fail after step 5, and would roll the batch back if it did).
    perform 1
       from (select array_agg(a.id) as ids, array_agg(d.delta) as deltas
               from (select s_debit[g] as key, -s_total[g] as delta from generate_subscripts(s_user, 1) g
                      where v_out[g] = 'ok'
                     union all
                     select s_credit[g], s_total[g] from generate_subscripts(s_user, 1) g where v_out[g] = 'ok') d
               join ledger_accounts a on a.key = d.key) x,
            ledger_apply_deltas(x.ids, x.deltas);
  end if;

  -- Each slip's item ids, grouped in one pass over the items (not one pass over every item per slip).
  return query
    select g::int, v_out[g], case when v_out[g] = 'ok' then v_ids[g] end,
           case when v_out[g] = 'ok' then coalesce(it.ids, '{}') end,
           v_until[g], v_slip_max[g], v_limit_period[g], v_left[g]
      from generate_subscripts(s_user, 1) g
      left join (select i_slip[j] as slip, array_agg(v_item_ids[j] order by j) as ids
                   from generate_subscripts(i_slip, 1) j group by i_slip[j]) it on it.slip = g
     order by g;
end
$fn$;
