/**
 * Decisions in words (decision 034), web side: the Sent items badge says the decision (and by
 * when something is needed), a decline opens with an apology, says what could change it, how to
 * ask for a review and until when (only a date the claims system gave), links the phone number,
 * and shows no green tick and no "Pay me"; the claim home opens with "You have something to do".
 */
import { PROGRESS_STEPS } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { neededByText } from '../src/features/home/components/claim-tasks.tsx';
import { sentStateOf } from '../src/features/messaging/lib/sent-state.ts';
import { sentStateNote } from '../src/features/messaging/components/sent-status.tsx';
import { saveLoginToken } from '../src/lib/session/session.ts';
import { CLAIMS, accountFixture, mockServer } from './helpers.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
});

const SELECTED = CLAIMS.map((c, i) => ({ ...c, Selected: i === 0 }));
const SHELL_ROUTES = {
  '/api/claim/getclaims': { status: 200, body: SELECTED },
  '/api/inbox/getunreadmessagecount': { status: 200, body: 0 },
  '/api/analytics/pageview': { status: 200, body: true },
  '/api/account/getaccount': { status: 200, body: accountFixture() },
  '/api/dropdownlistdatasource/list': { status: 200, body: { Items: [] } },
};
const PAY_TO = 'You: Alex Citizen, BSB 063-000, account ending 6789';
const decision = (Outcome: string, extra: Record<string, unknown> = {}) => ({
  Outcome,
  Date: '2026-10-27',
  NeededBy: null,
  AnsweredOn: null,
  ...extra,
});
const item = (Id: string, Decision: unknown, Status = 'Completed') => ({
  Id,
  Time: '09:15',
  Date: '2026-10-01',
  SubjectMain: 'Reimbursement',
  SubjectOther: `Receipts ${Id}`,
  Message: 'Receipt type: Other\nCost: $89.00',
  Files: [],
  Status,
  ReplyBy: null,
  Decision,
  PayTo: PAY_TO,
  SentBy: null,
});
const ITEMS = [
  item('part', decision('partly-approved')),
  item('declined', decision('declined')),
  item('info', decision('more-information-needed', { NeededBy: '2026-12-05' }), 'In progress'),
  item('answered', decision('more-information-needed', { NeededBy: '2026-12-05', AnsweredOn: '2026-11-21' })),
  item('new', null, 'Received'),
];

describe('the badge of a sent item', () => {
  it('says the decision in words, and what it asks of the claimant', () => {
    const states = ITEMS.map((i) => sentStateOf(i as Parameters<typeof sentStateOf>[0]));
    expect(states.map((s) => [s.label, s.tone])).toEqual([
      ['Partly approved', 'partly'],
      ['Declined', 'declined'],
      ['We need something from you', 'action'],
      ['More information sent', 'in-progress'],
      ['Received', 'received'],
    ]);
    expect(states.map(sentStateNote)).toEqual([
      null,
      null,
      'Needed by 5 December 2026',
      'You sent more information on 21 November 2026',
      null,
    ]);
    expect(sentStateNote({ label: 'We need something from you', tone: 'action', neededBy: null })).toBe(
      'Needed as soon as you can',
    );
  });
});

function progressOf(Outcome: string, extra: Record<string, unknown> = {}) {
  const final = Outcome !== 'more-information-needed';
  return {
    SentItemId: 'declined',
    Type: 'Reimbursement',
    Subject: 'Reimbursement',
    Steps: PROGRESS_STEPS.map((Step, i) => ({
      Step,
      Done: i < (final ? 4 : 2),
      Date: i < (final ? 4 : 2) ? `2026-10-0${i + 1}` : null,
    })),
    Decision: {
      Outcome,
      Date: '2026-10-27',
      Reason: 'A gym membership is not a treatment your doctor has asked for.',
      Needed: '',
      NeededBy: null,
      Review: 'If you disagree, call us within 3 months and ask for an internal review.',
      ReviewBy: null,
      AnsweredOn: null,
      Lines: [],
      Letter: null,
      ...extra,
    },
    Payments: [],
  };
}

