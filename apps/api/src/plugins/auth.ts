import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@fairdraw/contract';
import { AppError } from '../lib/app-error.ts';
import { hashToken } from '../lib/tokens.ts';
import DataLoader from 'dataloader';
import { findActiveSessions } from '../modules/accounts/accounts.repository.ts';

export type SessionUser = {
  id: number;
  sessionId: number;
  account: string;
  nickname: string;
  avatar: string;
  role: Role;
  isGuest: boolean;
  createdAt: Date;
  /** Read with the session, so /api/user/index answers has_fund_password without another query. */
  hasFundPassword: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a session: sets request.user or answers 401 LOGIN_REQUIRED. */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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
    // arrive together); nothing is cached between turns, so a revoked session is refused at once.
    const sessions = new DataLoader(
      async (hashes: readonly string[]) => {
        const found = await findActiveSessions(app.db, hashes, new Date());
        return hashes.map((h) => found.get(h));
      },
      { cache: false, maxBatchSize: 500 },
    );
    app.decorate('requireSession', async (request: FastifyRequest) => {
      const token = request.headers.token;
      if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
        throw new AppError('LOGIN_REQUIRED');
      }
      const row = await sessions.load(hashToken(token));
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
      };
    });
    done();
  },
  { name: 'auth', dependencies: ['db', 'errors'] },
);
