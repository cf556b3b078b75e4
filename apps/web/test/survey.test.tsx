import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getCurrentUser, saveLoginToken } from '../src/lib/session/session.ts';
import { SURVEY_SESSION_KEY, getSurveyToken, saveSurveyToken } from '../src/lib/session/survey-session.ts';
import { CLAIMS, descriptionOf, mockServer, type Call } from './helpers.ts';
import { renderApp } from './render-app.tsx';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.cleanup();
  app = undefined;
});

const NOT_MATCHED =
  'Those details do not match our records. Check your claim number and date of birth, then try again.';
const HELP = /Need help\? Contact us on 1300 654 329/;

const QUESTIONS = [
  {
    QuestionId: 1,
    QuestionString: '<p>How is your <strong>pain</strong> today?</p>',
    Answers: [
      { Label: 'No pain', Value: '1' },
      { Label: 'Some pain', Value: '2' },
    ],
    CurrentAnswer: null,
  },
  {
    QuestionId: 2,
    QuestionString: 'Are you back at work?',
    Answers: [
      { Label: 'Yes', Value: 'Y' },
      { Label: 'No', Value: 'N' },
    ],
    CurrentAnswer: { Label: 'No', Value: 'N' },
  },
];

function surveyServer(extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer({
    '/api/analytics/pageview': { status: 200, body: true },
    '/api/content/surveyintro': {
      status: 200,
      body: {
        Name: 'surveyintro',
        Html: '<p>It takes about 2 minutes. See the <a href="/notice">collection notice</a>.</p>',
      },
    },
    '/api/nid/getnidassessment': { status: 200, body: { FormID: 'F-1', AcceptedTerms: true, Questions: QUESTIONS } },
    '/api/nid/updatenidassessment': { status: 200, body: true },
    '/api/nid/submitnidassessment': { status: 200, body: true },
    '/api/nid/getnidoutro': {
      status: 200,
      body: { OutroMessage: '<h2>Thank you</h2><p>We may call you.</p>', IsRegistered: false },
    },
    ...extra,
  });
}

const byTestId = (id: string) => screen.getByTestId(id) as HTMLInputElement;

function fillIdentity(claim: [string, string], dob: string) {
  fireEvent.change(byTestId('survey-claim-number-first'), { target: { value: claim[0] } });
  fireEvent.change(byTestId('survey-claim-number-second'), { target: { value: claim[1] } });
  fireEvent.blur(byTestId('survey-claim-number-second'));
  fireEvent.change(byTestId('survey-date-of-birth'), { target: { value: dob } });
  fireEvent.blur(byTestId('survey-date-of-birth'));
}

async function submitIdentity() {
  const button = screen.getByTestId('survey-submit');
  await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
  fireEvent.click(button);
}

