/**
 * /authorityform (spec 001 "Authority form"; uploads issue): the intro, the read-only details,
 * the consent text, a signature pad (pointer events on a canvas, with Clear, the initials and
 * today's date) and, beyond the spec, an accessible alternative for people who cannot draw: type
 * the full name and tick the declaration. Submit is disabled until signed and while submitting.
 */
import {
  AUTHORITY_CONSENT,
  AUTHORITY_UPLOAD_PATH,
  SIGNATURE_FIELD,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_PAD,
  formatDisplayDate,
} from '@portal/contracts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CheckboxField, Field } from '../../../components/form-field.tsx';
import { applyServerErrors } from '../../../components/forms/apply-server-errors.ts';
import { ButtonHint } from '../../../components/forms/button-hint.tsx';
import { fillProvider } from '../../../lib/provider.ts';
import { isRequestError } from '../../../lib/request-error.ts';
import { sendMultipart } from '../../../lib/upload.ts';
import type { SentState } from '../../../lib/reference.ts';
import { useAuthorityFormData } from '../api/get-authority-form-data.ts';
import { useSignaturePad } from '../components/use-signature-pad.ts';
import styles from './documents.module.css';

/** A server item as this page shows it: 'Error 3: Your signature could not be read. …'. */
const numbered = (item: { Number: number; Message: string }) => `Error ${item.Number}: ${item.Message}`;

