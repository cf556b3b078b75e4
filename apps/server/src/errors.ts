/** One error path (STYLE rule 4): services throw AppError; one handler turns it into the 225 list. */
import { ErrorNumber, catalogueMessage, type ErrorItem } from '@portal/contracts';

export const ERROR_STATUS = 225;

export class AppError extends Error {
  items: ErrorItem[];
  constructor(number: number, message?: string, field?: string) {
    const text = message ?? catalogueMessage(number);
    super(text);
    this.items = [{ Number: number, Message: text, ...(field ? { Field: field } : {}) }];
  }

  /** Several errors at once (validation of a whole form). */
  static list(items: ErrorItem[]): AppError {
    const error = new AppError(items[0]?.Number ?? 100, items[0]?.Message);
    error.items = items;
    return error;
  }
}

/** Zod issues as catalogue items: number 100, the rule's message, the field's path. */
export function zodIssueItems(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ErrorItem[] {
  return issues.map((i) => ({
    Number: 100,
    Message: i.message,
    ...(i.path.length ? { Field: i.path.map(String).join('.') } : {}),
  }));
}

/** The seconds a busy answer (198) asks a client to wait: Redis is tried again every 2 s, the database on the next request. */
export const BUSY_RETRY_AFTER_S = 5;

export type Dependency = 'database' | 'redis';

/** A dependency could not be reached: 198 with Retry-After, never 500 (decision 037). */
export class DependencyUnavailable extends AppError {
  constructor(readonly dependency: Dependency) {
    super(ErrorNumber.ServiceBusy);
  }
}
