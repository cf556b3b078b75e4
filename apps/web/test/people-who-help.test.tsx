/**
 * My Details → "People who help": the list (contact masked, claim, scope in words, state and
 * dates), what helpers did, inviting someone after the Security step-up (its errors in the
 * summary and at the field, the server's refusal in the catalogue's words, a spent token asking
 * for a new step-up), changing what a helper can do (more after the step-up, less at once), and
 * withdrawing, ending and "Remove everyone now", each after its question.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Helper } from '@portal/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { activityWords } from '../src/features/account/helper-words.ts';
import { saveLoginToken } from '../src/lib/session/session.ts';
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
  Appointed: false,
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
  Appointed: false,
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
  await waitFor(() => expect(screen.queryByTestId('helpers-step-up')).toBeNull());
}

/** The summary's entries that link to a field (the help line's phone link is not one). */
function fieldLinks(summary: HTMLElement): string[] {
  return within(summary)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href') ?? '')
    .filter((href) => href.startsWith('#'));
}

const FOUR = ['#helper-invite-name', '#helper-invite-contact', '#helper-invite-claim', '#helper-invite-scope-view'];

function errorOf(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('My Details → People who help: the list and the activity', () => {
  it('lists each helper: masked contact, claim, scope in words, state with its dates', async () => {
    helpersServer({ helpers: [SAM, JO, LEE] });
    const block = await openBlock();
    expect(screen.getByRole('heading', { name: 'People who help' }).tagName).toBe('H2');
    expect(screen.getByRole('region', { name: 'People who help' }).contains(block)).toBe(true);
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
    const end = within(sam).getByRole('button', { name: /^End access ?for Sam Citizen$/ }) as HTMLButtonElement;
    expect(end.textContent).toBe('End access for Sam Citizen');
    expect(end.disabled).toBe(false);
    const withdraw = within(jo).getByRole('button', {
      name: /^Withdraw the invitation ?to Jo Interpreter$/,
    }) as HTMLButtonElement;
    expect(withdraw.textContent).toBe('Withdraw the invitation to Jo Interpreter');
    expect(withdraw.disabled).toBe(false);
    expect(within(sam).queryByTestId('helper-withdraw')).toBeNull();
    expect(within(jo).queryByTestId('helper-end')).toBeNull();
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
    const inviteStart = within(block).getByTestId('helpers-invite-start') as HTMLButtonElement;
    expect(inviteStart.textContent).toBe('Invite someone to help');
    expect(inviteStart.disabled).toBe(false);
    expect(within(block).queryByTestId('helpers-end-all')).toBeNull();
  });

  it('shows the latest 10 of what helpers did, then all of them on request, the keyboard at the first one added', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      HelperName: 'Sam Citizen',
      Call: '/api/payments/getpayments',
      At: new Date(Date.UTC(2026, 11, 2, 23, 59 - i)).toISOString(),
    }));
    helpersServer({ helpers: [SAM] }, { '/api/helpers/getactivity': { status: 200, body: many } });
    const block = await openBlock();
    const activity = await within(block).findByTestId('helper-activity');
    expect(within(activity).getAllByRole('listitem')).toHaveLength(10);
    fireEvent.click(within(block).getByRole('button', { name: 'Show all 12' }));
    await waitFor(() => expect(within(activity).getAllByRole('listitem')).toHaveLength(12));
    expect(document.activeElement?.textContent).toBe(
      'Sam Citizen looked at your payments on 3 December 2026 at 10:49 am.',
    );
  });

  it('words a call, a call with a parameter, an upload and anything else', () => {
    expect(activityWords('/api/payments/getpayments')).toBe('looked at your payments');
    expect(activityWords('/api/documentupload/submit/reimbursement')).toBe('sent a form');
    expect(activityWords('/api/documentupload/uploadfile')).toBe('uploaded a document');
    expect(activityWords('/api/documentupload/uploadauthorityform')).toBe('uploaded the authority form');
    expect(activityWords('/api/something/else')).toBe('used your claim');
  });
});

