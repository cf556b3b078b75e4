import type { Problem } from '@portal/contracts';

/** An error of the provider API, answered as RFC 9457 problem details. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(detail ?? title);
  }

  toProblem(): Problem {
    return {
      type: 'about:blank',
      title: this.title,
      status: this.status,
      ...(this.detail ? { detail: this.detail } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export const notFound = (what: string) => new ProviderError(404, 'Not Found', `${what} not found`);
