/**
 * Identity documents (KYC): one document verifies at most one account. Two spellings of one document number must
 * compare equal, so the comparison uses a key: the number with every space and dash removed (any Unicode dash or
 * space, full-width forms folded by NFKC) and in upper case. Submissions carry no document type or issuing country
 * (the form asks for a number only), so the key is the number alone.
 */

/** Spaces, dashes (any Unicode dash punctuation, the minus sign) and invisible separators. */
const SEPARATORS = /[\s\p{Pd}\u2212\u00ad\u200b-\u200d\u2060\ufeff]/gu;

/** The comparable key of a document number ('ab-12 34' and 'AB1234' give the same key). */
export function identityDocumentKey(documentNumber: string): string {
  return documentNumber.normalize('NFKC').replace(SEPARATORS, '').toUpperCase();
}

/** Whether two document numbers name the same document. */
export function sameIdentityDocument(a: string, b: string): boolean {
  return identityDocumentKey(a) === identityDocumentKey(b);
}