describe('/surveyvalidation (spec 001 "Survey")', () => {
  it('checks the claim number and date of birth before Submit is available', async () => {
    surveyServer();
    app = renderApp('/myneeds');
    await screen.findByTestId('survey-login-form');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My self-assessment');
    expect(screen.getByTestId('survey-submit').getAttribute('aria-disabled')).toBe('true');
    fillIdentity(['1', '234'], '01/01/2999');
    await screen.findByText('Enter a valid claim number e.g. 12/34567');
    for (const part of ['survey-claim-number-first', 'survey-claim-number-second']) {
      expect(byTestId(part).getAttribute('aria-invalid')).toBe('true');
      expect(descriptionOf(byTestId(part))).toEqual([
        'For example 12/34567',
        'Error: Enter a valid claim number e.g. 12/34567',
      ]);
    }
    await screen.findByText('Enter a valid Date of Birth');
    expect(byTestId('survey-date-of-birth').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(byTestId('survey-date-of-birth'))).toEqual([
      'dd/mm/yyyy, for example 27/03/1985',
      'Error: Enter a valid Date of Birth',
    ]);
    expect(screen.getByTestId('survey-submit').getAttribute('aria-disabled')).toBe('true');
    fillIdentity(['12', '34567'], '01/02/1980');
    await waitFor(() => expect(screen.getByTestId('survey-submit').getAttribute('aria-disabled')).toBeNull());
  });

  it('sends a form the press itself finds valid (the date tidied as Submit is pressed), rather than only checking it', async () => {
    const api = surveyServer({
      '/api/nid/nidlogin': { status: 225, body: [{ Number: 56, Message: 'Your information could not be found.' }] },
    });
    app = renderApp('/surveyvalidation');
    await screen.findByTestId('survey-login-form');
    fillIdentity(['12', '34567'], '1/2/198');
    await screen.findByText('Enter your date of birth in dd/mm/yyyy format.');
    expect(byTestId('survey-date-of-birth').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(byTestId('survey-date-of-birth'))).toEqual([
      'dd/mm/yyyy, for example 27/03/1985',
      'Error: Enter your date of birth in dd/mm/yyyy format.',
    ]);
    fireEvent.change(byTestId('survey-date-of-birth'), { target: { value: '1/2/1980' } });
    // Still not dd/mm/yyyy, so Submit is not yet available; the press leaves the field (which
    // tidies it to 01/02/1980) and lands on Submit before the form has been checked again.
    expect(screen.getByTestId('survey-submit').getAttribute('aria-disabled')).toBe('true');
    fireEvent.blur(byTestId('survey-date-of-birth'));
    fireEvent.click(screen.getByTestId('survey-submit'));
    await waitFor(() => expect(api.callsTo('/api/nid/nidlogin')).toHaveLength(1));
    expect(api.callsTo('/api/nid/nidlogin')[0]?.body).toMatchObject({ ClaimNumber: '12/34567' });
  });

  it('says plainly that the details did not match, and shows the help line after more than 2 failures', async () => {
    const api = surveyServer({
      '/api/nid/nidlogin': { status: 225, body: [{ Number: 56, Message: 'Your information could not be found.' }] },
    });
    app = renderApp('/surveyvalidation');
    await screen.findByTestId('survey-login-form');
    fillIdentity(['12', '34567'], '02/02/1980');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await submitIdentity();
      await waitFor(() => expect(api.callsTo('/api/nid/nidlogin')).toHaveLength(attempt));
      await waitFor(() => expect(screen.getByTestId('survey-login-error').textContent).toBe(NOT_MATCHED));
      if (attempt <= 2) expect(screen.queryByTestId('survey-help')).toBeNull();
    }
    expect(screen.getByTestId('survey-help').textContent).toMatch(HELP);
    expect(document.activeElement).toBe(screen.getByTestId('survey-login-error'));
    expect(getSurveyToken()).toBeUndefined();
  });

  it.each([
    [105, 'Too many attempts. Please wait a minute and try again.'],
    [
      131,
      'There have been too many attempts for this claim. Please wait 5 minutes and try again, or call us on 1300 654 329.',
    ],
    [
      132,
      'There have been too many attempts for this claim today, so we cannot check these details online until tomorrow. Please call us on 1300 654 329 and we will help you.',
    ],
  ])('shows the server message when there have been too many attempts (%i)', async (number, message) => {
    surveyServer({ '/api/nid/nidlogin': { status: 225, body: [{ Number: number, Message: message }] } });
    app = renderApp('/surveyvalidation');
    await screen.findByTestId('survey-login-form');
    fillIdentity(['12', '34567'], '01/02/1980');
    await submitIdentity();
    await waitFor(() => expect(screen.getByTestId('survey-login-error').textContent).toBe(message));
  });

  it('keeps the survey token apart from the signed-in claimant and goes to the intro', async () => {
    saveLoginToken('claimant-token', false);
    const api = surveyServer({
      '/api/claim/getclaims': { status: 200, body: CLAIMS },
      '/api/nid/nidlogin': { status: 200, body: { AccessToken: 'survey-token', AcceptedTerms: false } },
    });
    app = renderApp('/surveyvalidation');
    await screen.findByTestId('survey-login-form');
    fillIdentity(['12', '34567'], '01/02/1980');
    await submitIdentity();
    await waitFor(() => expect(app?.pathname()).toBe('/surveyintro'));
    expect(api.callsTo('/api/nid/nidlogin')[0]?.body).toEqual({
      ClaimNumber: '12/34567',
      DateOfBirth: '01/02/1980',
      DeviceType: 0,
    });
    expect(getSurveyToken()).toBe('survey-token');
    expect(JSON.parse(window.sessionStorage.getItem(SURVEY_SESSION_KEY) ?? '{}')).toEqual({
      AccessToken: 'survey-token',
    });
    expect(getCurrentUser()?.AccessToken).toBe('claimant-token');
  });

  it('goes straight to the questions when the terms were accepted before', async () => {
    surveyServer({ '/api/nid/nidlogin': { status: 200, body: { AccessToken: 'survey-token', AcceptedTerms: true } } });
    app = renderApp('/surveyvalidation');
    await screen.findByTestId('survey-login-form');
    fillIdentity(['22', '11111'], '30/01/1990');
    await submitIdentity();
    await waitFor(() => expect(app?.pathname()).toBe('/survey'));
  });
});

