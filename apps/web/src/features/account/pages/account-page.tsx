/**
 * /account (Personal details, the spec's "My Details") and /accountupdated/{type}/{success}
 * (spec 000 §2, §4, §6, §8): seven blocks — Name and date of birth, Mobile number, Email address,
 * Contact details, Bank account details, Preferences, Password — then those handed in by the app
 * (Sign-in and security; People who help, with the Security step-up it needs), each with a read
 * view and, where it can change, an Edit control. One section edits at a time, in the edit-mode
 * layout (the edited block across the page, no other Edit controls). Cancel returns to read and
 * reloads the account; a save goes to /accountupdated/{type}/{outcome}, with that outcome's toast.
 *
 * Mobile, e-mail and bank edits first store their code type and go to the access-code screen,
 * which comes back here with route state { codeType } and the secure token stored: that section
 * opens in edit mode (the bank block is scrolled to). The token is cleared after every save,
 * cancel and page leave. App mode edits on pages of their own (pages/edit-pages.tsx).
 */
import { CodeType, type Account } from '@portal/contracts';
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import * as codes from '../../../lib/session/access-code.ts';
import { isAppMode } from '../../../lib/platform/app-mode.ts';
import { provider } from '../../../lib/content/provider.ts';
import { useAccountDetails, useReloadAccount } from '../api/account-query.ts';
import { AccountBlock, editControlId, type EditControl } from '../components/account-block.tsx';
import { AccountLoading } from '../components/account-loading.tsx';
import { AccountToast } from '../components/account-toast.tsx';
import { BankDetailsForm } from '../components/bank-details-form.tsx';
import { EmailAddressForm, MobileNumberForm } from '../components/channel-form.tsx';
import { HelpersBlockBody, type HelperStepUp } from '../components/helpers-block.tsx';
import { ContactDetailsForm } from '../components/contact-details-form.tsx';
import type { EditForm } from '../components/form-types.ts';
import { PersonalDetailsForm } from '../components/personal-details-form.tsx';
import { PreferencesBlockBody } from '../components/preferences-block.tsx';
import {
  BankRead,
  ContactRead,
  EmailRead,
  MobileRead,
  PermissionNote,
  PersonalRead,
} from '../components/read-views.tsx';
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
import { useClearSecureTokenOnLeave } from '../secure-token.ts';
import { accountToast } from '../toast.ts';
import styles from '../components/account.module.css';

type Editing = { section: SectionKey; secureToken?: string | undefined; arrived: boolean };

const CODE_TYPES: readonly number[] = Object.values(CodeType);

/** Back from the access-code screen: the section of the verified code, with its secure token. */
function editingOnArrival(state: unknown): Editing | null {
  const codeType = (state as { codeType?: unknown } | null)?.codeType;
  if (typeof codeType !== 'number' || !CODE_TYPES.includes(codeType)) return null;
  const grant = codes.getSecureToken(codeType as codes.CodeTypeValue);
  if (!grant) return null;
  return { section: sectionOfCodeType(codeType as codes.CodeTypeValue), secureToken: grant.SecureToken, arrived: true };
}

/**
 * The "Sign-in and security" block's body (passkeys, authenticator app, recovery codes): another
 * feature's, handed in by the app (features do not import each other).
 */
type SecurityBlockBody = ComponentType<{ otherEditing: boolean; headingId: string }>;

type AccountPageProps = {
  SecurityBlock?: SecurityBlockBody | undefined;
  /** The Security step-up the "People who help" block asks for before an invitation (its block shows only with it). */
  HelperStepUp?: HelperStepUp | undefined;
};

/** Every navigation here (a toast after a save, the way back from a code) starts the page afresh. */
export function AccountPage({ SecurityBlock, HelperStepUp }: AccountPageProps) {
  const location = useLocation();
  return <AccountView key={location.key} SecurityBlock={SecurityBlock} HelperStepUp={HelperStepUp} />;
}

function AccountView({ SecurityBlock, HelperStepUp }: AccountPageProps) {
  const { type, success } = useParams();
  const location = useLocation();
  const toast = useMemo(() => accountToast(type, success), [type, success]);
  const account = useAccountDetails();
  const [editing, setEditing] = useState<Editing | null>(() => editingOnArrival(location.state));

  useClearSecureTokenOnLeave();

  return (
    <div className={styles.page} data-layout={editing ? 'edit' : 'read'} data-testid="account-page">
      <AccountToast toast={toast} />
      {account.data ? (
        <AccountBlocks
          account={account.data}
          editing={editing}
          setEditing={setEditing}
          SecurityBlock={SecurityBlock}
          HelperStepUp={HelperStepUp}
        />
      ) : (
        <AccountLoading failed={account.isError} onRetry={() => void account.refetch()} />
      )}
    </div>
  );
}

type AccountBlocksProps = {
  account: Account;
  editing: Editing | null;
  setEditing: (editing: Editing | null) => void;
  SecurityBlock?: SecurityBlockBody | undefined;
  HelperStepUp?: HelperStepUp | undefined;
};

