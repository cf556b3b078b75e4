/**
 * People who help, the helper's side (decision 041): Alex invites Sam (View) through the Security
 * step-up, the link reaches Sam's e-mail, Sam opens it signed in and accepts on /helping, finds
 * Alex's claim on the claims list, and every page then says whose claim it is; what View does not
 * reach is not offered; Alex ends it, and Sam's open page is refused on its next call and leaves
 * the claim; Pat, who has no account, creates one from the link (the code goes to the address
 * invited), accepts and opens Alex's claim; at 1280 px, Alex raises Sam from View to View and
 * send in My Details (after a code), and Sam, whose next page now offers it, sends a document for
 * Alex, who is told and finds it in the helpers' activity; Jo, appointed with Act by the claims
 * system, makes an account from the link, adds an authenticator app and changes Alex's phone
 * number on /claimant-details (375 and 1280 px). Phone size otherwise: the pages are the same at 1280 px, and the claims and
 * shell tests cover both sizes.
 */
import { SECURITY_CODE_TYPE } from '@portal/contracts';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, test } from 'vitest';
import { nextMatching } from '../../apps/server/test/mail-sink.ts';
import { ALEX_CLAIMS, ApiClient, DEMO, SAM_CLAIM } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { DESKTOP, PHONE } from '../support/browser.ts';
import { nextCode } from '../support/codes.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { providerClient } from '../support/provider.ts';
import { arriveAt, useSuite, visit } from '../support/harness.ts';
import { screenshot } from '../support/page.ts';
import { expectHidden, expectVisible, header, main, panel } from '../support/ui.ts';

const suite = useSuite();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const [HELPED] = ALEX_CLAIMS;

async function ok<T>(api: ApiClient, path: string, body: Record<string, unknown>): Promise<T> {
  const answer = await api.post(path, body);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body as T;
}

/** A message as sent, quoted-printable: decoded as a mail reader does. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Alex invites someone to help with a claim, as My Details does: a Security step-up with a real code, then invite. */
async function alexInvites(
  name: string,
  email: string,
  scope: 'View' | 'Send' = 'View',
): Promise<{ token: string; endIt: () => Promise<void> }> {
  const api = new ApiClient(suite.baseURL, suite.server.knownDevice);
  const { AccessToken } = await api.login(DEMO.alex);
  await ok(api, '/api/security/sendsecuritycode', { AccessToken });
  const code = await nextCode(suite.server, DEMO.alex);
  const up = await ok<{ AccessToken: string; SecureToken: string }>(api, '/api/security/stepup', {
    AccessToken,
    CodeType: SECURITY_CODE_TYPE,
    Proof: { Method: 'Code', SecurityCode: code },
  });
  const invited = await ok<{ Id: string }>(api, '/api/helpers/invite', {
    AccessToken: up.AccessToken,
    SecureToken: up.SecureToken,
    ClaimNumber: HELPED.number,
    Name: name,
    Email: email,
    Scope: scope,
  });
  const message = await nextMatching(suite.server.mail, email, /invitation=/);
  const text = decodeQuotedPrintable(message.text);
  const token = /\/helping#invitation=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no invitation link in the e-mail to ${email}`);
  const endIt = async () => {
    await ok(api, '/api/helpers/end', { AccessToken: up.AccessToken, Id: invited.Id });
  };
  return { token, endIt };
}

