-- ledger_lock_accounts: the ledger's one lock (decision 0004). Every writer of balances locks the accounts it is
-- about to change through this function before it changes them or inserts postings that reference them:
-- ledger.repository.ts lockAccounts (postTransaction, postTransactions, postWalletBatch) and place_bet_slips.
--
-- Mode: FOR NO KEY UPDATE, the lock an UPDATE of the balance takes anyway (so the update that follows never has to
-- upgrade it). It excludes every other writer of the row but not the KEY SHARE locks of foreign-key checks.
-- Order: players' accounts first, then the house-wide ones (user_id is null), each by key in byte order. Two
-- transactions that each lock several accounts therefore never wait for each other in a cycle. House-wide accounts
-- come last because nearly every transaction needs one: whoever holds one should reach commit soon after (a bet
-- batch locks and checks its players' wallets while the previous batch still holds the house account).
--
-- Answers the id and balance of each account locked, in lock order; a key without an account is absent.
create or replace function ledger_lock_accounts(p_keys text[])
returns table (r_id int, r_key text, r_balance bigint)
language plpgsql as $fn$
begin
  return query
    select a.id, a.key, a.balance from ledger_accounts a
     where a.key = any(p_keys)
     order by a.user_id is null, a.key collate "C"
       for no key update;
end
$fn$;
