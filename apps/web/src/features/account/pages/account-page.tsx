/**
 * /account (My Details) and /accountupdated/{type}/{success} (spec 000 §2, §4, §6, §8): seven
 * blocks — Name & Date of Birth, Mobile Number, Email Address, Contact Details, Bank Account
 * Details, Preferences, Password — each with a read view and, where it can change, an Edit
 * control. One section edits at a time; while it does, the page takes its edit-mode layout (one
 * column, no other Edit controls). Cancel returns to read and reloads the account; a save goes
 * to /accountupdated/{type}/{outcome}, this page again with the toast of that outcome.
 *
 * Mobile, e-mail and bank edits first store their code type and go to the access-code screen,
 * which comes back here with route state { codeType } and the secure token stored: that section
 * opens in edit mode (the bank block is scrolled to). The token is cleared after every save,
 * cancel and page leave. App mode edits on pages of their own (pages/edit-pages.tsx).
 */
import { CodeType, type Account } from '@portal/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { clearSecureToken, getSecureToken, setAccessCodeType, type CodeTypeValue } from '../../../lib/access-code.ts';
import { isAppMode } from '../../../lib/app-mode.ts';
import { provider } from '../../../lib/provider.ts';
import { useAccountDetails, useReloadAccount } from '../api/account-query.ts';
import { AccountBlock, editControlId, type EditControl } from '../components/account-block.tsx';
import { AccountToast } from '../components/account-toast.tsx';
import { BankDetailsForm } from '../components/bank-details-form.tsx';
import { EmailAddressForm, MobileNumberForm } from '../components/channel-form.tsx';
import { ContactDetailsForm } from '../components/contact-details-form.tsx';
import { PersonalDetailsForm } from '../components/personal-details-form.tsx';
import { PreferencesBlockBody } from '../components/preferences-block.tsx';
import { BankRead, ContactRead, EmailRead, MobileRead, PermissionNote, PersonalRead } from '../components/read-views.tsx';
import { bankPermission, contactChannelPermission, contactDetailsPermission, type EditPermission } from '../rules.ts';
import {
  APP_EDIT_PATH,
  SECTION_UPDATE_TYPE,
  SECURE_SECTIONS,
  isSecureSection,
  sectionElementId,
  sectionOfCodeType,
  updatedPath,
  type SectionKey,
  type UpdateOutcome,
} from '../sections.ts';
import { accountToast } from '../toast.ts';
import styles from '../components/account.module.css';

type Editing = { section: SectionKey; secureToken?: string | undefined; arrived: boolean };

const CODE_TYPES: readonly number[] = Object.values(CodeType);

/** Back from the access-code screen: the section of the verified code, with its secure token. */
export function editingOnArrival(state: unknown): Editing | null {
  const codeType = (state as { codeType?: unknown } | null)?.codeType;
  if (typeof codeType !== 'number' || !CODE_TYPES.includes(codeType)) return null;
  const grant = getSecureToken(codeType as CodeTypeValue);
  if (!grant) return null;
  return { section: sectionOfCodeType(codeType as CodeTypeValue), secureToken: grant.SecureToken, arrived: true };
}

/** Every navigation here (a toast after a save, the way back from a code) starts the page afresh. */
export function AccountPage() {
  const location = useLocation();
  return <AccountView key={location.key} />;
}

function AccountView() {
  const { type, success } = useParams();
  const location = useLocation();
  const toast = useMemo(() => accountToast(type, success), [type, success]);
  const account = useAccountDetails();
  const [editing, setEditing] = useState<Editing | null>(() => editingOnArrival(location.state));

  // spec 000 §4: the secure token is cleared when the page is left (a reload or closing the tab too).
  useEffect(() => {
    const onPageHide = () => clearSecureToken();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      clearSecureToken();
    };
  }, []);

  return (
    <div className={styles.page} data-layout={editing ? 'edit' : 'read'} data-testid="account-page">
      <AccountToast toast={toast} />
      {account.data ? (
        <AccountBlocks account={account.data} editing={editing} setEditing={setEditing} />
      ) : account.isError ? (
        <div className="callout callout--warning" data-testid="account-load-failed">
          <Icon name="warning" />
          <div>
            <p>We could not load your details just now.</p>
            <button type="button" className="button button--secondary" onClick={() => void account.refetch()}>
              Try again
            </button>
          </div>
        </div>
      ) : (
        <p role="status" data-testid="account-loading">
          Loading your details…
        </p>
      )}
    </div>
  );
}

type AccountBlocksProps = {
  account: Account;
  editing: Editing | null;
  setEditing: (editing: Editing | null) => void;
};

