/**
 * The two calls every claim page starts with — POST /api/claim/getclaims and
 * /api/account/getaccount — written without zod or TanStack Query (their response schemas are
 * downloaded while the calls are in flight), so the claim guard can send them as the app starts,
 * beside the download of the query client rather than after it (bench/RESULTS.md Lighthouse
 * /claim). Both silent: /claims shows its own failure message, and failed loads of account data
 * mostly do nothing (spec 000 §8).
 */
import type { Account, Claim } from '@portal/contracts';
import { lazyResponse, request } from '../request.ts';

const claimsCall = lazyResponse('getClaims', () => import('./claim-start-schemas.ts').then((m) => m.ClaimList));
const accountCall = lazyResponse('getAccount', () => import('./claim-start-schemas.ts').then((m) => m.Account));

export function getClaims(loadingMessage?: string): Promise<Claim[]> {
  return request<Claim[]>(claimsCall, {}, { silent: true, ...(loadingMessage ? { loadingMessage } : {}) });
}

export function getAccount(): Promise<Account> {
  return request<Account>(accountCall, {}, { silent: true });
}
