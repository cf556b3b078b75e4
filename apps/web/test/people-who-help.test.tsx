/**
 * My Details → "People who help": the list (contact masked, claim, scope in words, state and
 * dates), what helpers did, inviting someone after the Security step-up (its errors in the
 * summary and at the field, the server's refusal in the catalogue's words, a spent token asking
 * for a new step-up), and withdrawing, ending and "Remove everyone now", each after its question.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Helper } from '@portal/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { activityWords } from '../src/features/account/helper-words.ts';
import { saveLoginToken } from '../src/lib/session.ts';
import { accountFixture, CLAIMS, mockServer, type Call } from './helpers.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
});

const NO_FACTORS = {
  Passkeys: [],
  MaxPasskeys: 5,
  Authenticator: { SetUp: false, CreatedAt: null },
  RecoveryCodesLeft: 0,
};

const SAM: Helper = {
  Id: 'h-sam',
  Name: 'Sam Citizen',
  Contact: 's***@example.com',
  ClaimNumber: '12/34567',
  Scope: 'View',
  State: 'Active',
  EndsOn: '2027-01-31',
  InvitationExpiresAt: null,
};
const JO: Helper = {
  Id: 'h-jo',
  Name: 'Jo Interpreter',
  Contact: '04******78',
  ClaimNumber: '23/45678',
  Scope: 'Send',
  State: 'Invited',
  EndsOn: null,
  // 16 December 2026, 10:04 am in Melbourne (AEDT, +11).
  InvitationExpiresAt: '2026-12-15T23:04:00.000Z',
};
const LEE: Helper = { ...SAM, Id: 'h-lee', Name: 'Lee Former', State: 'Ended', EndsOn: null };

const ACTIVITY = [
  { HelperName: 'Sam Citizen', Call: '/api/documentupload/submitdocumentform', At: '2026-12-02T23:04:00.000Z' },
  { HelperName: 'Sam Citizen', Call: '/api/inbox/getmessages', At: '2026-12-01T22:30:00.000Z' },
];

const STEP_UP_ANSWER = { AccessToken: 'rotated-1', SecureToken: 'secure-1', CodeType: 3, ExpiresInSeconds: 900 };

function helpersServer(list: { helpers: Helper[] }, extra: Parameters<typeof mockServer>[0] = {}) {
  let tokens = 0;
  return mockServer({
    '/api/claim/getclaims': {
      status: 200,
      body: [
        ...CLAIMS.slice(0, 2).map((c, i) => ({ ...c, Selected: i === 0 })),
        { ...CLAIMS[2], Helping: { HelperId: 'x', ClaimantName: 'Pat Other', Scope: 'View' } },
      ],
    },
    '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/account/keepalive': { status: 200, body: { IdleTimeoutSeconds: 1200 } },
    '/api/account/getaccount': { status: 200, body: accountFixture() },
    '/api/security/getfactors': { status: 200, body: NO_FACTORS },
    '/api/security/sendsecuritycode': { status: 200, body: { SMS: false, Email: true } },
    '/api/security/stepup': () => {
      tokens += 1;
      return { status: 200, body: { ...STEP_UP_ANSWER, SecureToken: `secure-${tokens}` } };
    },
    '/api/helpers/gethelpers': () => ({ status: 200, body: list.helpers }),
    '/api/helpers/getactivity': { status: 200, body: ACTIVITY },
    ...extra,
  });
}

async function openBlock() {
  saveLoginToken('session-1', false);
  app = renderApp('/account');
  return screen.findByTestId('helpers-block', {}, { timeout: 3000 });
}

/** The step-up by 4-digit code (no factor yet): the code form opens and sends the code. */
async function stepUpByCode() {
  const input = await screen.findByTestId('access-code-input');
  fireEvent.change(input, { target: { value: '1234' } });
  await screen.findByTestId('helper-invite-form');
  await waitFor(() => expect(screen.queryByTestId('security-step-up')).toBeNull());
}

function errorOf(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('My Details → People who help: the list and the activity', () => {
  it('lists each helper: masked contact, claim, scope in words, state with its dates', async () => {
    helpersServer({ helpers: [SAM, JO, LEE] });
    const block = await openBlock();
    expect(screen.getByRole('heading', { name: 'People who help' })).toBeTruthy();
    const items = within(block).getAllByTestId('helper-item');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Sam Citizen',
      'Jo Interpreter',
      'Lee Former',
    ]);
    const [sam, jo, lee] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(sam.textContent).toContain('s***@example.com · Claim 12/34567');
    expect(sam.textContent).toContain('View. They can see your messages, sent items, payments, decisions');
    expect(within(sam).getByTestId('helper-state').textContent).toBe(
      'Active: they can help now. Their access ends after 31 January 2027.',
    );
    expect(jo.textContent).toContain('View and send. They can do everything View allows, and also send documents');
    expect(within(jo).getByTestId('helper-state').textContent).toContain(
      'Invited: they have not accepted yet. The invitation ends on 16 December 2026 at 10:04 am.',
    );
    expect(within(lee).getByTestId('helper-state').textContent).toContain('Ended: they can no longer help.');
    // Only what each state allows is offered, each named for its helper.
    expect(within(sam).getByRole('button', { name: /^End access ?for Sam Citizen$/ })).toBeTruthy();
    expect(within(jo).getByRole('button', { name: /^Withdraw the invitation ?to Jo Interpreter$/ })).toBeTruthy();
    expect(within(lee).queryByRole('button')).toBeNull();

    const activity = await within(block).findByTestId('helper-activity');
    expect(
      within(activity)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Sam Citizen sent documents on 3 December 2026 at 10:04 am.',
      'Sam Citizen read your messages on 2 December 2026 at 9:30 am.',
    ]);
  });

  it('says in plain words when no one helps, and offers the invitation but not "Remove everyone now"', async () => {
    helpersServer({ helpers: [] });
    const block = await openBlock();
    expect(within(block).getByTestId('helpers-empty').textContent).toMatch(/^No one helps you with your claims yet/);
    expect(within(block).getByTestId('helpers-invite-start')).toBeTruthy();
    expect(within(block).queryByTestId('helpers-end-all')).toBeNull();
  });

  it('words a call, a call with a parameter, an upload and anything else', () => {
    expect(activityWords('/api/payments/getpayments')).toBe('looked at your payments');
    expect(activityWords('/api/documentupload/submit/reimbursement')).toBe('sent a form');
    expect(activityWords('/api/documentupload/uploadfiles')).toBe('uploaded a document');
    expect(activityWords('/api/something/else')).toBe('used your claim');
  });
});
