/**
 * Enquiry Type* of the contact form (spec 001 Contact us): the ContactCategories list (with a
 * try-again when it could not be loaded) and, for Reimbursement, the way to the reimbursement form.
 */
import type { ControllerRenderProps } from 'react-hook-form';
import { Link } from 'react-router';
import { Field } from '../../../components/form-field.tsx';
import { Icon } from '../../../components/icon.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import type { useDropdownList } from '../../../lib/api/get-dropdown-list.ts';
import type { EnquiryCategory, EnquiryValues } from '../lib/enquiry.ts';
import styles from './messaging.module.css';

export function Required() {
  return <span aria-hidden="true"> *</span>;
}

type EnquiryTypeFieldProps = {
  id: string;
  field: ControllerRenderProps<EnquiryValues, 'Category'>;
  value: EnquiryCategory | null;
  error: string | undefined;
  categories: ReturnType<typeof useDropdownList>;
  reimbursement: boolean;
};

export function EnquiryTypeField({ id, field, value, error, categories, reimbursement }: EnquiryTypeFieldProps) {
  return (
    <>
      <Field
        label={
          <>
            Enquiry type
            <Required />
          </>
        }
        id={id}
        error={error}
        required
      >
        {(control) => (
          <select
            {...control}
            ref={field.ref}
            name={field.name}
            value={value ? String(value.ElementNumber) : ''}
            onChange={(e) => {
              const chosen = categories.data?.find((c) => String(c.ElementNumber) === e.currentTarget.value);
              field.onChange(
                chosen ? ({ Item: chosen.Item, ElementNumber: chosen.ElementNumber } satisfies EnquiryCategory) : null,
              );
            }}
            onBlur={field.onBlur}
            data-testid="contact-type"
          >
            <option value="">{categories.isError ? 'The enquiry types could not be loaded' : 'Please select'}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.ElementNumber} value={String(c.ElementNumber)}>
                {c.Item}
              </option>
            ))}
          </select>
        )}
      </Field>
      {categories.isError ? (
        <div className="callout callout--warning" data-testid="contact-types-error">
          <Icon name="warning" />
          <div>
            <p>
              Sorry, we could not load the enquiry types just now. Please try again, or call us on <PhoneLink />.
            </p>
            <p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void categories.refetch()}
                disabled={categories.isFetching}
              >
                {categories.isFetching ? 'Trying again…' : 'Try again'}
              </button>
            </p>
          </div>
        </div>
      ) : null}

      {reimbursement ? (
        <section
          className="callout"
          aria-labelledby="contact-reimbursement-heading"
          data-testid="contact-reimbursement"
        >
          <Icon name="info" />
          <div>
            <h2 id="contact-reimbursement-heading" className={styles.calloutHeading}>
              Want money back for something you paid for?
            </h2>
            <p>
              The quickest way is the Claim reimbursement form: it asks for everything we need to pay you.{' '}
              <Link to="/reimbursementform" data-testid="contact-reimbursement-link">
                Go to Claim reimbursement
              </Link>
            </p>
            <p>If you have a question about a reimbursement, you can still send us a message here.</p>
          </div>
        </section>
      ) : null}
    </>
  );
}
