/**
 * Identity verification (KYC): a player submits their real name, document number and two photos of the document;
 * an operator approves or rejects it with a reason the player sees; after a rejection the player submits again.
 * The photos are re-encoded without metadata and stored outside the web root (lib/uploads.ts); they are read only
 * by their owner and by operators (anyone else: 404, as for a submission that does not exist).
 */
import type { AdminKyc, KycDocumentMatch, KycIndex, KycStatus, Paged } from '@fairdraw/contract';
import { kycSubmitFields } from '@fairdraw/contract';
import { identityDocumentKey } from '@fairdraw/domain';
import type { Db } from '../../db/database.ts';
import { playerTransaction } from '../../db/player-lock.ts';
import { AppError } from '../../lib/app-error.ts';
import { toPage } from '../../lib/paging.ts';
import { readUpload, reencodeDocument, withStoredUpload } from '../../lib/uploads.ts';
import type { UploadForm } from '../../lib/uploads.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { decidePending } from '../decisions/pending-decision.service.ts';
import type { DecisionMessage } from '../decisions/pending-decision.service.ts';
import { activeExclusions } from '../protection/protection.service.ts';
import { getWithdrawSettings } from '../wallet/wallet.service.ts';
import * as uploadQuota from '../uploads/upload-quota.service.ts';
import type { UploadQuota } from '../uploads/upload-quota.service.ts';
import * as repo from './kyc.repository.ts';
import type { DocumentHolderRow, KycSubmissionRow, KycWithUser } from './kyc.repository.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';

/** What a decision tells the rest of the site (inside the decision's transaction): the player and the outcome. */
export type KycDecidedEvent = {
  userId: number;
  submissionId: number;
  status: 'verified' | 'rejected';
  reason: string | null;
};
/** Called in the decision's transaction, after the player's message (for anything else a decision should start). */
export type KycDecidedHook = (trx: Db, event: KycDecidedEvent) => Promise<void>;

/** The document number as the player sees it: all but the last four characters hidden. */
export function maskDocumentNumber(n: string): string {
  return n.length <= 4 ? n : `••••${n.slice(-4)}`;
}

export async function isKycVerified(db: Db, userId: number): Promise<boolean> {
  return (await repo.latestSubmission(db, userId))?.status === 'verified';
}

export async function kycIndex(db: Db, userId: number): Promise<KycIndex> {
  const [latest, settings] = await Promise.all([repo.latestSubmission(db, userId), getWithdrawSettings(db)]);
  const required = settings.require_kyc === true;
  if (!latest) {
    return {
      status: 'none',
      id: null,
      real_name: null,
      document_number: null,
      reason: null,
      submitted_at: null,
      decided_at: null,
      required_for_withdrawal: required,
    };
  }
  return {
    status: latest.status,
    id: latest.id,
    real_name: latest.real_name,
    document_number: maskDocumentNumber(latest.document_number),
    reason: latest.reason,
    submitted_at: latest.created_at.getTime(),
    decided_at: latest.decided_at ? latest.decided_at.getTime() : null,
    required_for_withdrawal: required,
  };
}

function fieldsOf(form: UploadForm) {
  const parsed = kycSubmitFields.safeParse(form.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'real_name');
    const key =
      issue?.message === 'REAL_NAME_FORMAT' || issue?.message === 'DOCUMENT_NUMBER_FORMAT' ? issue.message : null;
    if (form.fields[field] === undefined || form.fields[field].trim() === '') {
      throw new AppError('REQUIRED_FIELDS', { field });
    }
    throw new AppError(key ?? 'VALIDATION_FAILED', { field });
  }
  return parsed.data;
}

/**
 * A player's submission. Refused with KYC_ALREADY_SUBMITTED while one is pending or verified (checked under a lock
 * on the player, and by a unique index); a rejected one may be followed by a new one.
 */
