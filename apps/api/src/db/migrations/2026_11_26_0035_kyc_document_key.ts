import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// One identity document verifies at most one account (modules/kyc/README.md). `document_key` is the document number
// as the domain compares it (identityDocumentKey: no spaces or dashes, upper case; submissions have no document type
// or country, so the number alone); every submission carries it, so the operator's queue shows the other accounts
// that submitted the same document. A partial unique index allows one verified submission per key, so two parallel
// approvals of one document for two accounts cannot both commit. Submissions verified before this migration that
// share a document with an earlier verified one are kept as they are (`legacy_shared_document`, outside the index:
// no decision is undone here); the queue flags them like any other.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table kyc_submissions
    add column document_key text,
    add column legacy_shared_document boolean not null default false`.execute(db);
  await sql`update kyc_submissions
    set document_key = upper(regexp_replace(document_number, '[[:space:]-]', '', 'g'))`.execute(db);
  await sql`alter table kyc_submissions alter column document_key set not null`.execute(db);
  await sql`update kyc_submissions k set legacy_shared_document = true
    where k.status = 'verified' and exists (
      select 1 from kyc_submissions e
      where e.document_key = k.document_key and e.status = 'verified' and e.id < k.id)`.execute(db);
  await sql`create index kyc_submissions_document_idx on kyc_submissions (document_key, user_id)`.execute(db);
  await sql`create unique index kyc_submissions_one_verified_document_idx on kyc_submissions (document_key)
    where status = 'verified' and not legacy_shared_document`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index kyc_submissions_one_verified_document_idx`.execute(db);
  await sql`drop index kyc_submissions_document_idx`.execute(db);
  await sql`alter table kyc_submissions drop column legacy_shared_document, drop column document_key`.execute(db);
}