describe('survey guards', () => {
  it.each(['/surveyintro', '/survey', '/surveyoutro'])(
    '%s without a survey token goes to /surveyvalidation',
    async (path) => {
      surveyServer();
      app = renderApp(path);
      await waitFor(() => expect(app?.pathname()).toBe('/surveyvalidation'));
    },
  );

  it('a signed-in claimant without a survey token goes to /surveyvalidation too', async () => {
    saveLoginToken('claimant-token', false);
    surveyServer({ '/api/claim/getclaims': { status: 200, body: CLAIMS } });
    app = renderApp('/survey');
    await waitFor(() => expect(app?.pathname()).toBe('/surveyvalidation'));
  });
});

describe('/surveyintro', () => {
  it('No: saves the terms as not accepted, submits and shows the outro with Register', async () => {
    saveSurveyToken('survey-token');
    const api = surveyServer({
      '/api/nid/getnidassessment': { status: 200, body: { FormID: 'F-1', AcceptedTerms: false, Questions: QUESTIONS } },
    });
    app = renderApp('/surveyintro');
    expect((await screen.findByTestId('survey-intro-content')).textContent).toContain('about 2 minutes');
    const question = screen.getByRole('group', { name: 'Would you like to continue?' });
    expect(
      within(question)
        .getAllByRole('button')
        .map((b) => [b.textContent, (b as HTMLButtonElement).disabled]),
    ).toEqual([
      ['Yes', false],
      ['No', false],
    ]);
    fireEvent.click(screen.getByTestId('survey-intro-no'));
    await waitFor(() => expect(app?.pathname()).toBe('/surveyoutro'));
    const update = api.callsTo('/api/nid/updatenidassessment')[0];
    expect(update?.body).toEqual({
      FormID: 'F-1',
      AcceptedTerms: false,
      Questions: [
        { QuestionId: 1, CurrentAnswer: null },
        { QuestionId: 2, CurrentAnswer: { Label: 'No', Value: 'N' } },
      ],
      AccessToken: 'survey-token',
    });
    expect(api.callsTo('/api/nid/submitnidassessment')).toHaveLength(1);
    const register = await screen.findByTestId('survey-outro-register');
    expect(register.textContent).toBe('Register');
    expect(register.getAttribute('href')).toBe('/register');
    expect(screen.queryByTestId('survey-outro-login')).toBeNull();
    expect(screen.getByTestId('survey-outro-message').textContent).toContain('We may call you.');
    expect(getSurveyToken()).toBeUndefined();
  });

  it('Yes: saves the terms as accepted and goes to the questions', async () => {
    saveSurveyToken('survey-token');
    const api = surveyServer();
    app = renderApp('/surveyintro');
    await screen.findByTestId('survey-intro-content');
    fireEvent.click(screen.getByTestId('survey-intro-yes'));
    await waitFor(() => expect(app?.pathname()).toBe('/survey'));
    expect(api.callsTo('/api/nid/updatenidassessment')[0]?.body?.AcceptedTerms).toBe(true);
    expect(api.callsTo('/api/nid/submitnidassessment')).toHaveLength(0);
  });
});

