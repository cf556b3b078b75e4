/**
 * The thank-you pages (spec 001 "Thank-you pages"): documents, reimbursement, contact us. Each
 * opens with a confirmation panel (what was sent and the reference to quote: lib/content/reference.ts),
 * says what happens next — for a message, the date we aim to reply by, by the rule Sent Items
 * shows (the contracts' enquiryReplyBy); for a reimbursement claim, the date we aim to pay it by if
 * it is approved, by the same count — and that a copy is in Sent Items; then the spec's links
 * (docs/decisions/027). The form hands the sent item's id and when it was sent as navigation
 * state; opened without it (a bookmark), the page still thanks and points to Sent Items.
 */
import {
  ENQUIRY_REPLY_WORKING_DAYS,
  REIMBURSEMENT_PAYMENT_WORKING_DAYS,
  enquiryReplyBy,
  formatDisplayDate,
  reimbursementPayBy,
} from '@portal/contracts';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { provider } from '../../../lib/content/provider.ts';
import { referenceOf, sentStateOf } from '../../../lib/content/reference.ts';
import styles from './documents.module.css';

type LinkItem = { to: string; label: string; id: string };

function Links({ links }: { links: LinkItem[] }) {
  return (
    <ul className={styles.links} data-testid="thankyou-links">
      {links.map((l) => (
        <li key={l.to}>
          <Link to={l.to} className="button button--secondary" data-testid={l.id}>
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

type ThankYouProps = {
  testId: string;
  /** What was sent, as the panel's heading says it: "Your documents have been sent". */
  sentText: string;
  next: ReactNode;
  links: LinkItem[];
};

function ThankYou({ testId, sentText, next, links }: ThankYouProps) {
  const sent = sentStateOf(useLocation().state);
  return (
    <section data-testid={testId} aria-labelledby="thankyou-panel-heading">
      <div className={styles.confirmation} data-testid="thankyou-panel">
        <h2 id="thankyou-panel-heading">{sentText}</h2>
        {sent ? (
          <p>
            Your reference is{' '}
            <strong className={styles.reference} data-testid="thankyou-reference">
              {referenceOf(sent.sentItemId)}
            </strong>
          </p>
        ) : null}
      </div>
      <h2>What happens next</h2>
      {next}
      <p data-testid="thankyou-sent-items">
        A copy is in <Link to="/sentitems">Sent items</Link>, with its reference, where you can see where we are up to.
      </p>
      <Links links={links} />
    </section>
  );
}

export function ThankYouDocumentsPage() {
  return (
    <ThankYou
      testId="thankyou-documents"
      sentText="Your documents have been sent"
      next={
        <>
          <p>We add your documents to your claim. If we need anything more from you, we will send you a message.</p>
          <p data-testid="thankyou-documents-note">
            If you need to modify or delete anything you have sent, please contact the {provider.shortName} on{' '}
            <PhoneLink />.
          </p>
        </>
      }
      links={[
        { to: '/claim', label: 'Home', id: 'thankyou-home' },
        { to: '/forms', label: 'Send documents', id: 'thankyou-upload' },
        { to: '/inbox', label: 'Inbox', id: 'thankyou-inbox' },
      ]}
    />
  );
}

export function ThankYouReimbursementPage() {
  const state: unknown = useLocation().state;
  const sent = sentStateOf(state);
  const canEditBankDetails = (state as { canEditBankDetails?: boolean } | null)?.canEditBankDetails === true;
  return (
    <ThankYou
      testId="thankyou-reimbursement"
      sentText="Your reimbursement claim has been sent"
      next={
        <>
          <p data-testid="thankyou-pay-by">
            We check your claim and your receipts. Payments are usually made within {REIMBURSEMENT_PAYMENT_WORKING_DAYS}{' '}
            business days.
            {sent
              ? ` If we approve your claim, we aim to pay it by ${formatDisplayDate(reimbursementPayBy(new Date(sent.sentAt)))}.`
              : null}
          </p>
          {canEditBankDetails ? (
            <p>
              <Link to="/activationbankdetails" data-testid="thankyou-bank-details">
                Check or update your bank details
              </Link>
            </p>
          ) : null}
        </>
      }
      links={[
        { to: '/claim', label: 'Home', id: 'thankyou-home' },
        { to: '/reimbursementform', label: 'Claim reimbursement', id: 'thankyou-reimbursement-again' },
      ]}
    />
  );
}

export function ThankYouContactUsPage() {
  const sent = sentStateOf(useLocation().state);
  return (
    <ThankYou
      testId="thankyou-contact-us"
      sentText="Your message has been sent"
      next={
        <p data-testid="thankyou-reply-by">
          {sent
            ? `We aim to reply by ${formatDisplayDate(enquiryReplyBy(new Date(sent.sentAt)))}.`
            : `We aim to reply within ${ENQUIRY_REPLY_WORKING_DAYS} working days.`}{' '}
          Our reply will arrive in your inbox.
        </p>
      }
      links={[
        { to: '/claim', label: 'Home', id: 'thankyou-home' },
        { to: '/contactus', label: 'Send a message', id: 'thankyou-contact' },
        { to: '/inbox', label: 'Inbox', id: 'thankyou-inbox' },
      ]}
    />
  );
}
