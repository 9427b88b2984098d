import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type AuditEntry } from '@fairdraw/contract';
import { pagedQuery } from '../../../lib/paged.ts';

export const auditQuery = () => pagedQuery<AuditEntry>(['admin', 'audit'], API.adminAuditList, {});

export const useAudit = () => useInfiniteQuery(auditQuery());