function AccountBlocks({ account, editing, setEditing }: AccountBlocksProps) {
  const navigate = useNavigate();
  const reload = useReloadAccount();
  const appMode = isAppMode();
  const [returnFocus, setReturnFocus] = useState<SectionKey | null>(null);
  const arrival = useRef(editing?.arrived === true);

  // Back from the access code: bring the section into view and put the claimant in its first field
  // (after the shell has focused the page title for the route change).
  useEffect(() => {
    if (!arrival.current || !editing) return;
    arrival.current = false;
    const frame = window.requestAnimationFrame(() => {
      const block = document.getElementById(sectionElementId(editing.section));
      block?.scrollIntoView?.({ block: 'start' });
      block?.querySelector<HTMLElement>('input:not([readonly]):not([type="hidden"]), select, textarea')?.focus({ preventScroll: true });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [editing]);

  // Back to read: focus returns to the Edit control of that block (or its heading).
  useEffect(() => {
    if (!returnFocus) return;
    const id = sectionElementId(returnFocus);
    (document.getElementById(editControlId(id)) ?? document.getElementById(`${id}-heading`))?.focus();
    setReturnFocus(null);
  }, [returnFocus]);

  const cancel = (section: SectionKey) => {
    clearSecureToken();
    setEditing(null);
    setReturnFocus(section);
    void reload();
  };

  const done = async (section: SectionKey, outcome: UpdateOutcome) => {
    clearSecureToken();
    await reload();
    await navigate(updatedPath(SECTION_UPDATE_TYPE[section], outcome));
  };

  const control = (section: SectionKey, permission: EditPermission): EditControl => {
    if (editing || permission.kind !== 'allowed') return { kind: 'none' };
    if (isSecureSection(section)) {
      const { codeType, codePath } = SECURE_SECTIONS[section];
      return { kind: 'link', to: codePath, onNavigate: () => setAccessCodeType(codeType) };
    }
    if (appMode) return { kind: 'link', to: APP_EDIT_PATH[section] };
    return { kind: 'inline', onEdit: () => setEditing({ section, arrived: false }) };
  };

  const editingNow = (section: SectionKey) => editing?.section === section;
  const formProps = (section: SectionKey) => ({
    account,
    autoFocus: !editing?.arrived,
    onCancel: () => cancel(section),
    onDone: (outcome: UpdateOutcome) => done(section, outcome),
  });
  const token = editing?.secureToken ?? '';

  const mobilePermission = contactChannelPermission(account, 'mobile', provider.phone);
  const emailPermission = contactChannelPermission(account, 'email', provider.phone);
  const contactPermission = contactDetailsPermission(account);
  const bankAllowed = bankPermission(account);

  return (
    <>
      <p className={styles.intro}>Check the details we hold for you and keep them up to date.</p>
      {editing ? (
        <p className="visually-hidden" data-testid="account-editing-note">
          One section can be changed at a time. Save or cancel it to change another.
        </p>
      ) : null}
      <div className={styles.blocks}>
        <AccountBlock id={sectionElementId('personal')} title="Name & Date of Birth" editing={editingNow('personal')} edit={control('personal', { kind: 'allowed' })} testId="account-personal">
          {editingNow('personal') ? <PersonalDetailsForm {...formProps('personal')} /> : <PersonalRead account={account} />}
        </AccountBlock>

        <AccountBlock id={sectionElementId('mobile')} title="Mobile Number" editing={editingNow('mobile') && Boolean(token)} edit={control('mobile', mobilePermission)} testId="account-mobile">
          {editingNow('mobile') && token ? (
            <MobileNumberForm {...formProps('mobile')} secureToken={token} />
          ) : (
            <>
              <MobileRead account={account} />
              <PermissionNote permission={mobilePermission} testId="mobile-permission" />
            </>
          )}
        </AccountBlock>

        <AccountBlock id={sectionElementId('email')} title="Email Address" editing={editingNow('email') && Boolean(token)} edit={control('email', emailPermission)} testId="account-email">
          {editingNow('email') && token ? (
            <EmailAddressForm {...formProps('email')} secureToken={token} />
          ) : (
            <>
              <EmailRead account={account} />
              <PermissionNote permission={emailPermission} testId="email-permission" />
            </>
          )}
        </AccountBlock>

        <AccountBlock id={sectionElementId('contact')} title="Contact Details" editing={editingNow('contact')} edit={control('contact', contactPermission)} testId="account-contact">
          {editingNow('contact') ? (
            <ContactDetailsForm {...formProps('contact')} />
          ) : (
            <>
              <ContactRead account={account} />
              <PermissionNote permission={contactPermission} testId="contact-permission" />
            </>
          )}
        </AccountBlock>

        <AccountBlock id={sectionElementId('bank')} title="Bank Account Details" editing={editingNow('bank') && Boolean(token)} edit={control('bank', bankAllowed)} testId="account-bank">
          {editingNow('bank') && token ? (
            <BankDetailsForm {...formProps('bank')} secureToken={token} />
          ) : (
            <>
              <BankRead account={account} />
              <PermissionNote permission={bankAllowed} testId="bank-permission" />
            </>
          )}
        </AccountBlock>

        <AccountBlock id={sectionElementId('preferences')} title="Preferences" testId="account-preferences">
          <PreferencesBlockBody account={account} />
        </AccountBlock>

        <AccountBlock id={sectionElementId('password')} title="Password" testId="account-password">
          <p>Change the password you use to sign in.</p>
          {editing ? null : (
            <Link to="/updatepassword" className="button button--secondary" data-testid="account-password-link">
              Change password
            </Link>
          )}
        </AccountBlock>
      </div>
    </>
  );
}