export async function submitKyc(
  db: Db,
  user: SessionUser,
  form: UploadForm,
  ctx: { dir: string; now: Date; quota: UploadQuota },
): Promise<KycIndex> {
  const fields = fieldsOf(form);
  const latest = await repo.latestSubmission(db, user.id);
  if (latest && latest.status !== 'rejected') throw new AppError('KYC_ALREADY_SUBMITTED');
  const [front, back] = await Promise.all([
    reencodeDocument(form.files.front, 'front'),
    reencodeDocument(form.files.back, 'back'),
  ]);
  const actor: AuditActor = { userId: user.id, account: user.account };
  // Both photos are deleted again if the submission is refused or rolled back (withStoredUpload).
  await withStoredUpload(ctx.dir, front, 'jpg', (frontFile) =>
    withStoredUpload(ctx.dir, back, 'jpg', (backFile) =>
      // The player's row is locked first (db/player-lock.ts): one submission of a player at a time.
      playerTransaction(db, user.id, async (trx) => {
        const current = await repo.latestSubmission(trx, user.id);
        if (current && current.status !== 'rejected') throw new AppError('KYC_ALREADY_SUBMITTED');
        // Both photos count against the player's daily upload quota (modules/uploads); beyond it, both are removed.
        await uploadQuota.count(trx, user.id, [front.length, back.length], ctx.now, ctx.quota);
        const row = await repo.insertSubmission(trx, {
          user_id: user.id,
          real_name: fields.real_name,
          document_number: fields.document_number,
          document_key: identityDocumentKey(fields.document_number),
          front_file: frontFile!,
          back_file: backFile!,
          created_at: ctx.now,
        });
        await writeAudit(trx, actor, 'kyc.submit', `kyc:${row.id}`, null, snapshot(row));
      }),
    ),
  );
  return kycIndex(db, user.id);
}

/**
 * One photo of a submission, for its owner or an operator. Anyone else hears 404 KYC_NOT_FOUND, exactly as for a
 * submission that does not exist, so ids reveal nothing.
 */
export async function readKycImage(
  db: Db,
  reader: SessionUser,
  id: number,
  side: 'front' | 'back',
  dir: string,
): Promise<{ name: string; bytes: Buffer }> {
  const row = await repo.findSubmission(db, id);
  const allowed =
    row !== undefined && (reader.role === 'operator' || (reader.role === 'player' && row.user_id === reader.id));
  if (!row || !allowed) throw new AppError('KYC_NOT_FOUND');
  const name = side === 'front' ? row.front_file : row.back_file;
  return { name, bytes: await readUpload(dir, name) };
}

function snapshot(row: KycSubmissionRow) {
  // The document number is not copied into the audit log (it stays in one place).
  return { id: row.id, user_id: row.user_id, status: row.status, reason: row.reason };
}

/** What the queue shows about a submission's document: the other accounts that submitted it, and what blocks approval. */
type DocumentFlags = Pick<AdminKyc, 'document_matches' | 'approval_blocked'>;

/**
 * The other accounts that submitted the same document as each of these submissions (by document key), with their
 * freeze and break at `now`, and why an approval would be refused (blockOf): one query for the holders, one for the
 * breaks, whatever the number of rows.
 */
async function documentFlags(
  db: Db,
  rows: readonly Pick<KycSubmissionRow, 'id' | 'user_id' | 'document_key' | 'status'>[],
  now: Date,
): Promise<Map<number, DocumentFlags>> {
  const holders = await repo.documentHolders(
    db,
    rows.map((r) => r.document_key),
  );
  const breaks = await activeExclusions(
    db,
    holders.map((h) => h.user_id),
    now,
  );
  const out = new Map<number, DocumentFlags>();
  for (const row of rows) {
    const matches = holders
      .filter((h) => h.document_key === row.document_key && h.user_id !== row.user_id)
      .map((h) => toMatch(h, breaks.has(h.user_id)));
    out.set(row.id, {
      document_matches: matches,
      approval_blocked: row.status === 'pending' ? blockOf(matches).key : null,
    });
  }
  return out;
}

function toMatch(h: DocumentHolderRow, onBreak: boolean): KycDocumentMatch {
  return {
    user_id: h.user_id,
    account: h.account,
    nickname: h.nickname,
    kyc_status: h.status,
    frozen: h.frozen,
    on_break: onBreak,
  };
}

/**
 * One document verifies one account: approval is refused while another account is verified with it
 * (KYC_DOCUMENT_IN_USE), or while another account that submitted it is frozen or on a time-out or self-exclusion
 * (KYC_DOCUMENT_HOLDER_RESTRICTED: a second account must not get round the freeze or the break).
 */
function blockOf(matches: readonly KycDocumentMatch[]): { key: AdminKyc['approval_blocked']; account: string | null } {
  const verified = matches.find((m) => m.kyc_status === 'verified');
  if (verified) return { key: 'KYC_DOCUMENT_IN_USE', account: verified.account };
  const restricted = matches.find((m) => m.frozen || m.on_break);
  if (restricted) return { key: 'KYC_DOCUMENT_HOLDER_RESTRICTED', account: restricted.account };
  return { key: null, account: null };
}

