/**
 * Provider integration in Chromium: a message the claims system posts through the provider
 * API reaches the claimant's inbox with its unread count, and its notification (no claim
 * content) reaches the SMTP sink; approving a personal-details change request updates My Details.
 * Every page visited gets the axe check.
 */
import { describe, expect, test } from 'vitest';
import { nextMatching } from '../../apps/server/test/mail-sink.ts';
import { ALEX_CLAIMS, ApiClient, DEMO, SAM_CLAIM } from '../support/api.ts';
import { seedSession } from '../support/auth.ts';
import { DESKTOP, PHONE, isNarrow } from '../support/browser.ts';
import { useSuite, visit } from '../support/harness.ts';
import { providerClient } from '../support/provider.ts';
import { expectVisible, unreadText } from '../support/ui.ts';

const suite = useSuite();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

describe('a message from the claims system', () => {
  test.each([DESKTOP, PHONE])(
    'shows in the inbox with its unread count and notifies the claimant ($name)',
    async (viewport) => {
      const provider = providerClient(suite.server, ['messages:write']);
      const { page } = await suite.open(viewport);
      await seedSession(page, suite.baseURL, DEMO.sam, { claim: SAM_CLAIM.number });
      await visit(page, '/claim', 'claim home before the message');
      const before = await page.locator('main').textContent();
      const subject = `Your treatment plan ${viewport.name}`;
      const posted = await provider.call('POST', '/messages', {
        ClaimNumber: SAM_CLAIM.number,
        Subject: subject,
        Body: 'We have approved your treatment plan. Details: https://example.org/plan',
        Attachments: [{ Filename: 'plan.pdf', ContentBase64: PDF.toString('base64') }],
      });
      expect(posted.status).toBe(200);
      expect(posted.body).toMatchObject({ Notified: true });

      const mail = await nextMatching(suite.server.mail, DEMO.sam, /new message/);
      expect(mail.text).toContain('You have a new message');
      expect(mail.text).not.toContain('treatment');

      await visit(page, '/inbox', 'inbox with the posted message');
      const item = page.locator('[data-testid="inbox-item"]').filter({ hasText: subject }).first();
      await expectVisible(item, 'the posted message in the list');
      expect(await item.getAttribute('data-read')).toBe('false');
      if (!isNarrow(viewport))
        expect(await page.getByTestId('toolbar-unread-badge').textContent()).toMatch(/\d+ unread/);
      await visit(page, '/claim', 'claim home after the message');
      const unreadNow = Number(/(\d+) unread/.exec((await page.locator('main').textContent()) ?? '')?.[1] ?? '0');
      const unreadBefore = Number(/(\d+) unread/.exec(before ?? '')?.[1] ?? '0');
      expect(unreadNow).toBe(unreadBefore + 1);
      await expectVisible(unreadText(page, unreadNow), 'the claim home count');
    },
  );
});

describe('a personal-details change request', () => {
  test('waits for approval, and the approval updates My Details and sends a message', async () => {
    const provider = providerClient(suite.server, ['details-requests:write']);
    const { page } = await suite.open(DESKTOP);
    const [claim] = ALEX_CLAIMS;
    const token = await seedSession(page, suite.baseURL, DEMO.alex, { claim: claim.number });
    const api = new ApiClient(suite.baseURL, suite.server.knownDevice);
    const created = await api.post('/api/documentupload/uploaddetailsrequest', {
      AccessToken: token,
      FirstName: 'Alexandra',
      MiddleNames: '',
      Surname: 'Citizen-Lee',
      DateOfBirth: '15/06/1985',
      Reason: { Id: 1, Item: 'Marriage' },
    });
    expect(created.status).toBe(200);
    const { Identifier } = created.body as { Identifier: string };
    expect(
      (
        await api.post('/api/documentupload/submitdetailsrequest', {
          AccessToken: token,
          FormId: Identifier,
          IdempotencyKey: 'e2e-details-0001',
        })
      ).status,
    ).toBe(200);

    await visit(page, '/account', 'My Details with a request waiting');
    await expectVisible(page.getByTestId('personal-pending'), 'the waiting request');
    expect(await page.getByTestId('personal-name').textContent()).not.toContain('Citizen-Lee');

    const pending = (await provider.call('GET', '/details-requests')).body as {
      Items: { RequestId: string; Requested: { Surname: string } }[];
    };
    const request = pending.Items.find((r) => r.Requested.Surname === 'Citizen-Lee');
    expect(request).toBeDefined();
    expect(
      (await provider.call('POST', `/details-requests/${request?.RequestId}/decision`, { Decision: 'approved' }))
        .status,
    ).toBe(200);

    await visit(page, '/account', 'My Details after the approval');
    await expectVisible(
      page.getByTestId('personal-name').filter({ hasText: 'Alexandra Citizen-Lee' }),
      'the approved name',
    );
    expect(await page.getByTestId('personal-pending').count()).toBe(0);
    expect(await page.getByTestId('personal-dob').textContent()).toContain('15/06/1985');
    await visit(page, '/inbox', 'inbox with the approval message');
    await expectVisible(
      page.locator('[data-testid="inbox-item"]').filter({ hasText: 'Your personal details have been updated' }).first(),
      'the approval message',
    );
  });
});