describe('people who help (phone)', () => {
  test('Sam accepts Alex’s invitation on /helping, opens Alex’s claim and every page says so', async () => {
    const { token, endIt } = await alexInvites('Sam Single', DEMO.sam);
    const { page } = await suite.open(PHONE);
    await seedSession(page, suite.baseURL, DEMO.sam);

    await visit(page, `/helping#invitation=${token}`, '/helping, an invitation (phone)', '/helping');
    await expectVisible(
      main(page).getByText(`Alex Citizen has asked you to help with claim ${HELPED.number}.`),
      'who asks for help with which claim',
    );
    await expectVisible(main(page).getByText(/^View only: read messages/), 'the scope in words');
    // The token is out of the address bar as soon as it is read.
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    await screenshot(page, 'helping-invitation-phone');

    await main(page).getByRole('button', { name: 'Accept', exact: true }).click();
    await arriveAt(page, '/claims', '/claims with a helped claim (phone)');
    await expectVisible(
      main(page).getByText(`Helping Alex Citizen — claim ${HELPED.number} (View)`),
      'the helped claim on the claims list',
    );
    await screenshot(page, 'helping-claims-phone');
    await expectVisible(
      main(page).getByRole('button', { name: `Manage claim ${SAM_CLAIM.number}` }),
      'Sam’s own claim',
    );

    await main(page)
      .getByRole('button', { name: `Help with claim ${HELPED.number}`, exact: true })
      .click();
    await arriveAt(page, '/claim', '/claim while helping (phone)');
    await expectVisible(
      page.getByRole('region', { name: `You are helping Alex Citizen with claim ${HELPED.number} — View only` }),
      'the helping banner',
    );
    await screenshot(page, 'helping-claim-home-phone');
    await expectVisible(panel(page, 'Inbox'), 'the Inbox panel (View reaches it)');
    for (const closed of ['Send documents', 'Claim reimbursement', 'Send a message', 'Personal details']) {
      await expectHidden(panel(page, closed), `no "${closed}" panel for a View helper`);
    }

    await page
      .getByRole('link', { name: /^Inbox\b/ })
      .first()
      .click();
    await arriveAt(page, '/inbox', '/inbox while helping (phone)');
    await expectVisible(page.getByRole('region', { name: /^You are helping Alex Citizen/ }), 'the banner on the inbox');

    // Alex ends it: Sam's open page is refused on its next call and leaves the claim.
    await endIt();
    await page.getByRole('link', { name: 'View sent items' }).click();
    await expectVisible(
      page.getByRole('alertdialog').getByText(`Your help with Alex Citizen’s claim ${HELPED.number} has ended.`),
      'Sam is told the help has ended',
    );
    await arriveAt(page, '/claim', '/claim, Sam’s own claim after the help ended (phone)');
    await expectHidden(page.getByRole('region', { name: /^You are helping/ }), 'no helping banner once it ended');
    await expectVisible(header(page).getByText(SAM_CLAIM.number).first(), 'Sam’s own claim in the header');
    await screenshot(page, 'helping-ended-phone');
  });

  test('Pat, with no account, creates one from the e-mailed link, finishes it with the code and accepts', async () => {
    const pat = 'pat.helper@example.org';
    const { token } = await alexInvites('Pat Helper', pat);
    const { page } = await suite.open(PHONE);
    await visit(page, `/helping#invitation=${token}`, '/helping signed out (phone)', '/helping');
    await expectVisible(
      main(page).getByText('Create your own account to help. We will send a code to p***@example.org to finish it.'),
      'where the code will go',
    );
    await main(page).getByRole('button', { name: 'Create an account' }).click();
    await expectVisible(main(page).getByRole('heading', { name: 'Create your account' }), 'the form opens');
    await expectNoSeriousA11yViolations(page, '/helping, creating an account (phone)');

    // Typed one key at a time, as a person types.
    await main(page).getByLabel('First name').pressSequentially('Pat');
    await main(page).getByLabel('Last name').pressSequentially('Helper');
    await main(page).getByLabel('Username').pressSequentially(pat);
    await main(page).getByLabel('New password', { exact: true }).pressSequentially('Fresh#Start1');
    await main(page).getByLabel('Re-enter password').pressSequentially('Fresh#Start1');
    await screenshot(page, 'helping-create-account-phone');
    await main(page).getByRole('button', { name: 'Create account' }).click();

    await arriveAt(page, '/activate', '/activate for a helper (phone)');
    const field = page.getByTestId('access-code-input');
    await field.pressSequentially(await nextCode(suite.server, pat));
    // Signed in, the invitation comes back to be accepted.
    await arriveAt(page, '/helping', '/helping signed in after activation (phone)');
    await main(page).getByRole('button', { name: 'Accept', exact: true }).click();
    await arriveAt(page, '/claim', '/claim, the one claim Pat helps with (phone)');
    await expectVisible(
      page.getByRole('region', { name: `You are helping Alex Citizen with claim ${HELPED.number} — View only` }),
      'the helping banner',
    );
    await screenshot(page, 'helping-new-account-claim-phone');

    // With no claim of their own, Pat still reaches their own sign-in settings.
    await visit(page, '/security', '/security for someone who only helps (phone)');
    await expectVisible(
      main(page).getByRole('button', { name: 'Set up an authenticator app' }),
      'the authenticator app set-up',
    );
    await screenshot(page, 'helping-security-phone');
  });

  test('at 1280 px Alex lets Sam (View) send, in My Details after a code; Sam then sends a document for Alex, who is told and sees it', async () => {
    const { token } = await alexInvites('Sam Single', DEMO.sam, 'View');
    const { page } = await suite.open(DESKTOP);
    await seedSession(page, suite.baseURL, DEMO.sam);
    await visit(page, `/helping#invitation=${token}`, '/helping, a View invitation (desktop)', '/helping');
    await main(page).getByRole('button', { name: 'Accept', exact: true }).click();
    await arriveAt(page, '/claims', '/claims with a helped claim (desktop)');
    await main(page)
      .getByRole('button', { name: `Help with claim ${HELPED.number}`, exact: true })
      .click();
    await arriveAt(page, '/claim', '/claim while helping with View (desktop)');
    await expectHidden(panel(page, 'Send documents'), 'no Send documents for a View helper');

    // Alex raises it in My Details: the question, the Security code from Alex's e-mail, then saved.
    const alex = (await suite.open(DESKTOP)).page;
    await seedSession(alex, suite.baseURL, DEMO.alex, { claim: HELPED.number });
    await visit(alex, '/account', '/account, People who help (desktop)');
    const block = alex.getByTestId('account-helpers');
    await block.getByRole('button', { name: 'Change what they can do for Sam Single' }).click();
    await block.getByTestId('helper-change-scope-send').check();
    await expectVisible(block.getByTestId('helper-change-more'), 'more access needs a code, said before Save');
    await expectNoSeriousA11yViolations(alex, 'Change what Sam Single can do (desktop)');
    await screenshot(alex, 'helpers-change-scope-1280');
    await block.getByTestId('helper-change-submit').click();
    await expectVisible(block.getByTestId('helpers-step-up'), 'the step-up');
    await block.getByTestId('access-code-input').pressSequentially(await nextCode(suite.server, DEMO.alex));
    await expect
      .poll(() => block.getByTestId('helpers-said').textContent(), { timeout: 10_000 })
      .toBe('Sam Single now has View and send, from their next step. We have told them.');
    await expectNoSeriousA11yViolations(alex, 'People who help after the change (desktop)');
    const told = decodeQuotedPrintable((await nextMatching(suite.server.mail, DEMO.sam, /has changed/)).text);
    expect(told).toContain(`What you can do for claim ${HELPED.number} has changed`);

    // Sam's next page offers sending.
    await visit(page, '/claim', '/claim while helping with Send (desktop)');
    await expectVisible(
      page.getByRole('region', { name: `You are helping Alex Citizen with claim ${HELPED.number} — View and send` }),
      'the helping banner says the scope',
    );
    await expectVisible(panel(page, 'Send documents'), 'Send reaches Send documents');

    await visit(page, '/submitdocuments', '/submitdocuments while helping (desktop)');
    const type = page.getByTestId('documents-type');
    await type.locator('option').nth(1).waitFor({ state: 'attached' });
    await type.selectOption({ index: 1 });
    await page.getByTestId('documents-message').pressSequentially('GP letter for Alex.');
    await page
      .getByTestId('documents-upload-input')
      .setInputFiles({ name: 'gp-letter.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page
      .locator('[data-testid="documents-upload-item"][data-filename="gp-letter.pdf"][data-state="done"]')
      .waitFor();
    await page.getByTestId('documents-authorised').check();
    await page.getByTestId('documents-submit').click();
    await arriveAt(page, '/thankyou-documents', '/thankyou-documents while helping (desktop)');
    await screenshot(page, 'helping-sent-documents-1280');

    // Alex is told who sent what (never its content), and sees it in My Details.
    const notice = decodeQuotedPrintable(
      (await nextMatching(suite.server.mail, DEMO.alex, /Sam Single, who helps you with your claim, sent/)).text,
    );
    expect(notice).toContain('Sam Single, who helps you with your claim, sent documents for you');
    expect(notice).not.toContain('GP letter for Alex.');
    await visit(alex, '/account', '/account, the helpers’ activity (desktop)');
    await expectVisible(
      alex.getByTestId('helper-activity').getByText(/^Sam Single sent documents on /),
      'the document Sam sent, in Alex’s activity',
    );
    await screenshot(alex, 'helpers-activity-1280');
  });

  test('Jo, appointed with Act by the claims system, creates an account, adds an authenticator app, and changes Alex’s phone number for them', async () => {
    const jo = 'jo.attorney@example.org';
    const provider = providerClient(suite.server, ['helpers:write']);
    const appointed = await provider.call('PUT', `/claims/${encodeURIComponent(HELPED.number)}/helpers/E2E-ACT-1`, {
      Name: 'Jo Attorney',
      EmailAddress: jo,
      Scope: 'Act',
      Basis: 'attorney',
    });
    expect(appointed.status, JSON.stringify(appointed.body)).toBe(201);
    const link = decodeQuotedPrintable((await nextMatching(suite.server.mail, jo, /invitation=/)).text);
    const token = /\/helping#invitation=([A-Za-z0-9_-]+)/.exec(link)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(20);

    // Jo's own account, from the link, finished with the code sent to the address appointed.
    const { page } = await suite.open(PHONE);
    await visit(page, `/helping#invitation=${token}`, '/helping, an Act appointment signed out (phone)', '/helping');
    await main(page).getByRole('button', { name: 'Create an account' }).click();
    await main(page).getByLabel('First name').pressSequentially('Jo');
    await main(page).getByLabel('Last name').pressSequentially('Attorney');
    await main(page).getByLabel('Username').pressSequentially(jo);
    await main(page).getByLabel('New password', { exact: true }).pressSequentially('Fresh#Start1');
    await main(page).getByLabel('Re-enter password').pressSequentially('Fresh#Start1');
    await main(page).getByRole('button', { name: 'Create account' }).click();
    await arriveAt(page, '/activate', '/activate for an appointed helper (phone)');
    await page.getByTestId('access-code-input').pressSequentially(await nextCode(suite.server, jo));
    await arriveAt(page, '/helping', '/helping signed in, the appointment (phone)');
    await main(page).getByRole('button', { name: 'Accept', exact: true }).click();
    await arriveAt(page, '/claim', '/claim, acting for Alex before a second factor (phone)');

    // Acting needs a factor of Jo's own: the banner leads to Sign-in and security.
    await page.getByTestId('helping-act-factor').getByRole('link', { name: 'Sign-in and security' }).click();
    await arriveAt(page, '/security', '/security while acting for Alex (phone)');
    await page.getByTestId('security-block').getByTestId('totp-set-up').click();
    await page.getByTestId('access-code-input').pressSequentially(await nextCode(suite.server, jo));
    // While a task is open the block shows its stage in place of the lists.
    const setup = page.getByTestId('totp-setup');
    await expectVisible(setup, 'the authenticator set-up');
    const secret = ((await setup.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    await setup.getByLabel(/Code from your authenticator app/).fill(totp.generate());
    await setup.getByRole('button', { name: 'Confirm and turn on' }).click();
    const recovery = page.getByTestId('recovery-codes');
    await expectVisible(recovery, 'the recovery codes');
    await recovery.getByLabel('I have saved my recovery codes somewhere safe').check();
    await recovery.getByTestId('recovery-done').click();
    await expect.poll(() => page.getByTestId('totp-state').textContent()).toMatch(/^Set up on /);

    // Alex's details: reached from the home page's Personal details, named for Alex.
    await visit(page, '/claim', '/claim while acting for Alex (phone)');
    await expectHidden(page.getByTestId('helping-act-factor'), 'no word of a factor once Jo has one');
    await panel(page, 'Personal details').click();
    await arriveAt(page, '/claimant-details', '/claimant-details (phone)');
    await expectVisible(main(page).getByText(/^These are the details we hold for Alex Citizen\./), 'whose details');
    await expectHidden(main(page).getByText(DEMO.alex), 'never Alex’s e-mail address');
    await screenshot(page, 'claimant-details-phone');
    const contact = page.getByTestId('claimant-contact');
    await contact.getByTestId('claimant-contact-edit').click();
    await expectVisible(page.getByTestId('contact-form'), 'the contact details form');
    await expectNoSeriousA11yViolations(page, '/claimant-details, changing Alex’s contact details (phone)');
    const area = page.getByTestId('contact-area-code');
    const number = page.getByTestId('contact-phone-number');
    await area.fill('');
    await area.pressSequentially('03');
    await number.fill('');
    await number.pressSequentially('5320 1234');
    await screenshot(page, 'claimant-details-contact-edit-phone');
    await page.getByTestId('contact-save').click();
    await expect
      .poll(() => page.getByTestId('account-toast').textContent(), { timeout: 10_000 })
      .toContain("Alex's contact details have been updated");
    await expectVisible(contact.getByText('(03) 5320 1234'), 'the new number, read back');
    await expectNoSeriousA11yViolations(page, '/claimant-details after the change (phone)');
    await screenshot(page, 'claimant-details-saved-phone');

    // Alex is told who changed it; the number itself is not in the message.
    const notice = decodeQuotedPrintable(
      (await nextMatching(suite.server.mail, DEMO.alex, /changed by Jo Attorney/)).text,
    );
    expect(notice).toContain('Your contact details were changed by Jo Attorney, who helps you with your claim,');
    expect(notice).not.toContain('5320');

    // The same page at 1280 px.
    await page.setViewportSize({ width: 1280, height: 900 });
    await visit(page, '/claimant-details', '/claimant-details (desktop)');
    await expectNoSeriousA11yViolations(page, '/claimant-details (desktop)');
    await screenshot(page, 'claimant-details-1280');
    // The claims system ends the appointment (what its end does is helper-appointments.test.ts's).
    const ended = await provider.call('DELETE', `/claims/${encodeURIComponent(HELPED.number)}/helpers/E2E-ACT-1`);
    expect(ended.status).toBe(204);
  });
});
