import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { dropPgTemplate } from './helpers.ts';

// STYLE rule 6: any console.error during a test fails it.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called: ${JSON.stringify(errors[0])}`);
});

afterAll(() => dropPgTemplate());
