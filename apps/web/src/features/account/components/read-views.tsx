/** The read views of My Details' blocks (spec 000 §2, §3). */
import { BSB_SOURCE, formatDisplayDate, type Account, type Address, type ClaimantDetails } from '@portal/contracts';
import type { ReactNode } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import {
  accountNumberLast4,
  addressText,
  displayName,
  formatMobile,
  formatPhone,
  type EditPermission,
} from '../rules.ts';
import { formatBsb } from '../../../lib/api/verify-bsb.ts';
import { DetailList } from './account-block.tsx';
import styles from './account.module.css';

const NOT_GIVEN = <span className={styles.empty}>Not provided</span>;

/** Why a block has no Edit link (a provider flag, a §6 rule, or what to add first). */
export function PermissionNote({ permission, testId }: { permission: EditPermission; testId: string }) {
  if (permission.kind === 'allowed') return null;
  if (permission.kind === 'blocked') {
    return (
      <p className="callout callout--warning" data-testid={testId}>
        <Icon name="warning" />
        <span>
          {permission.message}
          {permission.callUs ? (
            <>
              {' '}
              {permission.callUs} <PhoneLink />.
            </>
          ) : null}
        </span>
      </p>
    );
  }
  return (
    <p className={styles.note} data-testid={testId}>
      {permission.hint}
    </p>
  );
}

/** `whose`: helping, the claimant's first name (the request is theirs, not the reader's). */
export function PersonalRead({
  account,
  whose,
}: {
  account: Pick<ClaimantDetails, 'PersonalDetails' | 'PersonalDetailsPendingSince'>;
  whose?: string;
}) {
  const details = account.PersonalDetails;
  const pending = account.PersonalDetailsPendingSince;
  const request = whose ? `A request to change ${whose}'s name or date of birth` : 'Your change request';
  return (
    <>
      <DetailList
        items={[
          { label: 'Name', value: displayName(details), testId: 'personal-name' },
          { label: 'Date of birth', value: formatDisplayDate(details.DateOfBirth), testId: 'personal-dob' },
        ]}
      />
      {pending ? (
        <p className="callout" data-testid="personal-pending">
          <Icon name="info" />
          <span>
            {request} sent on {formatDisplayDate(pending)} is waiting for approval.
          </span>
        </p>
      ) : null}
    </>
  );
}

export function MobileRead({ account }: { account: Account }) {
  const mobile = account.ContactDetails.MobileNumber;
  return (
    <DetailList
      items={[{ label: 'Mobile number', value: mobile ? formatMobile(mobile) : NOT_GIVEN, testId: 'mobile-value' }]}
    />
  );
}

export function EmailRead({ account }: { account: Account }) {
  const email = account.ContactDetails.EmailAddress;
  return <DetailList items={[{ label: 'Email address', value: email || NOT_GIVEN, testId: 'email-value' }]} />;
}

/**
 * An address with, when the claimant entered it by hand (`Verified: false`), a note that
 * says so in the words of the form that took it: it is kept, and the claims system knows it was
 * not found in the address list.
 */
function AddressValue({ address, testId }: { address: Address | null; testId: string }) {
  const text = addressText(address);
  if (!text) return NOT_GIVEN;
  if (address?.Verified !== false) return text;
  return (
    <>
      {text}
      <span className={styles.addressNote} data-testid={testId}>
        You entered this address yourself. It is not in the national address list.
      </span>
    </>
  );
}

export function ContactRead({ account }: { account: Pick<ClaimantDetails, 'ContactDetails'> }) {
  const contact = account.ContactDetails;
  const phone = formatPhone(contact.PhoneNumber);
  const postal: ReactNode = contact.AreAddressesSame ? (
    'Same as home address'
  ) : (
    <AddressValue address={contact.PostalAddressForDB} testId="contact-postal-entered" />
  );
  return (
    <DetailList
      items={[
        { label: 'Phone number', value: phone || NOT_GIVEN, testId: 'contact-phone-value' },
        {
          label: 'Home address',
          value: <AddressValue address={contact.HomeAddressForDB} testId="contact-home-entered" />,
          testId: 'contact-home-value',
        },
        { label: 'Postal address', value: postal, testId: 'contact-postal-value' },
      ]}
    />
  );
}

export function BankRead({ account }: { account: Account }) {
  const bank = account.BankAccountDetails;
  if (!bank) {
    return (
      <p className={styles.note} data-testid="bank-none">
        We do not have bank account details for you.
      </p>
    );
  }
  const last4 = accountNumberLast4(bank.AccountNumber);
  return (
    <>
      <DetailList
        items={[
          { label: 'Bank', value: bank.BankName || NOT_GIVEN, testId: 'bank-name-read' },
          { label: 'Account name', value: bank.AccountName, testId: 'bank-account-name-read' },
          { label: 'BSB', value: formatBsb(bank.Bsb), testId: 'bank-bsb-read' },
          {
            label: 'Account number',
            // spec 000 §2: only the last 4 characters are shown.
            value: (
              <>
                <span aria-hidden="true">{'*'.repeat(5)}</span>
                <span className="visually-hidden">ending in </span>
                {last4}
              </>
            ),
            testId: 'bank-account-number-read',
          },
        ]}
      />
      {bank.BankName ? <p className={styles.smallPrint}>{BSB_SOURCE}</p> : null}
    </>
  );
}
