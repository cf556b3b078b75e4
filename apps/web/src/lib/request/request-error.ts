/**
 * Errors of the request layer and their alert text (spec 000 §8).
 *
 * - Each error shows its message followed by 'Error Code N'.
 * - If any error has a negative number, only that one is shown.
 * - The client catalogue numbers 1–4 (endpoint not available, unprocessable request, script
 *   error, syntax error) show 'Your request could not be completed.' with the specific reason
 *   underneath (e.g. 'Unprocessable Request' for HTTP 415).
 * - A time-out shows 'Sorry, request timed out. Please try again.' with no code.
 */
import { CLIENT_MESSAGES, ErrorNumber, type ErrorItem } from '@portal/contracts';

export type RequestErrorKind =
  | 'server' // HTTP 225 with an error list
  | 'unavailable' // 1: non-list body / unexpected status
  | 'unprocessable' // 2: HTTP 415
  | 'network' // 3: fetch failed (offline, DNS, connection reset)
  | 'syntax' // 4: a 200 whose body is not the expected JSON
  | 'timeout';

export type AlertEntry = {
  message: string;
  /** The specific reason under a generic catalogue message. */
  detail?: string;
  /** Shown as 'Error Code N'; absent for a time-out. */
  code?: number;
};

export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  readonly items: readonly ErrorItem[];
  readonly status: number | undefined;
  /** True when the error forced a logout (token-expired number): callers should just stop. */
  readonly forcedLogout: boolean;

  constructor(kind: RequestErrorKind, items: readonly ErrorItem[], status?: number, forcedLogout = false) {
    super(alertText(kind, items));
    this.name = 'RequestError';
    this.kind = kind;
    this.items = items;
    this.status = status;
    this.forcedLogout = forcedLogout;
  }

  /** The first error number, if any. */
  get number(): number | undefined {
    return this.items[0]?.Number;
  }

  get entries(): AlertEntry[] {
    return alertEntries(this.kind, this.items);
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}

function isClientCatalogueNumber(n: number): boolean {
  return n >= ErrorNumber.EndpointNotAvailable && n <= ErrorNumber.SyntaxError;
}

export function alertEntries(kind: RequestErrorKind, items: readonly ErrorItem[]): AlertEntry[] {
  if (kind === 'timeout') return [{ message: CLIENT_MESSAGES.requestTimedOut }];
  // Not the browser's words ("TypeError: Failed to fetch"): what happened and what to do.
  if (kind === 'network') return [{ message: CLIENT_MESSAGES.connectionLost, code: ErrorNumber.ScriptError }];
  // spec 000 §8: if any error has a negative number only that one is shown.
  const negative = items.find((item) => item.Number < 0);
  const shown = negative ? [negative] : items;
  if (shown.length === 0) {
    return [{ message: CLIENT_MESSAGES.requestNotCompleted, code: ErrorNumber.ScriptError }];
  }
  return shown.map((item) =>
    isClientCatalogueNumber(item.Number)
      ? {
          message: CLIENT_MESSAGES.requestNotCompleted,
          ...(item.Message && item.Message !== CLIENT_MESSAGES.requestNotCompleted ? { detail: item.Message } : {}),
          code: item.Number,
        }
      : { message: item.Message, code: item.Number },
  );
}

/** The alert as plain text, one line each: message, [detail,] 'Error Code N'. */
export function formatAlertText(entries: readonly AlertEntry[]): string {
  return entries
    .flatMap((entry) => [
      entry.message,
      ...(entry.detail ? [entry.detail] : []),
      ...(entry.code === undefined ? [] : [`Error Code ${entry.code}`]),
    ])
    .join('\n');
}

function alertText(kind: RequestErrorKind, items: readonly ErrorItem[]): string {
  return formatAlertText(alertEntries(kind, items));
}