function todayDisplay(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

export function AuthorityPage() {
  const navigate = useNavigate();
  const authority = useAuthorityFormData();
  const [typedMode, setTypedMode] = useState(false);
  const [typedName, setTypedName] = useState('');
  const [declared, setDeclared] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const idempotencyKey = useRef<string | null>(null);

  const { canvasRef, signed, handlers, clear, toPng } = useSignaturePad(submitting);

  const ready = typedMode ? typedName.trim() !== '' && declared : signed;

  const submit = async () => {
    if (!ready || submitting) return;
    setSubmitting(true);
    setError(null);
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const files: Array<{ name: string; blob: Blob; filename: string }> = [];
      if (!typedMode) {
        const canvas = canvasRef.current;
        const png = canvas ? await toPng() : null;
        if (!png || png.size > SIGNATURE_MAX_BYTES) throw new Error('signature');
        files.push({ name: SIGNATURE_FIELD, blob: png, filename: 'signature.png' });
      }
      const fields: Record<string, string | undefined> = typedMode
        ? {
            SignatureMethod: 'typed',
            IdempotencyKey: idempotencyKey.current,
            TypedName: typedName.trim(),
            Declaration: 'true',
          }
        : { SignatureMethod: 'drawn', IdempotencyKey: idempotencyKey.current };
      const { SentItemId } = await sendMultipart<{ SentItemId: string }>(AUTHORITY_UPLOAD_PATH, fields, files).promise;
      const sent: SentState = { sentItemId: SentItemId, sentAt: Date.now() };
      await navigate('/thankyou-documents', { replace: true, state: sent });
    } catch (err) {
      if (isRequestError(err)) {
        if (err.forcedLogout) return;
        if (err.kind === 'server') idempotencyKey.current = null;
        // The page has no field the server could name: its first item is one line, with its number.
        const [first] = applyServerErrors(err, { fieldIds: {}, rewrite: numbered }).entries;
        setError(first ? first.message : err.message);
      } else setError('Error 3: Your signature could not be read. Please clear it and sign again.');
      setSubmitting(false);
    }
  };

  if (authority.isError) {
    return (
      <p className="callout callout--error" data-testid="authority-load-error">
        Your details could not be loaded. Please try again later.
      </p>
    );
  }
  const data = authority.data;
  if (!data) {
    return (
      <p role="status" data-testid="authority-loading">
        Loading your details…
      </p>
    );
  }

  const consent = AUTHORITY_CONSENT.map((line) => fillProvider(line));

  return (
    <div className={styles.form} data-testid="authority-form">
      <p data-testid="authority-intro">
        This form gives us your authority to collect information about you that we need to manage your claim. Please
        check your details, read the authority and sign it.
      </p>
      <h2>Your details</h2>
      <dl className={styles.details} data-testid="authority-details">
        <dt>First name</dt>
        <dd data-testid="authority-first-name">{data.FirstName}</dd>
        <dt>Last name</dt>
        <dd data-testid="authority-last-name">{data.Surname}</dd>
        <dt>Claim number</dt>
        <dd data-testid="authority-claim-number">{data.ClaimNumber}</dd>
        <dt>Address</dt>
        <dd data-testid="authority-address">
          {[data.Address.AddressLine1, data.Address.AddressLine2, data.Address.AddressLine3]
            .filter(Boolean)
            .map((line) => (
              <span key={line} style={{ display: 'block' }}>
                {line}
              </span>
            ))}
        </dd>
        <dt>Date of birth</dt>
        <dd data-testid="authority-date-of-birth">{formatDisplayDate(data.DateOfBirth)}</dd>
        <dt>Date of accident</dt>
        <dd data-testid="authority-date-of-accident">{formatDisplayDate(data.DateOfAccident)}</dd>
      </dl>
      <h2>Authority</h2>
      <div className={styles.consent} data-testid="authority-consent">
        {consent.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <h2>Signature</h2>
      {typedMode ? (
        <div data-testid="authority-typed">
          <Field label="Your full name" id="authority-typed-name" required>
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="name"
                data-testid="authority-typed-name"
                value={typedName}
                disabled={submitting}
                onChange={(e) => setTypedName(e.currentTarget.value)}
              />
            )}
          </Field>
          <CheckboxField
            label="I declare that typing my name here is my signature on this authority"
            id="authority-declaration"
          >
            {(control) => (
              <input
                {...control}
                type="checkbox"
                data-testid="authority-declaration"
                checked={declared}
                disabled={submitting}
                onChange={(e) => setDeclared(e.currentTarget.checked)}
              />
            )}
          </CheckboxField>
          <button
            type="button"
            className="link-button"
            data-testid="authority-draw-instead"
            onClick={() => setTypedMode(false)}
          >
            Draw my signature instead
          </button>
        </div>
      ) : (
        <div data-testid="authority-drawn">
          <p id="authority-pad-hint">Sign in the box below with your finger, a stylus or a mouse.</p>
          <canvas
            ref={canvasRef}
            className={styles.pad}
            width={SIGNATURE_PAD.width}
            height={SIGNATURE_PAD.height}
            role="img"
            aria-label={signed ? 'Signature box, signed' : 'Signature box, not signed yet'}
            aria-describedby="authority-pad-hint"
            data-testid="authority-signature-pad"
            data-signed={signed ? 'true' : 'false'}
            {...handlers}
          />
          <div className={styles.signatureMeta}>
            <span data-testid="authority-initials">Name: {data.Initials}</span>
            <span data-testid="authority-date">Date: {todayDisplay()}</span>
          </div>
          <div className={styles.actions} style={{ marginBlockStart: 0 }}>
            <button
              type="button"
              className="button button--secondary"
              data-testid="authority-clear"
              onClick={clear}
              disabled={submitting}
            >
              Clear
            </button>
            <button
              type="button"
              className="link-button"
              data-testid="authority-type-instead"
              onClick={() => setTypedMode(true)}
            >
              I can&apos;t draw a signature
            </button>
          </div>
        </div>
      )}
      <div role="alert" data-testid="authority-error">
        {error ? <p className="callout callout--error">{error}</p> : null}
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          data-testid="authority-submit"
          aria-disabled={!ready || submitting || undefined}
          aria-describedby={!ready && !submitting ? 'authority-submit-hint' : undefined}
          onClick={() => void submit()}
        >
          {submitting ? 'Submitting…' : 'Submit'}
        </button>
      </div>
      <ButtonHint
        id="authority-submit-hint"
        needed={
          ready
            ? []
            : typedMode
              ? [
                  ...(typedName.trim() === '' ? ['type your full name'] : []),
                  ...(declared ? [] : ['tick the declaration']),
                ]
              : ['a signature']
        }
        lead="To continue,"
        text={typedMode ? undefined : 'Draw or type your signature to continue.'}
        busy={submitting && 'Sending your signed authority, please wait.'}
      />
    </div>
  );
}
