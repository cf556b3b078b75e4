/** The thank-you pages (spec 001 "Thank-you pages"): documents, reimbursement, contact us. */
import { Link, useLocation } from 'react-router';
import { provider } from '../../../lib/provider.ts';
import styles from './documents.module.css';

function Links({ links, testId }: { links: Array<{ to: string; label: string; id: string }>; testId: string }) {
  return (
    <ul className={styles.links} data-testid={testId}>
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

export function ThankYouDocumentsPage() {
  return (
    <section data-testid="thankyou-documents">
      <p>Thank you. We have received your documents and will look at them soon.</p>
      <p data-testid="thankyou-documents-note">
        If you need to modify or delete anything you have sent, please contact the {provider.shortName} on{' '}
        {provider.phone}.
      </p>
      <Links
        testId="thankyou-links"
        links={[
          { to: '/claim', label: 'Home', id: 'thankyou-home' },
          { to: '/forms', label: 'Upload Documents', id: 'thankyou-upload' },
          { to: '/inbox', label: 'Inbox', id: 'thankyou-inbox' },
        ]}
      />
    </section>
  );
}

export function ThankYouReimbursementPage() {
  const state = useLocation().state as { canEditBankDetails?: boolean } | null;
  return (
    <section data-testid="thankyou-reimbursement">
      <p>Thank you. We have received your reimbursement claim.</p>
      <p>Payments are usually made within 10 business days.</p>
      {state?.canEditBankDetails ? (
        <p>
          <Link to="/activationbankdetails" data-testid="thankyou-bank-details">
            Check or update your bank details
          </Link>
        </p>
      ) : null}
      <Links
        testId="thankyou-links"
        links={[
          { to: '/claim', label: 'Home', id: 'thankyou-home' },
          { to: '/reimbursementform', label: 'Claim reimbursement', id: 'thankyou-reimbursement-again' },
        ]}
      />
    </section>
  );
}

export function ThankYouContactUsPage() {
  return (
    <section data-testid="thankyou-contact-us">
      <p>Thank you. We have received your message and will reply soon.</p>
      <Links
        testId="thankyou-links"
        links={[
          { to: '/claim', label: 'Home', id: 'thankyou-home' },
          { to: '/contactus', label: 'Send a message', id: 'thankyou-contact' },
          { to: '/inbox', label: 'Inbox', id: 'thankyou-inbox' },
        ]}
      />
    </section>
  );
}