describe('My Details → People who help: inviting someone', () => {
  it('asks for the Security step-up first, lists the problems in the summary and at each field, then invites', async () => {
    const list = { helpers: [SAM] };
    const server = helpersServer(list, {
      '/api/helpers/invite': (call: Call) => {
        const invited: Helper = { ...JO, Id: 'h-new', Name: String(call.body?.Name), Scope: 'View' };
        list.helpers = [...list.helpers, invited];
        return { status: 200, body: invited };
      },
    });
    const block = await openBlock();
    fireEvent.click(within(block).getByTestId('helpers-invite-start'));
    // No factor yet: the code form opens, says why, and sends the code.
    expect((await screen.findByTestId('helpers-step-up')).textContent).toContain(
      'Before you invite someone to help, we need to check it is you.',
    );
    await waitFor(() => expect(server.callsTo('/api/security/sendsecuritycode')).toHaveLength(1));
    await stepUpByCode();
    expect(server.callsTo('/api/security/stepup')[0]?.body).toMatchObject({ CodeType: 3 });
    expect(document.activeElement?.textContent).toBe('Invite someone to help');

    // Only the claimant's own claims are offered (not the one they help with).
    const claim = screen.getByLabelText(/Which claim/) as HTMLSelectElement;
    expect([...claim.options].map((o) => o.value)).toEqual(['', '12/34567', '23/45678']);
    expect([...claim.options].map((o) => o.textContent)).toEqual([
      'Please select',
      'Claim 12/34567, 5 March 2024, Geelong',
      'Claim 23/45678, 20 November 2023',
    ]);

    // A press with problems: the summary lists each, linked to its field, and each field says it.
    fireEvent.click(screen.getByTestId('helper-invite-submit'));
    const summary = await screen.findByTestId('helper-invite-errors');
    await waitFor(() => expect(fieldLinks(summary)).toEqual(FOUR));
    const name = screen.getByLabelText(/Their name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(name)).toContain('Enter the name of the person who will help');
    expect(
      within(summary)
        .getByRole('link', { name: /Enter the name of the person/ })
        .getAttribute('href'),
    ).toBe('#helper-invite-name');
    expect(server.callsTo('/api/helpers/invite')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Kim Helper' } });
    fireEvent.change(screen.getByLabelText(/e-mail address or mobile number/), { target: { value: '0412 345 678' } });
    fireEvent.change(claim, { target: { value: '23/45678' } });
    fireEvent.click(screen.getByTestId('helper-invite-scope-view'));
    const last = screen.getByLabelText(/Last day of access/);
    fireEvent.change(last, { target: { value: '01/01/2020' } });
    fireEvent.click(screen.getByTestId('helper-invite-submit'));
    await waitFor(() => expect(errorOf(last)).toContain('The last day cannot be before today'));
    expect(fieldLinks(summary)).toEqual(['#helper-invite-ends-on']);

    // Typed as people type dates: tidied when the field is left.
    await userEvent.clear(last);
    await userEvent.type(last, '31-1-2099');
    await userEvent.tab();
    expect((last as HTMLInputElement).value).toBe('31/01/2099');
    fireEvent.click(screen.getByTestId('helper-invite-submit'));
    await waitFor(() => expect(server.callsTo('/api/helpers/invite')).toHaveLength(1));
    expect(server.callsTo('/api/helpers/invite')[0]?.body).toEqual({
      SecureToken: 'secure-1',
      Name: 'Kim Helper',
      Mobile: '0412345678',
      ClaimNumber: '23/45678',
      Scope: 'View',
      EndsOn: '2099-01-31',
      AccessToken: 'rotated-1',
    });
    // Back at the list, which is read again, with what happened said.
    const said = await screen.findByTestId('helpers-said');
    await waitFor(() => expect(said.textContent).toMatch(/^We have sent Kim Helper an invitation/));
    expect(said.getAttribute('role')).toBe('status');
    await waitFor(() =>
      expect(within(screen.getByTestId('helpers-block')).getAllByTestId('helper-item')).toHaveLength(2),
    );
    expect(server.callsTo('/api/helpers/gethelpers').length).toBeGreaterThan(1);
    expect(document.activeElement?.id).toBe('account-helpers-heading');
  });

  it("shows the server's refusal at the form: a field's at the field, the claim's limit in the catalogue's words; a spent token asks again", async () => {
    const limit = 'This claim already has 5 people who help. Remove someone before inviting another person.';
    const answers = [
      { status: 225, body: [{ Number: 100, Message: 'Enter a valid email address', Field: 'Email' }] },
      { status: 225, body: [{ Number: 161, Message: limit }] },
      { status: 200, body: { ...JO, Id: 'h-new', Name: 'Kim Helper' } },
    ];
    const server = helpersServer({ helpers: [] }, { '/api/helpers/invite': () => answers.shift() ?? answers[0]! });
    await openBlock();
    fireEvent.click(screen.getByTestId('helpers-invite-start'));
    await stepUpByCode();
    fireEvent.change(screen.getByLabelText(/Their name/), { target: { value: 'Kim Helper' } });
    const contact = screen.getByLabelText(/e-mail address or mobile number/);
    fireEvent.change(contact, { target: { value: 'kim@example.com' } });
    fireEvent.change(screen.getByLabelText(/Which claim/), { target: { value: '12/34567' } });
    fireEvent.click(screen.getByTestId('helper-invite-scope-send'));

    // The shape refused (before the token is checked): at the field and in the summary; the token is kept.
    fireEvent.click(screen.getByTestId('helper-invite-submit'));
    const summary = await screen.findByTestId('helper-invite-errors');
    await waitFor(() => expect(errorOf(contact)).toContain('Enter a valid email address'));
    // The summary's entry leads to the field it is about.
    expect(
      within(summary)
        .getByRole('link', { name: /Enter a valid email address/ })
        .getAttribute('href'),
    ).toBe(`#${contact.id}`);

    // The limit: in the summary, in the catalogue's words; the token it spent is asked for again.
    fireEvent.click(screen.getByTestId('helper-invite-submit'));
    await waitFor(() => expect(summary.textContent).toContain(limit));
    expect(server.callsTo('/api/helpers/invite').map((c) => c.body?.SecureToken)).toEqual(['secure-1', 'secure-1']);
    expect(server.callsTo('/api/helpers/invite')[1]?.body).toMatchObject({ Email: 'kim@example.com', Scope: 'Send' });
    fireEvent.click(screen.getByTestId('helper-invite-submit'));
    // What was typed stays; the invitation goes once the new step-up gives a token.
    await stepUpByCode();
    await waitFor(() => expect(server.callsTo('/api/helpers/invite')).toHaveLength(3));
    expect(server.callsTo('/api/helpers/invite')[2]?.body).toMatchObject({
      SecureToken: 'secure-2',
      Name: 'Kim Helper',
    });
    await waitFor(() => expect(screen.getByTestId('helpers-said').textContent).toMatch(/^We have sent Kim Helper/));
  });
});

describe('My Details → People who help: a secure token that ran out', () => {
  it('asks for the step-up again and then sends the same invitation', async () => {
    const answers = [
      { status: 225, body: [{ Number: 114, Message: 'Please confirm it is you again.' }] },
      { status: 200, body: { ...JO, Id: 'h-new', Name: 'Kim Helper' } },
    ];
    const server = helpersServer({ helpers: [] }, { '/api/helpers/invite': () => answers.shift() ?? answers[0]! });
    await openBlock();
    fireEvent.click(screen.getByTestId('helpers-invite-start'));
    await stepUpByCode();
    fireEvent.change(screen.getByLabelText(/Their name/), { target: { value: 'Kim Helper' } });
    fireEvent.change(screen.getByLabelText(/e-mail address or mobile number/), {
      target: { value: 'kim@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/Which claim/), { target: { value: '12/34567' } });
    fireEvent.click(screen.getByTestId('helper-invite-scope-view'));
    fireEvent.click(screen.getByTestId('helper-invite-submit'));
    await stepUpByCode();
    await waitFor(() => expect(server.callsTo('/api/helpers/invite')).toHaveLength(2));
    expect(server.callsTo('/api/helpers/invite').map((c) => c.body?.SecureToken)).toEqual(['secure-1', 'secure-2']);
    await waitFor(() => expect(screen.getByTestId('helpers-said').textContent).toMatch(/^We have sent Kim Helper/));
  });
});

describe('My Details → People who help: changing what a helper can do', () => {
  it('lets Sam do more after the step-up, sends the token, says so and reads the list again', async () => {
    const list = { helpers: [SAM] };
    const server = helpersServer(list, {
      '/api/helpers/change': (call) => {
        list.helpers = [{ ...SAM, Scope: 'Send' }];
        return { status: 200, body: { ...SAM, Scope: call.body?.Scope } };
      },
    });
    await openBlock();
    const said = screen.getByTestId('helpers-said');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Change what they can do ?for Sam Citizen$/ }));
    const form = await screen.findByTestId('helper-change-form');
    const heading = within(screen.getByTestId('helpers-change')).getByRole('heading', { level: 3 });
    expect(heading.textContent).toBe('Change what Sam Citizen can do');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // The current scope is chosen; choosing more says a code comes first.
    expect((within(form).getByTestId('helper-change-scope-view') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('helper-change-more')).toBeNull();
    await user.click(within(form).getByLabelText(/^View and send\./));
    expect(screen.getByTestId('helper-change-more').textContent).toContain('needs a security code first');
    await user.click(within(form).getByTestId('helper-change-submit'));
    const input = await screen.findByTestId('access-code-input');
    expect(server.callsTo('/api/helpers/change')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '1234' } });
    await waitFor(() =>
      expect(said.textContent).toBe('Sam Citizen now has View and send, from their next step. We have told them.'),
    );
    expect(server.callsTo('/api/helpers/change').map((c) => c.body)).toEqual([
      expect.objectContaining({ Id: 'h-sam', Scope: 'Send', SecureToken: 'secure-1' }),
    ]);
    await waitFor(() => expect(screen.getByTestId('helper-item').textContent).toContain('View and send.'));
  });

  it('lets Jo do less at once, with no step-up and no token', async () => {
    const list = { helpers: [JO] };
    const server = helpersServer(list, {
      '/api/helpers/change': () => ({ status: 200, body: { ...JO, Scope: 'View' } }),
    });
    await openBlock();
    fireEvent.click(screen.getByTestId('helper-change'));
    fireEvent.click(await screen.findByTestId('helper-change-scope-view'));
    fireEvent.click(screen.getByTestId('helper-change-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('helpers-said').textContent).toBe(
        'The invitation to Jo Interpreter now offers View. It still works until they accept it.',
      ),
    );
    expect(screen.queryByTestId('access-code-input')).toBeNull();
    expect(server.callsTo('/api/helpers/change').map((c) => c.body)).toEqual([
      expect.not.objectContaining({ SecureToken: expect.anything() }),
    ]);
    expect(server.callsTo('/api/helpers/change')[0]?.body).toMatchObject({ Id: 'h-jo', Scope: 'View' });
  });

  it('says a refusal in the form and keeps the choice; offers no change for an appointment, Act or an ended helper', async () => {
    const appointed: Helper = { ...SAM, Id: 'h-kim', Name: 'Kim Guardian', Scope: 'View', Appointed: true };
    const act: Helper = { ...SAM, Id: 'h-ash', Name: 'Ash Attorney', Scope: 'Act', Appointed: true };
    helpersServer(
      { helpers: [JO, appointed, act, LEE] },
      { '/api/helpers/change': { status: 225, body: [{ Number: 451, Message: 'We could not find that.' }] } },
    );
    const block = await openBlock();
    const [jo, ...others] = within(block).getAllByTestId('helper-item') as [HTMLElement, ...HTMLElement[]];
    for (const item of others) expect(within(item).queryByTestId('helper-change')).toBeNull();
    fireEvent.click(within(jo).getByTestId('helper-change'));
    fireEvent.click(await screen.findByTestId('helper-change-scope-view'));
    fireEvent.click(screen.getByTestId('helper-change-submit'));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find that.');
    expect((screen.getByTestId('helper-change-scope-view') as HTMLInputElement).checked).toBe(true);
  });
});

