/**
 * Whether an error says a dependency could not be reached — the database (or, on SQLite, a file
 * kept locked by another process past the busy time-out), Redis, any server behind a socket —
 * rather than that the request or a statement was wrong: the request is then answered "busy, try
 * again" (198 with Retry-After; the provider API: 503), not as a fault of ours (decision 037).
 * /readyz says which dependency fails.
 */
import { DependencyUnavailable } from '../errors.ts';

/** The socket errors of a server that refuses, resets, cannot be routed to or cannot be named. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for a server that is there but will not take the work: class 08
 * (connection exception), shutting down or starting up (57P01–57P03), out of connections (53300).
 */
const SERVER_BUSY = /^(08...|57P0[123]|53300)$/;

/**
 * pg's and ioredis's own words for a connection lost or never made (these errors carry no code).
 * Redis's are caught where it is called (DependencyUnavailable); these are the net under them.
 */
const LOST = new RegExp(
  [
    'Connection terminated',
    'timeout exceeded when trying to connect',
    'Connection ended unexpectedly',
    'is not queryable',
    "Stream isn't writeable",
    'Connection is closed',
    'Command timed out',
    'max retries per request',
  ].join('|'),
  'i',
);

/** node:sqlite: SQLITE_BUSY (5) and SQLITE_LOCKED (6), once busy_timeout has passed. */
const SQLITE_LOCKED = new Set([5, 6]);

export function isUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (error instanceof DependencyUnavailable) return true;
  // A name that resolves to several addresses: one error per address tried.
  if (error instanceof AggregateError) return error.errors.some(isUnreachable);
  const { code, errcode, message } = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_BUSY.test(code))) return true;
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && SQLITE_LOCKED.has(errcode)) return true;
  return typeof message === 'string' && LOST.test(message);
}
