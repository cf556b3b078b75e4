/**
 * The request layer checks each answer with its endpoint's schemas, loaded one area at a time
 * (lib/request/request-checks.ts): every call's area chunk holds that call, with the very schemas the
 * server binds (ENDPOINTS).
 */
import { ENDPOINTS, ErrorList, ROUTES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { loadEndpoint, readErrorList } from '../src/lib/request/request-checks.ts';

describe('loadEndpoint', () => {
  it('answers ENDPOINTS[name] for every call of ROUTES', async () => {
    for (const name of Object.keys(ROUTES) as (keyof typeof ROUTES)[]) {
      expect(await loadEndpoint(name)).toBe(ENDPOINTS[name]);
    }
  });

  it('reads a 225 list with the contracts’ ErrorList', async () => {
    const list = [{ Number: 7, Message: 'Invalid username or password.' }];
    expect(await readErrorList(list)).toEqual(ErrorList.parse(list));
    expect(await readErrorList([{ Number: 'seven' }])).toBeUndefined();
  });
});