function AccountBlocks({ account, editing, setEditing, SecurityBlock, HelperStepUp }: AccountBlocksProps) {
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
      block
        ?.querySelector<HTMLElement>('input:not([readonly]):not([type="hidden"]), select, textarea')
        ?.focus({ preventScroll: true });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [editing]);

  // Arriving at a block by its address (#account-bank, from the home page's bank banner): bring it
  // into view and put the keyboard at its heading, after the shell has focused the page title.
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const frame = window.requestAnimationFrame(() => {
      const block = document.getElementById(decodeURIComponent(hash.slice(1)));
      const heading = block ? document.getElementById(`${block.id}-heading`) : null;
      if (!block || !heading) return;
      block.scrollIntoView?.({ block: 'start' });
      heading.focus({ preventScroll: true });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [hash]);

  // Back to read: focus returns to the Edit control of that block (or its heading).
  useEffect(() => {
    if (!returnFocus) return;
    const id = sectionElementId(returnFocus);
    (document.getElementById(editControlId(id)) ?? document.getElementById(`${id}-heading`))?.focus();
    setReturnFocus(null);
  }, [returnFocus]);

  const cancel = (section: SectionKey) => {
    codes.clearSecureToken();
    setEditing(null);
    setReturnFocus(section);
    void reload();
  };

  const done = async (section: SectionKey, outcome: UpdateOutcome) => {
    codes.clearSecureToken();
    await reload();
    await navigate(updatedPath(SECTION_UPDATE_TYPE[section], outcome));
  };

  const control = (section: SectionKey, permission: EditPermission): EditControl => {
    if (editing || permission.kind !== 'allowed') return { kind: 'none' };
    if (isSecureSection(section)) {
      const { codeType, codePath } = SECURE_SECTIONS[section];
      return { kind: 'link', to: codePath, onNavigate: () => codes.setAccessCodeType(codeType) };
    }
    if (appMode) return { kind: 'link', to: APP_EDIT_PATH[section] };
    return { kind: 'inline', onEdit: () => setEditing({ section, arrived: false }) };
  };

  const token = editing?.secureToken ?? '';

  /** A block with an edit view: its form while it is edited (a secure one only with its token), else its read view and why it cannot change. */
  const editableBlock = (
    section: SectionKey,
    title: string,
    permission: EditPermission,
    Read: ComponentType<{ account: Account }>,
    Edit: EditForm,
  ) => {
    const open = editing?.section === section && (!isSecureSection(section) || token !== '');
    return (
      <AccountBlock
        id={sectionElementId(section)}
        title={title}
        editing={open}
        edit={control(section, permission)}
        testId={`account-${section}`}
      >
        {open ? (
          <Edit
            account={account}
            secureToken={token}
            autoFocus={!editing.arrived}
            onCancel={() => cancel(section)}
            onDone={(outcome) => done(section, outcome)}
          />
        ) : (
          <>
            <Read account={account} />
            <PermissionNote permission={permission} testId={`${section}-permission`} />
          </>
        )}
      </AccountBlock>
    );
  };

  return (
    <>
      <p className={styles.intro}>Check the details we hold for you and keep them up to date.</p>
      {editing ? (
        <p className="visually-hidden" data-testid="account-editing-note">
          One section can be changed at a time. Save or cancel it to change another.
        </p>
      ) : null}
      <div className={styles.blocks}>
        {editableBlock('personal', 'Name and date of birth', { kind: 'allowed' }, PersonalRead, PersonalDetailsForm)}
        {editableBlock(
          'mobile',
          'Mobile number',
          contactChannelPermission(account, 'mobile', provider.phone),
          MobileRead,
          MobileNumberForm,
        )}
        {editableBlock(
          'email',
          'Email address',
          contactChannelPermission(account, 'email', provider.phone),
          EmailRead,
          EmailAddressForm,
        )}
        {editableBlock(
          'contact',
          'Contact details',
          contactDetailsPermission(account),
          ContactRead,
          ContactDetailsForm,
        )}
        {editableBlock('bank', 'Bank account details', bankPermission(account), BankRead, BankDetailsForm)}

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

        <AddedBlocks SecurityBlock={SecurityBlock} HelperStepUp={HelperStepUp} otherEditing={editing !== null} />
      </div>
    </>
  );
}

/** The blocks of other features, handed in by the app: Sign-in and security, People who help. */
function AddedBlocks({ SecurityBlock, HelperStepUp, otherEditing }: AccountPageProps & { otherEditing: boolean }) {
  return (
    <>
      {SecurityBlock ? (
        <AccountBlock id={sectionElementId('security')} title="Sign-in and security" testId="account-security">
          <SecurityBlock otherEditing={otherEditing} headingId={`${sectionElementId('security')}-heading`} />
        </AccountBlock>
      ) : null}
      {HelperStepUp ? (
        <AccountBlock id={sectionElementId('helpers')} title="People who help" testId="account-helpers">
          <HelpersBlockBody
            otherEditing={otherEditing}
            headingId={`${sectionElementId('helpers')}-heading`}
            StepUp={HelperStepUp}
          />
        </AccountBlock>
      ) : null}
    </>
  );
}
