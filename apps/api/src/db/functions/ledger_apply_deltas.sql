-- ledger_apply_deltas: the one statement that moves cached balances (decision 0004). Every writer calls it:
-- ledger.repository.ts applyDeltas (postTransaction, postTransactions, postWalletBatch) and place_bet_slips.
-- Adds to each account (p_account[i]) its delta (p_delta[i]; several entries for one account are summed) and
-- answers each account's new balance.
--
-- The accounts must already be locked (ledger_lock_accounts). The guard is the table's CHECK
-- ledger_accounts_player_balance_nonnegative (migration 0003): a player account (cash, demo, pending withdrawals)
-- that would go below zero fails the whole statement with SQLSTATE 23514 and that constraint's name, which the
-- repository answers as INSUFFICIENT_BALANCE; the caller's transaction then rolls back, so nothing is written.
create or replace function ledger_apply_deltas(p_account int[], p_delta bigint[])
returns table (r_id int, r_balance bigint)
language plpgsql as $fn$
begin
  return query
    update ledger_accounts a set balance = a.balance + d.delta
      from (select u.id, sum(u.delta)::bigint as delta
              from unnest(p_account, p_delta) as u(id, delta) group by u.id) d
     where a.id = d.id
    returning a.id, a.balance;
end
$fn$;
