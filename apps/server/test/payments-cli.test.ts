/** The operator CLI's payment and decision commands, in-process against the test database. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/run.ts';
import { centsOf } from '../src/cli/payments.ts';
import { localFileStore } from '../src/storage/file-store.ts';
import { DIALECTS, createTestApp, signInWithClaim, type TestApp } from './helpers.ts';
import { multipart } from './multipart.ts';
import { SAMPLES } from './samples.ts';

type Run = { code: number; stdout: string; stderr: string };

describe.each(DIALECTS)('payment and decision commands on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pay-cli-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function cli(...argv: string[]): Promise<Run> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(
      argv,
      { stdout: { write: (s) => out.push(s) }, stderr: { write: (s) => err.push(s) } },
      { deps: t.deps, fileStore: localFileStore(path.join(dir, 'files')) },
    );
    return { code, stdout: out.join(''), stderr: err.join('') };
  }

  it('reads dollars as exact cents', () => {
    expect(['1234.5', '$80', '0.05', '19.99', '-1'].map((v) => centsOf('amount', v))).toEqual([
      123450, 8000, 5, 1999, -100,
    ]);
    expect(() => centsOf('amount', '1.234')).toThrow(/dollars and cents/);
  });

  it('adds a payment, lists it, and refuses a negative amount or an unknown claim without storing anything', async () => {
    const base = ['payment', 'add', '--claim', '22/11111', '--kind', 'income-support', '--date', '2026-11-19'];
    const added = await cli(
      ...base,
      '--ref',
      'CLI-1',
      '--amount',
      '812.40',
      '--status',
      'paid',
      '--account-last3',
      '321',
      '--json',
    );
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      Reference: 'CLI-1',
      AmountCents: 81240,
      Status: 'paid',
      Taxable: true,
    });
    const negative = await cli(...base, '--ref', 'CLI-2', '--amount=-5', '--status', 'paid', '--account-last3', '321');
    expect(negative.code).toBe(1);
    expect(negative.stderr).toContain('--amount');
    const unknown = await cli(
      ...base.slice(0, 2),
      '--claim',
      '99/99999',
      '--kind',
      'other',
      '--date',
      '2026-11-19',
      '--ref',
      'X',
      '--amount',
      '1',
      '--status',
      'paid',
      '--provider',
      'Physio Co',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Claim not found');
    expect((await cli(...base, '--ref', 'CLI-3', '--amount', '1', '--status', 'paid')).code).toBe(2);
    const listed = await cli('payment', 'list', '--claim', '22/11111');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('2026-11-19  CLI-1  income-support  paid  $812.40');
    expect(listed.stdout).not.toContain('CLI-2');
  });

  it('sets a decision with receipt lines and a letter', async () => {
    const token = await signInWithClaim(t, 'sam.single@example.com', '22/11111');
    const upload = multipart(
      { accessToken: token, FormType: 'reimbursement' },
      { name: 'r.pdf', data: SAMPLES['letter.pdf'] as Buffer },
    );
    const FileID = (await t.app.inject({ method: 'POST', url: '/api/documentupload/uploadfile', ...upload })).json()
      .FileId;
    const file = { Filename: 'r.pdf', FileID };
    const { FormId } = (
      await t.post('/api/documentupload/updateform/reimbursement', {
        AccessToken: token,
        Draft: { Step: 'review', Documents: [file] },
      })
    ).json();
    const sent = await t.post('/api/documentupload/submitreceipts', {
      AccessToken: token,
      IdempotencyKey: 'cli-decision-1',
      FormId,
      PayOther: 0,
      Receipts: [
        { Kind: 'Pharmacy', Date: '20/11/2026', Description: 'Pain relief', Pharmacy: 'Chemist', Cost: '40.00' },
      ],
      Agreed: true,
      Documents: [file],
    });
    const id = sent.json().SentItemId as string;
    const letter = path.join(dir, 'decision.pdf');
    fs.writeFileSync(letter, SAMPLES['letter.pdf'] as Buffer);
    const r = await cli(
      'decision',
      'set',
      id,
      '--claim',
      '22/11111',
      '--outcome',
      'partly-approved',
      '--date',
      '2026-11-21',
      '--reason',
      'The usual dose is covered',
      '--line',
      '1:25.00:Generic price',
      '--letter',
      letter,
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ SentItemId: id, Outcome: 'partly-approved', Notified: true });
    const progress = (await t.post('/api/payments/getsentitemprogress', { AccessToken: token, SentItemId: id })).json();
    expect(progress.Decision.Lines).toEqual([
      { Line: 1, Description: expect.any(String), ClaimedCents: 4000, ApprovedCents: 2500, Reason: 'Generic price' },
    ]);
    expect(progress.Decision.Letter.Filename).toBe('decision.pdf');
    const wrongClaim = await cli(
      'decision',
      'set',
      id,
      '--claim',
      '21/45678',
      '--outcome',
      'approved',
      '--date',
      '2026-11-21',
    );
    expect(wrongClaim.code).toBe(1);
    expect(wrongClaim.stderr).toContain('Sent item not found');
  });
});
