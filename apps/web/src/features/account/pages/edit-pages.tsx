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
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  clearSecureToken,
  getSecureToken,
  setAccessCodeType,
  type CodeTypeValue,
} from '../../../lib/session/access-code.ts';
import { provider } from '../../../lib/content/provider.ts';
import { useAccountDetails, useReloadAccount } from '../api/account-query.ts';
import { AccountLoading } from '../components/account-loading.tsx';
import { BankDetailsForm } from '../components/bank-details-form.tsx';
import { EmailAddressForm, MobileNumberForm } from '../components/channel-form.tsx';
import { ContactDetailsForm } from '../components/contact-details-form.tsx';
import type { EditForm } from '../components/form-types.ts';
import { PersonalDetailsForm } from '../components/personal-details-form.tsx';
import { PermissionNote } from '../components/read-views.tsx';
import { bankPermission, contactChannelPermission, contactDetailsPermission, type EditPermission } from '../rules.ts';
import { useClearSecureTokenOnLeave } from '../secure-token.ts';
import {
  SECTION_UPDATE_TYPE,
  SECURE_SECTIONS,
  updatedPath,
  type SectionKey,
  type SecureSectionKey,
  type UpdateOutcome,
} from '../sections.ts';
import styles from '../components/account.module.css';

/** An Act helper's page of the claimant's details: the same forms, in the same chunk. */
export { ClaimantDetailsPage } from './claimant-details-page.tsx';

function useSecureTokenOfPage(section: SectionKey): string | undefined {
  // Read once: leaving the page clears the stored copy (spec 000 §4), this one stays for the form.
  const [token] = useState(() =>
    section in SECURE_SECTIONS
      ? getSecureToken(SECURE_SECTIONS[section as SecureSectionKey].codeType)?.SecureToken
      : undefined,
  );
  useClearSecureTokenOnLeave();
  return token;
}

function EditPage({
  section,
  permissionOf,
  form: Edit,
}: {
  section: SectionKey;
  permissionOf: (account: Account) => EditPermission;
  form: EditForm;
}) {
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

  if (!account.data) return <AccountLoading failed={account.isError} onRetry={() => void account.refetch()} />;

  const permission = permissionOf(account.data);
  if (permission.kind !== 'allowed') {
    return (
      <div className={`card ${styles.editPage}`} data-testid="account-edit-page">
        <PermissionNote permission={permission} testId={`${section}-permission`} />
        <Link to="/account" className="button button--secondary">
          Back to Personal details
        </Link>
      </div>
    );
  }
  if (secure && !token) return <GoToAccessCode codeType={secure.codeType} to={secure.codePath} />;
  return (
    <div className={`card ${styles.editPage}`} data-testid="account-edit-page">
      <Edit account={account.data} secureToken={token ?? ''} onCancel={cancel} onDone={done} />
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
  return <EditPage section="personal" permissionOf={always} form={PersonalDetailsForm} />;
}

export function ContactDetailsPage() {
  return <EditPage section="contact" permissionOf={contactDetailsPermission} form={ContactDetailsForm} />;
}

export function EmailAddressPage() {
  return (
    <EditPage
      section="email"
      permissionOf={(a) => contactChannelPermission(a, 'email', provider.phone)}
      form={EmailAddressForm}
    />
  );
}

export function MobileNumberPage() {
  return (
    <EditPage
      section="mobile"
      permissionOf={(a) => contactChannelPermission(a, 'mobile', provider.phone)}
      form={MobileNumberForm}
    />
  );
}

export function BankDetailsPage() {
  return <EditPage section="bank" permissionOf={bankPermission} form={BankDetailsForm} />;
}
