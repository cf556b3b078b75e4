/**
 * The draft mirror's logic over an in-memory storage: jsdom has no IndexedDB, and the
 * IndexedDB storage itself is exercised by the browser tests (e2e/tests/documents.test.ts).
 */
import { DocumentDraft, ErrorNumber, type Account, type Claim } from '@portal/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountQueryOptions } from '../src/lib/api/get-account.ts';
import { claimsQueryOptions } from '../src/lib/api/get-claims.ts';
import {
  createDraftMirror,
  currentDraftOwner,
  draftMirrorKey,
  forgetDrafts,
  setDraftMirrorStorage,
  type DraftOwner,
  type MirrorStorage,
} from '../src/lib/forms/draft-mirror.ts';
import { mirrorWins, openDraft, type SavedDraft } from '../src/lib/forms/open-draft.ts';
import { RequestError } from '../src/lib/request/request-error.ts';
import { memoryStorage } from './memory-draft-storage.ts';

const ALEX: DraftOwner = { account: 'Alex.Citizen@example.com', claim: '21/45678', form: 'documents' };
const ALEX_OTHER_CLAIM: DraftOwner = { ...ALEX, claim: '19/12345' };
const SAM: DraftOwner = { account: 'sam.single@example.com', claim: '22/11111', form: 'documents' };

const draft = (Description: string): DocumentDraft => ({
  DocumentType: { Id: 10, Item: 'Medical certificate' },
  Description,
  Documents: [{ Filename: 'cert.pdf', FileID: 'F1' }],
});