describe('/survey', () => {
  it('shows saved answers, saves each answer as it is chosen, and allows Submit only when all are answered', async () => {
    saveSurveyToken('survey-token');
    const updates: Call[] = [];
    const api = surveyServer({
      '/api/nid/updatenidassessment': (call) => {
        updates.push(call);
        return { status: 200, body: true };
      },
      '/api/nid/getnidoutro': { status: 200, body: { OutroMessage: '<p>Thanks</p>', IsRegistered: true } },
    });
    app = renderApp('/survey');
    await screen.findByTestId('survey-form');
    // A few answers: radio buttons, the question the group's name (no stray punctuation in it).
    const first = screen.getByRole('group', { name: /^Question 1 of 2\s*How is your pain today\?$/ });
    const second = screen.getByRole('group', { name: /^Question 2 of 2\s*Are you back at work\?$/ });
    const radios = (group: HTMLElement) => within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios(first).map((r) => r.checked)).toEqual([false, false]);
    expect((within(second).getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('combobox')).toBeNull();
    // The question's paragraph is phrasing inside the legend: no <p> in a <legend>.
    expect(first.querySelector('legend p')).toBeNull();
    const submit = screen.getByTestId('survey-submit-answers');
    expect(submit.getAttribute('aria-disabled')).toBe('true');

    // Pressing Submit early marks what is missing and moves to it.
    fireEvent.click(submit);
    await screen.findByText('Choose an answer to this question');
    for (const radio of radios(first)) {
      expect(radio.getAttribute('aria-invalid')).toBe('true');
      expect(descriptionOf(radio)).toEqual(['Error: Choose an answer to this question']);
    }
    expect(document.activeElement).toBe(radios(first)[0]);
    expect(api.callsTo('/api/nid/submitnidassessment')).toHaveLength(0);

    fireEvent.click(within(first).getByRole('radio', { name: 'Some pain' }));
    await waitFor(() => expect(screen.getByTestId('survey-status-1').textContent).toBe('Saved'));
    expect(updates[0]?.body).toEqual({
      FormID: 'F-1',
      AcceptedTerms: true,
      Questions: [
        { QuestionId: 1, CurrentAnswer: { Label: 'Some pain', Value: '2' } },
        { QuestionId: 2, CurrentAnswer: { Label: 'No', Value: 'N' } },
      ],
      AccessToken: 'survey-token',
    });
    expect(submit.getAttribute('aria-disabled')).toBeNull();

    fireEvent.click(submit);
    await waitFor(() => expect(app?.pathname()).toBe('/surveyoutro'));
    expect(api.callsTo('/api/nid/submitnidassessment')[0]?.body).toEqual({ AccessToken: 'survey-token' });
    const signIn = await screen.findByTestId('survey-outro-login');
    expect(signIn.textContent).toBe('Sign in');
    expect(signIn.getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('survey-outro-register')).toBeNull();
    expect(getSurveyToken()).toBeUndefined();
  });

  it('a question with more than 7 answers is the dropdown, "Please Select" first', async () => {
    saveSurveyToken('survey-token');
    const long = {
      QuestionId: 3,
      QuestionString: '<p>Which <strong>day</strong> suits you?</p>',
      Answers: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Any'].map((d, i) => ({ Label: d, Value: String(i) })),
      CurrentAnswer: null,
    };
    surveyServer({
      '/api/nid/getnidassessment': { status: 200, body: { FormID: 'F-1', AcceptedTerms: true, Questions: [long] } },
    });
    app = renderApp('/survey');
    await screen.findByTestId('survey-form');
    const select = screen.getByRole('combobox', {
      name: /^Question 1 of 1\s*Which day suits you\?$/,
    }) as HTMLSelectElement;
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Please Select', ...long.Answers.map((a) => a.Label)]);
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('a failed save is retried when Submit is pressed', async () => {
    saveSurveyToken('survey-token');
    let fail = true;
    const api = surveyServer({
      '/api/nid/updatenidassessment': () => (fail ? { status: 0, raw: '' } : { status: 200, body: true }),
    });
    app = renderApp('/survey');
    await screen.findByTestId('survey-form');
    fireEvent.click(screen.getByTestId('survey-answer-1-1'));
    await waitFor(() => expect(screen.getByTestId('survey-status-1').textContent).toMatch(/Not saved yet/));
    fail = false;
    fireEvent.click(screen.getByTestId('survey-submit-answers'));
    await waitFor(() => expect(app?.pathname()).toBe('/surveyoutro'));
    expect(api.callsTo('/api/nid/updatenidassessment')).toHaveLength(2);
  });

  it('an ended survey session goes back to the identity check and says why', async () => {
    saveSurveyToken('old-token');
    surveyServer({ '/api/nid/getnidassessment': { status: 225, body: [{ Number: 18, Message: 'Session unknown' }] } });
    app = renderApp('/survey');
    await waitFor(() => expect(app?.pathname()).toBe('/surveyvalidation'));
    expect((await screen.findByTestId('survey-session-ended')).textContent).toBe(
      'Your self-assessment session has ended. Enter your details again to carry on. Answers you chose are kept.',
    );
    expect(getSurveyToken()).toBeUndefined();
  });

  it('sends a person who has not accepted the terms to the intro', async () => {
    saveSurveyToken('survey-token');
    surveyServer({
      '/api/nid/getnidassessment': { status: 200, body: { FormID: 'F-1', AcceptedTerms: false, Questions: QUESTIONS } },
    });
    app = renderApp('/survey');
    await waitFor(() => expect(app?.pathname()).toBe('/surveyintro'));
  });
});
