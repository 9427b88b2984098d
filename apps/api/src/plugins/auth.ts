import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API } from '@fairdraw/contract';
import { AppError } from '../lib/app-error.ts';
import { hashToken } from '../lib/tokens.ts';
import DataLoader from 'dataloader';
import { LRUCache } from 'lru-cache';
import { embeddedListen } from '../db/database.ts';
import { pgListener } from '../db/pg-listen.ts';
import { findActiveSessions } from '../modules/auth/auth.service.ts';
import type { ActiveSession } from '../modules/auth/auth.service.ts';
import type { SessionUser } from '../lib/session-user.ts';

/** The channel on which a change to a user or a session is announced with the user's id (migration 0012). */
export const SESSION_CHANNEL = 'fd_sessions';

export type { SessionUser };

/**
 * What a session whose password an operator reset may still call (docs/trust.md): who am I, change the password,
 * log out. Every other route that needs a session answers 403 PASSWORD_CHANGE_REQUIRED until the password changed.
 */
export const PASSWORD_CHANGE_ALLOWED: ReadonlySet<string> = new Set([
  `GET ${API.profile}`,
  `POST ${API.changePassword}`,
  `POST ${API.logout}`,
]);

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a session: sets request.user or answers 401 LOGIN_REQUIRED. */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Forgets the sessions this instance keeps for the user. The trigger's announcement does it for every instance
     * a moment after commit; a route that changed the user calls this too, so its own next request never waits.
     */
    forgetSessions: (userId: number) => void;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

const MAX_TOKEN_LENGTH = 256;

export default fp(
  (app, _opts, done) => {
    app.decorateRequest('user', null);
    // Sessions asked for in the same turn of the event loop are read with one query (under load many requests
    // arrive together), and kept for SESSION_CACHE_MS (never past their expiry) while this instance hears of every
    // change: a change to a user or a session (a logout, a password change, a fund password) is announced on
    // SESSION_CHANNEL by a trigger once it commits (migration 0012), and that user's sessions are forgotten at once.
    // Without the announcements (PostgreSQL connection down) nothing is kept. A read that started before an
    // announcement is not kept either, so a session revoked meanwhile cannot come back from it.
    const byUser = new Map<number, Set<string>>(); // the token hashes kept for each user
    const cached = new LRUCache<string, ActiveSession>({
      max: 100_000,
      dispose: (session, hash) => {
        const hashes = byUser.get(session.user_id);
        hashes?.delete(hash);
        if (hashes?.size === 0) byUser.delete(session.user_id);
      },
    });
    let trusted = false;
    let generation = 0;
    const forgetUser = (userId: number) => {
      generation += 1;
      for (const hash of [...(byUser.get(userId) ?? [])]) cached.delete(hash);
    };
    const sessions = new DataLoader(
      async (hashes: readonly string[]) => {
        const at = generation;
        const now = app.clock();
        const found = await findActiveSessions(app.db, hashes, now);
        if (trusted && app.config.sessionCacheMs > 0 && at === generation) {
          for (const [hash, session] of found) {
            const ttl = Math.min(app.config.sessionCacheMs, session.expires_at.getTime() - now.getTime());
            if (ttl <= 0) continue;
            cached.set(hash, session, { ttl });
            const hashes = byUser.get(session.user_id);
            if (hashes) hashes.add(hash);
            else byUser.set(session.user_id, new Set([hash]));
          }
        }
        return hashes.map((h) => found.get(h));
      },
      { cache: false, maxBatchSize: 500 },
    );
    app.decorate('forgetSessions', forgetUser);
    const onChange = (payload: string) => forgetUser(Number(payload));
    const trust = (listening: boolean) => {
      trusted = listening;
      generation += 1;
      if (!listening) cached.clear();
    };
    if (app.config.databaseUrl) {
      const listener = pgListener(app.config.databaseUrl, SESSION_CHANNEL, onChange, { log: app.log, onState: trust });
      app.addHook('onReady', () => listener.start());
      app.addHook('onClose', () => listener.stop());
    } else {
      const listen = embeddedListen(app.db);
      if (listen) {
        let stop: (() => Promise<void>) | undefined;
        app.addHook('onReady', async () => {
          stop = await listen(SESSION_CHANNEL, onChange);
          trust(true);
        });
        app.addHook('onClose', async () => {
          trust(false);
          await stop?.();
        });
      }
    }
    app.decorate('requireSession', async (request: FastifyRequest) => {
      const token = request.headers.token;
      if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
        throw new AppError('LOGIN_REQUIRED');
      }
      const hash = hashToken(token);
      // A kept session is used until its expiry by the app's clock, which a test may move faster than the cache ages.
      const kept = cached.get(hash);
      const row = (kept && kept.expires_at > app.clock() ? kept : undefined) ?? (await sessions.load(hash));
      if (!row) throw new AppError('LOGIN_REQUIRED');
      request.user = {
        id: row.user_id,
        sessionId: row.session_id,
        account: row.account,
        nickname: row.nickname,
        avatar: row.avatar,
        role: row.role,
        isGuest: row.is_guest,
        createdAt: row.created_at,
        hasFundPassword: row.has_fund_password,
        frozen: row.frozen,
        mustChangePassword: row.must_change_password,
      };
      if (row.must_change_password && !PASSWORD_CHANGE_ALLOWED.has(`${request.method} ${request.routeOptions.url}`)) {
        throw new AppError('PASSWORD_CHANGE_REQUIRED');
      }
    });
    done();
  },
  { name: 'auth', dependencies: ['clock', 'db', 'errors'] },
);
