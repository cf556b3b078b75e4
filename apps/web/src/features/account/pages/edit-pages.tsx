/**
 * The edit pages app mode opens instead of inline editing (spec 000 §2): /personal-details,
 * /contact-details, /email-address, /mobile-number and /bank-details. They hold the same forms as
 * My Details. Cancel returns to /account; a save goes to /accountupdated/{type}/{outcome}.
 *
 * Mobile, e-mail and bank need the secure token of a verified code (the access-code screen sends
 * app mode here): without one, the page stores the code type and goes to that screen first. A
 * change the claimant may not make (spec 000 §6) shows why instead. The token is cleared after a
 * save, a cancel and when the page is left.
 */
import type { Account } from '@portal/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { clearSecureToken, getSecureToken, setAccessCodeType, type CodeTypeValue } from '../../../lib/access-code.ts';
import { provider } from '../../../lib/provider.ts';
import { useAccountDetails, useReloadAccount } from '../api/account-query.ts';
import { BankDetailsForm } from '../components/bank-details-form.tsx';
import { EmailAddressForm, MobileNumberForm } from '../components/channel-form.tsx';
import { ContactDetailsForm } from '../components/contact-details-form.tsx';
import type { EditFormProps } from '../components/form-types.ts';
import { PersonalDetailsForm } from '../components/personal-details-form.tsx';
import { PermissionNote } from '../components/read-views.tsx';
import { bankPermission, contactChannelPermission, contactDetailsPermission, type EditPermission } from '../rules.ts';
import { SECTION_UPDATE_TYPE, SECURE_SECTIONS, updatedPath, type SectionKey, type SecureSectionKey, type UpdateOutcome } from '../sections.ts';
import styles from '../components/account.module.css';

type FormRenderer = (props: EditFormProps & { secureToken: string }) => ReactNode;

function useSecureTokenOfPage(section: SectionKey): string | undefined {
  // Read once: leaving the page clears the stored copy (spec 000 §4), this one stays for the form.
  const [token] = useState(() => (section in SECURE_SECTIONS ? getSecureToken(SECURE_SECTIONS[section as SecureSectionKey].codeType)?.SecureToken : undefined));
  useEffect(() => {
    const onPageHide = () => clearSecureToken();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      clearSecureToken();
    };
  }, []);
  return token;
}

function EditPage({ section, permissionOf, render }: { section: SectionKey; permissionOf: (account: Account) => EditPermission; render: FormRenderer }) {
  const navigate = useNavigate();
  const reload = useReloadAccount();
  const account = useAccountDetails();
  const token = useSecureTokenOfPage(section);
  const secure = section in SECURE_SECTIONS ? SECURE_SECTIONS[section as SecureSectionKey] : null;

  const cancel = () => {
    clearSecureToken();
    void navigate('/account');
  };
  const done = async (outcome: UpdateOutcome) => {
    clearSecureToken();
    await reload();
    await navigate(updatedPath(SECTION_UPDATE_TYPE[section], outcome), { replace: true });
  };

  if (!account.data) {
    return account.isError ? (
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
    );
  }

  const permission = permissionOf(account.data);
  if (permission.kind !== 'allowed') {
    return (
      <div className={`card ${styles.editPage}`} data-testid="account-edit-page">
        <PermissionNote permission={permission} testId={`${section}-permission`} />
        <Link to="/account" className="button button--secondary">
          Back to My Details
        </Link>
      </div>
    );
  }
  if (secure && !token) return <GoToAccessCode codeType={secure.codeType} to={secure.codePath} />;
  return (
    <div className={`card ${styles.editPage}`} data-testid="account-edit-page">
      {render({ account: account.data, secureToken: token ?? '', onCancel: cancel, onDone: done })}
    </div>
  );
}

/** spec 000 §4: these edits first store the code type and go to the access-code screen. */
function GoToAccessCode({ codeType, to }: { codeType: CodeTypeValue; to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    setAccessCodeType(codeType);
    void navigate(to, { replace: true });
  }, [codeType, to, navigate]);
  return null;
}

const always = (): EditPermission => ({ kind: 'allowed' });

export function PersonalDetailsPage() {
  return <EditPage section="personal" permissionOf={always} render={(props) => <PersonalDetailsForm {...props} />} />;
}

export function ContactDetailsPage() {
  return <EditPage section="contact" permissionOf={contactDetailsPermission} render={(props) => <ContactDetailsForm {...props} />} />;
}

export function EmailAddressPage() {
  return <EditPage section="email" permissionOf={(a) => contactChannelPermission(a, 'email', provider.phone)} render={(props) => <EmailAddressForm {...props} />} />;
}

export function MobileNumberPage() {
  return <EditPage section="mobile" permissionOf={(a) => contactChannelPermission(a, 'mobile', provider.phone)} render={(props) => <MobileNumberForm {...props} />} />;
}

export function BankDetailsPage() {
  return <EditPage section="bank" permissionOf={bankPermission} render={(props) => <BankDetailsForm {...props} />} />;
}
