// The query keys of the server state more than one screen reads or refreshes: a screen that changes one of these
// (a bet moves the wallet, a new payout method the list, a read message the unread count) invalidates it by the key
// exported here, never by a string of its own. A key is the prefix: the query adds the session's token (and what
// else it depends on) after it, and invalidating the prefix refreshes every such query.

/** The player's wallet: balance, currency, exponent (server-state/wallet.ts). */
export const WALLET_KEY = ['wallet'] as const;
/** The signed-in user's profile (server-state/profile.ts). */
export const PROFILE_KEY = ['profile'] as const;
/** The player's bound payout methods (server-state/payouts.ts). */
export const PAYOUTS_KEY = ['payouts'] as const;
/** The player's spending limits and reality check (server-state/limits.ts). */
export const LIMITS_KEY = ['limits'] as const;
/** How many messages are unread: the My tab's badge and the My row (server-state/unread.ts). */
export const UNREAD_KEY = ['msg-unread'] as const;
/** The inbox's pages (the inbox screen reads them; the member stream refreshes them). */
export const INBOX_KEY = ['msg-list'] as const;
/** The player's identity verification (server-state/kyc.ts): My, the identity screen and the withdrawal screen. */
export const KYC_KEY = ['kyc'] as const;
/** The player's support conversations: the list and each one (the member stream refreshes them). */
export const SUPPORT_KEY = ['support'] as const;
export const SUPPORT_LIST_KEY = [...SUPPORT_KEY, 'list'] as const;
export const supportDetailKey = (id: number) => [...SUPPORT_KEY, 'detail', id] as const;