describe('My Details → People who help: ending help', () => {
  it('withdraws an invitation after its question, in one step, and says so', async () => {
    const list = { helpers: [SAM, JO] };
    const server = helpersServer(list, {
      '/api/helpers/withdraw': () => {
        list.helpers = [SAM, { ...JO, State: 'Ended', InvitationExpiresAt: null }];
        return { status: 200, body: true };
      },
    });
    await openBlock();
    // The live region is there before the change, so what happened is read out.
    const said = screen.getByTestId('helpers-said');
    fireEvent.click(screen.getByTestId('helper-withdraw'));
    const question = await screen.findByTestId('helpers-confirm');
    expect(within(question).getByRole('heading').textContent).toBe('Withdraw the invitation to Jo Interpreter?');
    expect(document.activeElement).toBe(within(question).getByRole('heading'));
    fireEvent.click(screen.getByTestId('helpers-confirm-yes'));
    await waitFor(() => expect(said.textContent).toBe('The invitation to Jo Interpreter is withdrawn.'));
    expect(screen.getByTestId('helpers-said')).toBe(said);
    expect(server.callsTo('/api/helpers/withdraw').map((c) => c.body?.Id)).toEqual(['h-jo']);
    await waitFor(() =>
      expect(screen.getAllByTestId('helper-item').map((i) => i.getAttribute('data-state'))).toEqual([
        'Active',
        'Ended',
      ]),
    );
  });

  it("ends a helper's access after its question; keeping it calls nothing; a refusal is said at the question", async () => {
    const list = { helpers: [SAM] };
    let refuse = true;
    const server = helpersServer(list, {
      '/api/helpers/end': () => {
        if (refuse) {
          refuse = false;
          return { status: 225, body: [{ Number: 451, Message: 'We could not find that.' }] };
        }
        list.helpers = [{ ...SAM, State: 'Ended' }];
        return { status: 200, body: true };
      },
    });
    await openBlock();
    fireEvent.click(screen.getByTestId('helper-end'));
    expect((await screen.findByTestId('helpers-confirm')).textContent).toContain("End Sam Citizen's access?");
    fireEvent.click(screen.getByTestId('helpers-confirm-no'));
    await screen.findByTestId('helpers-block');
    expect(server.callsTo('/api/helpers/end')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('helper-end'));
    fireEvent.click(await screen.findByTestId('helpers-confirm-yes'));
    expect((await screen.findByTestId('helpers-confirm-error')).textContent).toContain('We could not find that.');
    fireEvent.click(screen.getByTestId('helpers-confirm-yes'));
    await waitFor(() =>
      expect(screen.getByTestId('helpers-said').textContent).toBe('Sam Citizen can no longer help. We have told them.'),
    );
    expect(server.callsTo('/api/helpers/end').map((c) => c.body?.Id)).toEqual(['h-sam', 'h-sam']);
    await waitFor(() => expect(screen.getByTestId('helper-item').getAttribute('data-state')).toBe('Ended'));
    // No one left to remove: the safety exit is no longer offered.
    expect(screen.queryByTestId('helpers-end-all')).toBeNull();
  });

  it('"Remove everyone now" says it tells no helper, then ends everyone in one step', async () => {
    const list = { helpers: [SAM, JO] };
    const server = helpersServer(list, {
      '/api/helpers/endall': () => {
        list.helpers = list.helpers.map((h) => ({ ...h, State: 'Ended' as const, InvitationExpiresAt: null }));
        return { status: 200, body: true };
      },
    });
    const block = await openBlock();
    expect(block.textContent).toContain('We do not tell any of them.');
    fireEvent.click(screen.getByTestId('helpers-end-all'));
    const question = await screen.findByTestId('helpers-confirm');
    expect(within(question).getByRole('heading').textContent).toBe('Remove everyone now?');
    expect(question.textContent).toContain('Every helper loses access at once, and every invitation stops working.');
    expect(question.textContent).toContain('We do not tell any of them.');
    fireEvent.click(within(question).getByRole('button', { name: 'Remove everyone now' }));
    await waitFor(() =>
      expect(screen.getByTestId('helpers-said').textContent).toBe(
        'Everyone’s access has ended. We have not told any of them.',
      ),
    );
    expect(server.callsTo('/api/helpers/endall')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getAllByTestId('helper-item').map((i) => i.getAttribute('data-state'))).toEqual(['Ended', 'Ended']),
    );
  });
});