describe('Sent items in words', () => {
  it('lists each decision in words, with the date something is needed by', async () => {
    saveLoginToken('t', false);
    mockServer({
      ...SHELL_ROUTES,
      '/api/documentupload/getsentitems': {
        status: 200,
        body: { Start: 0, End: ITEMS.length, Total: ITEMS.length, SentItems: ITEMS },
      },
    });
    app = renderApp('/sentitems');
    const panels = await screen.findAllByTestId('sent-item');
    expect(panels.map((p) => within(p).getByTestId('sent-item-status').textContent)).toEqual([
      'Status: Partly approved',
      'Status: Declined',
      'Status: We need something from you',
      'Status: More information sent',
      'Status: Received',
    ]);
    expect(within(panels[2] as HTMLElement).getByTestId('sent-item-state-note').textContent).toBe(
      'Needed by 5 December 2026',
    );
    expect(screen.queryByText('Completed')).toBeNull();
    expect(screen.queryByText(/In progress/)).toBeNull();
  });

  it('opens a decline with an apology, what could change it and how to ask for a review; no tick, no "Pay me"', async () => {
    saveLoginToken('t', false);
    let progress = progressOf('declined');
    mockServer({
      ...SHELL_ROUTES,
      '/api/documentupload/getsentitems': { status: 200, body: { Start: 0, End: 1, Total: 1, SentItems: [ITEMS[1]] } },
      '/api/payments/getsentitemprogress': () => ({ status: 200, body: progress }),
    });
    app = renderApp('/sentitems?item=declined');
    const block = await screen.findByTestId('sent-progress-decision');
    const words = block.textContent ?? '';
    // The apology comes first, after the heading.
    expect(block.querySelector('h4 + p')?.textContent).toBe('We’re sorry, this is not the answer you hoped for.');
    expect(words).toContain('Why we decided this');
    expect(words).toContain('not a treatment your doctor has asked for');
    expect(within(block).getByTestId('sent-progress-change').textContent).toContain('letter from your doctor');
    expect(within(block).getByRole('link', { name: 'Upload documents' }).getAttribute('href')).toBe(
      '/submitdocuments?respondsTo=declined',
    );
    expect(within(block).getByTestId('sent-progress-review').textContent).toContain('internal review');
    // No date the claims system did not give: the screen says how to find it.
    expect(within(block).getByTestId('sent-progress-review-by').textContent).toBe(
      'Call us to find out the last day you can ask for a review.',
    );
    const tel = within(within(block).getByTestId('sent-progress-call')).getByRole('link');
    expect(tel.getAttribute('href')).toMatch(/^tel:/);
    // No tick on the decision, no payee on a decline.
    const steps = screen.getAllByTestId('sent-progress-step');
    expect(steps[3]?.textContent).toContain('Decision: Declined');
    expect(steps[3]?.querySelector('[aria-hidden="true"]')?.textContent).toBe('4');
    expect(screen.getByTestId('sent-progress-steps').dataset.outcome).toBe('declined');
    expect(screen.queryByTestId('sent-detail-pay-to')).toBeNull();
    expect(screen.getByTestId('sent-detail').textContent).not.toMatch(/Pay me|Who we pay/);

    // With the claims system's last day, it is given; with a letter and no date, the letter is named.
    app.cleanup();
    progress = progressOf('declined', { ReviewBy: '2027-01-27' });
    app = renderApp('/sentitems?item=declined');
    expect((await screen.findByTestId('sent-progress-review-by')).textContent).toBe(
      'You can ask for a review until 27 January 2027.',
    );
    app.cleanup();
    progress = progressOf('declined', { Letter: { FileId: 'f1', Filename: 'decision.pdf' } });
    app = renderApp('/sentitems?item=declined');
    expect((await screen.findByTestId('sent-progress-review-by')).textContent).toBe(
      'Your decision letter says the last day you can ask for a review.',
    );
  });

  it('shows whom we pay on anything but a decline', async () => {
    saveLoginToken('t', false);
    mockServer({
      ...SHELL_ROUTES,
      '/api/documentupload/getsentitems': { status: 200, body: { Start: 0, End: 1, Total: 1, SentItems: [ITEMS[0]] } },
      '/api/payments/getsentitemprogress': { status: 200, body: progressOf('partly-approved') },
    });
    app = renderApp('/sentitems?item=part');
    expect((await screen.findByTestId('sent-detail-pay-to')).textContent).toBe(`Who we pay: ${PAY_TO}`);
  });
});

describe('the claim home’s tasks', () => {
  const TASK = {
    Kind: 'send-information',
    SentItemId: 'info',
    Type: 'Reimbursement',
    Subject: 'Reimbursement: 1 receipt, total $46.20',
    Needed: 'The taxi receipt showing the date and the fare.',
    NeededBy: '2099-12-05',
    Asked: '2026-11-19',
  };

  it('opens the page above the panels, each with its date and one button', async () => {
    saveLoginToken('t', false);
    mockServer({ ...SHELL_ROUTES, '/api/claim/gettasks': { status: 200, body: { Tasks: [TASK] } } });
    app = renderApp('/claim');
    const tasks = await screen.findByRole('region', { name: 'You have something to do' });
    const panelsHeading = screen.getByRole('heading', { name: 'What would you like to do?' });
    expect(tasks.compareDocumentPosition(panelsHeading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const task = within(tasks).getByTestId('home-task');
    expect(within(task).getByRole('heading', { level: 3 }).textContent).toBe(TASK.Subject);
    expect(within(task).getByTestId('home-task-needed').textContent).toBe(`We need: ${TASK.Needed}`);
    expect(within(task).getByTestId('home-task-date').textContent).toBe('Send it by 5 December 2099.');
    const buttons = within(task).getAllByRole('link');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]?.textContent).toBe('Send what we need');
    expect(buttons[0]?.getAttribute('href')).toBe('/reimbursementform?respondsTo=info');
  });

  it('shows nothing when there is nothing to do, and says so when it could not check', async () => {
    saveLoginToken('t', false);
    let fail = true;
    mockServer({
      ...SHELL_ROUTES,
      '/api/claim/gettasks': () =>
        fail ? { status: 225, body: [{ Number: 1, Message: 'unavailable' }] } : { status: 200, body: { Tasks: [] } },
    });
    app = renderApp('/claim');
    const error = await screen.findByTestId('home-tasks-error');
    expect(error.textContent).toContain('could not check whether you have something to do');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.queryByTestId('home-tasks-error')).toBeNull());
    expect(screen.queryByTestId('home-tasks')).toBeNull();
    // The rest of the page is there as before: the panels under their heading.
    const panelsHeading = screen.getByRole('heading', { name: 'What would you like to do?' });
    expect(panelsHeading.tagName).toBe('H2');
    expect(
      within(panelsHeading.nextElementSibling as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toContain('/inbox');
  });

  it('says when a date has passed, or that none was given', () => {
    expect(neededByText('2026-12-05', '2026-11-21')).toBe('Send it by 5 December 2026.');
    expect(neededByText('2026-12-05', '2026-12-05')).toBe('Send it by 5 December 2026.');
    expect(neededByText('2026-12-05', '2026-12-06')).toBe(
      'We needed it by 5 December 2026. Please send it as soon as you can.',
    );
    expect(neededByText(null, '2026-12-06')).toBe('Please send it as soon as you can.');
  });
});
