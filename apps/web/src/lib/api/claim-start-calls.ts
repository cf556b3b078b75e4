/**
 * The two calls every claim page starts with — POST /api/claim/getclaims and
 * /api/account/getaccount — written without zod or TanStack Query (the response schemas are
 * downloaded while the calls are in flight: lib/call.ts), so the claim guard can send them as the app starts,
 * beside the download of the query client rather than after it (bench/RESULTS.md Lighthouse
 * /claim). Both silent: /claims shows its own failure message, and failed loads of account data
 * mostly do nothing (spec 000 §8).
 */
import type { Account, Claim } from '@portal/contracts';
import { call } from '../call.ts';

export function getClaims(loadingMessage?: string): Promise<Claim[]> {
  return call('getClaims', {}, { silent: true, ...(loadingMessage ? { loadingMessage } : {}) });
}

export function getAccount(): Promise<Account> {
  return call('getAccount', {}, { silent: true });
}