export function toAdminKyc(row: KycWithUser, flags: DocumentFlags): AdminKyc {
  return {
    id: row.id,
    user: { user_id: row.user_id, account: row.account, nickname: row.nickname },
    real_name: row.real_name,
    document_number: row.document_number,
    status: row.status,
    reason: row.reason,
    created_at: row.created_at.getTime(),
    decided_at: row.decided_at ? row.decided_at.getTime() : null,
    ...flags,
  };
}

export async function listForOperator(
  db: Db,
  query: { status: KycStatus; page: number; limit: number },
  now: Date,
): Promise<Paged<AdminKyc>> {
  const rows = await repo.listSubmissions(db, query.status, query.page, query.limit);
  const flags = await documentFlags(db, rows, now);
  return toPage(rows, query, (row) => toAdminKyc(row, flags.get(row.id) ?? NO_FLAGS));
}

const NO_FLAGS: DocumentFlags = { document_matches: [], approval_blocked: null };

/** Whether an error is the refusal of a second verified submission of one document (migration 0035). */
function isDocumentTaken(err: unknown): boolean {
  return isUniqueViolation(err, DOCUMENT_INDEX);
}
const DOCUMENT_INDEX = 'kyc_submissions_one_verified_document_idx';

/**
 * Approves or rejects a pending submission: the row is locked first, so of two decisions one decides and the other
 * answers 409 ALREADY_DECIDED; the audit row (and the hook, e.g. the player's message) commit with the status.
 * An approval is refused while another account is verified with the same document (KYC_DOCUMENT_IN_USE) or another
 * account that submitted it is frozen or on a break (KYC_DOCUMENT_HOLDER_RESTRICTED), read in the decision's
 * transaction; two approvals of one document for two accounts at once are ordered by the unique index on verified
 * documents: the second waits for the first and is refused with KYC_DOCUMENT_IN_USE.
 */
export async function decideKyc(
  db: Db,
  actor: AuditActor,
  input: { id: number; status: 'verified' | 'rejected'; reason?: string | undefined },
  ctx: { now: Date; onDecided?: KycDecidedHook | undefined },
): Promise<AdminKyc> {
  const reason = input.status === 'rejected' ? (input.reason ?? '').trim() : null;
  if (input.status === 'rejected' && !reason) throw new AppError('REASON_REQUIRED', { field: 'reason' });
  try {
    await db.transaction().execute(async (trx) => {
      const before = await decidePending(trx, {
        actor,
        action: input.status === 'verified' ? 'kyc.approve' : 'kyc.reject',
        target: `kyc:${input.id}`,
        now: ctx.now,
        lock: (t) => repo.lockSubmission(t, input.id),
        notFound: 'KYC_NOT_FOUND',
        check: async (t, row) => {
          if (input.status !== 'verified') return;
          const flags = (await documentFlags(t, [row], ctx.now)).get(row.id) ?? NO_FLAGS;
          const block = blockOf(flags.document_matches);
          if (block.key) throw new AppError(block.key, { params: { account: block.account ?? '' } });
        },
        decide: (t) =>
          repo.decideSubmission(t, input.id, {
            status: input.status,
            reason,
            decided_at: ctx.now,
            decided_by: actor.userId,
          }),
        audit: (row) => ({ before: snapshot(row), after: { ...snapshot(row), status: input.status, reason } }),
        // The player's "KYC decided" message commits with the decision (worded in their language when read).
        message: (): DecisionMessage =>
          input.status === 'verified'
            ? { kind: 'kyc_approved', params: {} }
            : { kind: 'kyc_rejected', params: { reason } },
      });
      await ctx.onDecided?.(trx, { userId: before.user_id, submissionId: before.id, status: input.status, reason });
    });
  } catch (err) {
    if (!isDocumentTaken(err)) throw err;
    // Another approval of the same document committed first (this transaction rolled back): name its account.
    const row = await repo.findSubmission(db, input.id);
    const flags = row ? (await documentFlags(db, [row], ctx.now)).get(row.id) : undefined;
    const holder = flags?.document_matches.find((m) => m.kyc_status === 'verified');
    throw new AppError('KYC_DOCUMENT_IN_USE', { params: { account: holder?.account ?? '' }, cause: err });
  }
  const row = await repo.findSubmissionWithUser(db, input.id);
  if (!row) throw new AppError('KYC_NOT_FOUND');
  return toAdminKyc(row, (await documentFlags(db, [row], ctx.now)).get(row.id) ?? NO_FLAGS);
}