function setup(startMs = Date.parse('2026-11-21T10:00:00Z')) {
  const storage = memoryStorage();
  let clock = startMs;
  let revisions = 0;
  const mirror = createDraftMirror(DocumentDraft, {
    storage: () => storage,
    now: () => clock,
    newRevision: () => `r${++revisions}`,
  });
  return {
    storage,
    mirror,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

afterEach(() => setDraftMirrorStorage(null));

describe('the draft mirror', () => {
  it('writes a change at once, unsynced, for its owner only', async () => {
    const { storage, mirror } = setup();
    const revision = mirror.record(ALEX, { draft: draft('Typed'), formId: undefined, baseUpdatedAt: null });
    expect(await mirror.read(ALEX)).toEqual({
      key: draftMirrorKey(ALEX),
      account: 'alex.citizen@example.com',
      draft: draft('Typed'),
      formId: null,
      updatedAt: Date.parse('2026-11-21T10:00:00Z'),
      baseUpdatedAt: null,
      synced: false,
      revision,
    });
    expect(await mirror.read(ALEX_OTHER_CLAIM)).toBeUndefined();
    expect(await mirror.read(SAM)).toBeUndefined();
    expect(await mirror.read({ ...ALEX, form: 'reimbursement' })).toBeUndefined();
    // The same account however its username is typed.
    expect((await mirror.read({ ...ALEX, account: ' alex.citizen@EXAMPLE.com' }))?.draft.Description).toBe('Typed');
    expect(storage.entries.size).toBe(1);
  });

  it('stores the draft JSON only: file names and FileIDs, never a file', async () => {
    const { storage, mirror } = setup();
    mirror.record(ALEX, { draft: draft('Typed'), formId: 'form-1', baseUpdatedAt: null });
    const stored = storage.entries.get(draftMirrorKey(ALEX));
    expect(JSON.parse(JSON.stringify(stored?.draft))).toEqual({
      DocumentType: { Id: 10, Item: 'Medical certificate' },
      Description: 'Typed',
      Documents: [{ Filename: 'cert.pdf', FileID: 'F1' }],
    });
  });

  it('a save marks synced only the change it saved; a newer change stays unsynced but learns the FormId', async () => {
    const { mirror } = setup();
    const first = mirror.record(ALEX, { draft: draft('One'), formId: undefined, baseUpdatedAt: null });
    mirror.record(ALEX, { draft: draft('One two'), formId: undefined, baseUpdatedAt: null });
    await mirror.markSynced(ALEX, first, { FormId: 'form-1', UpdatedAt: '2026-11-21T10:00:01Z' });
    expect(await mirror.read(ALEX)).toMatchObject({
      draft: { Description: 'One two' },
      synced: false,
      formId: 'form-1',
      baseUpdatedAt: '2026-11-21T10:00:01Z',
    });
    const latest = (await mirror.read(ALEX))?.revision ?? '';
    await mirror.markSynced(ALEX, latest, { FormId: 'form-1', UpdatedAt: '2026-11-21T10:00:02Z' });
    expect(await mirror.read(ALEX)).toMatchObject({ synced: true, baseUpdatedAt: '2026-11-21T10:00:02Z' });
    // A late answer to an older save never moves the base back.
    await mirror.markSynced(ALEX, first, { FormId: 'form-1', UpdatedAt: '2026-11-21T10:00:01Z' });
    expect((await mirror.read(ALEX))?.baseUpdatedAt).toBe('2026-11-21T10:00:02Z');
  });

  it('a save answered after the mirror was cleared (submit, discard) does not bring it back', async () => {
    const { mirror } = setup();
    const revision = mirror.record(ALEX, { draft: draft('Sent'), formId: 'form-1', baseUpdatedAt: null });
    await mirror.clear(ALEX);
    await mirror.markSynced(ALEX, revision, { FormId: 'form-1', UpdatedAt: '2026-11-21T10:00:01Z' });
    expect(await mirror.read(ALEX)).toBeUndefined();
  });

  it('drops an entry it cannot read (another draft shape) instead of showing it', async () => {
    const { storage, mirror } = setup();
    const key = draftMirrorKey(ALEX);
    storage.entries.set(key, {
      key,
      account: 'alex.citizen@example.com',
      draft: { Message: 'old shape' },
      formId: null,
      updatedAt: 1,
      baseUpdatedAt: null,
      synced: false,
      revision: 'x',
    });
    expect(await mirror.read(ALEX)).toBeUndefined();
    expect(storage.entries.has(key)).toBe(false);
  });

  it('never fails the form: a storage that throws reads as no mirror', async () => {
    const broken: MirrorStorage = {
      get: () => Promise.reject(new Error('QuotaExceededError')),
      put: () => Promise.reject(new Error('QuotaExceededError')),
      update: () => Promise.reject(new Error('QuotaExceededError')),
      remove: () => Promise.reject(new Error('QuotaExceededError')),
      removeAccounts: () => Promise.reject(new Error('QuotaExceededError')),
    };
    const mirror = createDraftMirror(DocumentDraft, { storage: () => broken });
    const revision = mirror.record(ALEX, { draft: draft('Typed'), formId: undefined, baseUpdatedAt: null });
    await expect(mirror.read(ALEX)).resolves.toBeUndefined();
    await expect(
      mirror.markSynced(ALEX, revision, { FormId: 'f', UpdatedAt: '2026-11-21T10:00:00Z' }),
    ).resolves.toBeUndefined();
    await expect(mirror.clear(ALEX)).resolves.toBeUndefined();
  });

  it('sign-out forgets every draft of the account (all claims and forms), and only that account', async () => {
    const { storage, mirror } = setup();
    setDraftMirrorStorage(storage);
    mirror.record(ALEX, { draft: draft('a'), formId: undefined, baseUpdatedAt: null });
    mirror.record(ALEX_OTHER_CLAIM, { draft: draft('b'), formId: undefined, baseUpdatedAt: null });
    mirror.record(SAM, { draft: draft('c'), formId: undefined, baseUpdatedAt: null });
    await forgetDrafts({ signedOut: 'ALEX.citizen@example.com' });
    expect(await mirror.read(ALEX)).toBeUndefined();
    expect(await mirror.read(ALEX_OTHER_CLAIM)).toBeUndefined();
    expect((await mirror.read(SAM))?.draft.Description).toBe('c');
    // The account not known: everything on this device goes.
    await forgetDrafts({ signedOut: undefined });
    expect(storage.entries.size).toBe(0);
  });

  it('sign-out also forgets the drafts kept for the account itself (My Details)', async () => {
    const { storage, mirror } = setup();
    setDraftMirrorStorage(storage);
    const details: DraftOwner = { account: 'alex.citizen@example.com', claim: '', form: 'account-mobile' };
    mirror.record(details, { draft: draft('a'), formId: undefined, baseUpdatedAt: null });
    mirror.record(SAM, { draft: draft('c'), formId: undefined, baseUpdatedAt: null });
    await forgetDrafts({ signedOut: 'Alex.Citizen@example.com' });
    expect(await mirror.read(details)).toBeUndefined();
    expect(await mirror.read(SAM)).toBeDefined();
  });

  it("a sign-in forgets every other account's drafts (kept across their time-out) and keeps the signing-in account's own", async () => {
    const { storage, mirror } = setup();
    setDraftMirrorStorage(storage);
    const details: DraftOwner = { account: 'alex.citizen@example.com', claim: '', form: 'account-mobile' };
    mirror.record(ALEX, { draft: draft('a'), formId: undefined, baseUpdatedAt: null });
    mirror.record(ALEX_OTHER_CLAIM, { draft: draft('b'), formId: undefined, baseUpdatedAt: null });
    mirror.record(details, { draft: draft('d'), formId: undefined, baseUpdatedAt: null });
    mirror.record(SAM, { draft: draft('c'), formId: undefined, baseUpdatedAt: null });
    // The same account again (its username typed in another case): its own drafts are all kept; Sam's go.
    await forgetDrafts({ signedIn: ' Alex.Citizen@Example.com ' });
    expect((await mirror.read(ALEX))?.draft.Description).toBe('a');
    expect((await mirror.read(ALEX_OTHER_CLAIM))?.draft.Description).toBe('b');
    expect((await mirror.read(details))?.draft.Description).toBe('d');
    expect(await mirror.read(SAM)).toBeUndefined();
    // Sam signs in on this browser: Alex's drafts (every claim, and My Details) go, Sam's stay.
    mirror.record(SAM, { draft: draft('c'), formId: undefined, baseUpdatedAt: null });
    await forgetDrafts({ signedIn: 'sam.single@example.com' });
    expect(await mirror.read(ALEX)).toBeUndefined();
    expect(await mirror.read(ALEX_OTHER_CLAIM)).toBeUndefined();
    expect(await mirror.read(details)).toBeUndefined();
    expect((await mirror.read(SAM))?.draft.Description).toBe('c');
    expect(storage.entries.size).toBe(1);
  });
});

describe('currentDraftOwner (whose draft a form keeps)', () => {
  const claim = (Number: string, Selected: boolean): Claim => ({
    Number,
    Date: '2024-03-05',
    Location: null,
    Selected,
  });
  function signedIn(claims: Claim[]) {
    const queryClient = new QueryClient();
    queryClient.setQueryData(accountQueryOptions.queryKey, {
      ContactDetails: { EmailAddress: 'alex@example.com' },
    } as Account);
    queryClient.setQueryData(claimsQueryOptions.queryKey, claims);
    return queryClient;
  }

  it("a claim's form is kept per selected claim; a form about the account, whichever claim is selected", async () => {
    const queryClient = signedIn([claim('12/34567', false), claim('23/45678', true)]);
    expect(await currentDraftOwner(queryClient, 'contact')).toEqual({
      account: 'alex@example.com',
      claim: '23/45678',
      form: 'contact',
    });
    expect(await currentDraftOwner(queryClient, 'account-mobile', 'account')).toEqual({
      account: 'alex@example.com',
      claim: '',
      form: 'account-mobile',
    });
  });

  it('without a selected claim only the account-wide forms have an owner', async () => {
    const queryClient = signedIn([claim('12/34567', false)]);
    expect(await currentDraftOwner(queryClient, 'contact')).toBeNull();
    expect(await currentDraftOwner(queryClient, 'account-contact', 'account')).toEqual({
      account: 'alex@example.com',
      claim: '',
      form: 'account-contact',
    });
  });
});

describe('mirrorWins (what a form shows when it opens)', () => {
  const at = (iso: string) => Date.parse(iso);
  const unsynced = { synced: false, updatedAt: at('2026-11-21T10:00:05Z'), baseUpdatedAt: '2026-11-21T10:00:00Z' };

  it('nothing mirrored, or everything already on the server: the server', () => {
    expect(mirrorWins(undefined, null)).toBe(false);
    expect(mirrorWins({ ...unsynced, synced: true }, { UpdatedAt: '2026-11-21T09:00:00Z' })).toBe(false);
  });
  it('an unsent change when the server has no draft: the change', () => {
    expect(mirrorWins(unsynced, null)).toBe(true);
  });
  it('the server still has the version the change replaced: the change, whatever the clocks say', () => {
    // This device's clock is an hour behind the server's.
    expect(
      mirrorWins({ ...unsynced, updatedAt: at('2026-11-21T09:00:05Z') }, { UpdatedAt: '2026-11-21T10:00:00Z' }),
    ).toBe(true);
  });
  it('the server changed since (another device): the later of the two', () => {
    expect(mirrorWins(unsynced, { UpdatedAt: '2026-11-21T10:00:03Z' })).toBe(true);
    expect(mirrorWins(unsynced, { UpdatedAt: '2026-11-21T10:00:09Z' })).toBe(false);
    expect(mirrorWins({ ...unsynced, baseUpdatedAt: null }, { UpdatedAt: '2026-11-21T10:00:09Z' })).toBe(false);
  });
  it("the server could not be asked: this device's copy rather than an empty form", () => {
    expect(mirrorWins({ ...unsynced, synced: true }, 'unavailable')).toBe(true);
  });
});

describe('openDraft', () => {
  const SERVER = { FormId: 'form-7', Draft: draft('On the server'), UpdatedAt: '2026-11-21T10:00:00Z' };
  const saved = (over: Partial<SavedDraft> = {}): SavedDraft => ({
    FormId: 'form-7',
    UpdatedAt: '2026-11-21T10:00:30Z',
    Submitted: false,
    ...over,
  });

  it('restores a newer unsent change, sends it at once and marks it synced', async () => {
    const { mirror, advance } = setup();
    advance(5_000);
    mirror.record(ALEX, { draft: draft('On the server, and more'), formId: 'form-7', baseUpdatedAt: SERVER.UpdatedAt });
    const push = vi.fn(async () => saved());
    const opened = await openDraft(mirror, ALEX, SERVER, push);
    expect(push).toHaveBeenCalledWith(draft('On the server, and more'), 'form-7');
    expect(opened).toMatchObject({
      draft: draft('On the server, and more'),
      formId: 'form-7',
      updatedAt: '2026-11-21T10:00:30Z',
      restored: true,
      unsynced: false,
    });
    expect(await mirror.read(ALEX)).toMatchObject({ synced: true, baseUpdatedAt: '2026-11-21T10:00:30Z' });
  });

  it('still offline: shows the change, keeps it unsynced for the retry', async () => {
    const { mirror } = setup();
    const revision = mirror.record(ALEX, { draft: draft('Typed offline'), formId: undefined, baseUpdatedAt: null });
    const push = vi.fn(() =>
      Promise.reject(new RequestError('network', [{ Number: ErrorNumber.ScriptError, Message: 'offline' }])),
    );
    const opened = await openDraft(mirror, ALEX, 'unavailable', push);
    expect(opened).toMatchObject({
      draft: draft('Typed offline'),
      formId: undefined,
      restored: true,
      unsynced: true,
      revision,
    });
    expect((await mirror.read(ALEX))?.synced).toBe(false);
  });

  it('the server has nothing and nothing is mirrored: an empty form, nothing sent', async () => {
    const { mirror } = setup();
    const push = vi.fn(async () => saved());
    expect(await openDraft(mirror, ALEX, null, push)).toMatchObject({
      draft: null,
      formId: undefined,
      restored: false,
      unsynced: false,
    });
    expect(push).not.toHaveBeenCalled();
  });

  it("a change older than the server's (made on another device later) gives way and is dropped", async () => {
    const { mirror } = setup(Date.parse('2026-11-21T09:00:00Z'));
    mirror.record(ALEX, { draft: draft('Old'), formId: 'form-7', baseUpdatedAt: '2026-11-21T08:00:00Z' });
    const push = vi.fn(async () => saved());
    expect(await openDraft(mirror, ALEX, SERVER, push)).toMatchObject({
      draft: SERVER.Draft,
      formId: 'form-7',
      restored: false,
    });
    expect(push).not.toHaveBeenCalled();
    expect(await mirror.read(ALEX)).toBeUndefined();
  });

  it('a form already sent (Submitted) or discarded elsewhere (not found) is not brought back', async () => {
    const { mirror } = setup();
    mirror.record(ALEX, { draft: draft('Sent already'), formId: 'form-7', baseUpdatedAt: null });
    expect(await openDraft(mirror, ALEX, null, async () => saved({ Submitted: true }))).toMatchObject({
      draft: null,
      restored: false,
    });
    expect(await mirror.read(ALEX)).toBeUndefined();

    mirror.record(ALEX, { draft: draft('Discarded elsewhere'), formId: 'form-7', baseUpdatedAt: null });
    const gone = () =>
      Promise.reject(new RequestError('server', [{ Number: ErrorNumber.NotFound, Message: 'not found' }], 225));
    expect(await openDraft(mirror, ALEX, null, gone)).toMatchObject({ draft: null, restored: false });
    expect(await mirror.read(ALEX)).toBeUndefined();
  });

  it('without an owner (account or claim unknown) the mirror is not used', async () => {
    const { mirror } = setup();
    mirror.record(ALEX, { draft: draft('Mine'), formId: undefined, baseUpdatedAt: null });
    const push = vi.fn(async () => saved());
    expect(await openDraft(mirror, null, SERVER, push)).toMatchObject({ draft: SERVER.Draft, restored: false });
    expect(push).not.toHaveBeenCalled();
  });

  it("another claimant's mirrored change is never shown", async () => {
    const { mirror } = setup();
    mirror.record(SAM, { draft: draft('Sam typed this'), formId: undefined, baseUpdatedAt: null });
    const push = vi.fn(async () => saved());
    expect(await openDraft(mirror, ALEX, null, push)).toMatchObject({ draft: null, restored: false });
    expect(push).not.toHaveBeenCalled();
  });
});
