import { LIMITS } from '@portal/contracts';
import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../../components/form-field.tsx';
import { Required } from './enquiry-type-field.tsx';
import styles from './messaging.module.css';

/** The count under the message, announced politely once typing pauses (not at every key). */
function useCountAnnouncement(length: number): string {
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const left = LIMITS.contactMessageMax - length;
      setText(left >= 0 ? `You have ${left} characters remaining` : `You have ${-left} characters too many`);
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [length]);
  return length === 0 ? '' : text;
}

type EnquiryMessageFieldProps = {
  id: string;
  registration: UseFormRegisterReturn<'Message'>;
  error: string | undefined;
  /** The characters typed so far. */
  length: number;
};

/** Your message*: the text, its count of characters against LIMITS.contactMessageMax, and the count announced. */
export function EnquiryMessageField({ id, registration, error, length }: EnquiryMessageFieldProps) {
  const countAnnouncement = useCountAnnouncement(length);
  const countId = `${id}-count`;
  return (
    <Field
      label={
        <>
          Your message
          <Required />
        </>
      }
      id={id}
      error={error}
      required
    >
      {(control) => (
        <>
          <textarea
            {...control}
            {...registration}
            aria-describedby={[control['aria-describedby'], countId].filter(Boolean).join(' ')}
            rows={8}
            placeholder={`Max ${LIMITS.contactMessageMax} characters`}
            data-testid="contact-message"
          />
          <p
            id={countId}
            className={`${styles.charCount} ${length > LIMITS.contactMessageMax ? styles.countOver : ''}`}
            data-testid="contact-message-count"
          >
            {length} of {LIMITS.contactMessageMax} characters
          </p>
          <p className="visually-hidden" role="status" aria-live="polite" data-testid="contact-message-count-status">
            {countAnnouncement}
          </p>
        </>
      )}
    </Field>
  );
}
