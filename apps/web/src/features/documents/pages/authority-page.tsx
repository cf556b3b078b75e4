/**
 * /authorityform (spec 001 "Authority form"; uploads issue): the intro, the read-only details,
 * the consent text, a signature pad (pointer events on a canvas, with Clear, the full name and
 * today's date) and, beyond the spec, an accessible alternative for people who cannot draw: type
 * the full name and tick the declaration. Submit waits (aria-disabled) until signed; a press while
 * it waits lists what is missing, as every form does (decision 039).
 */
import {
  AUTHORITY_CONSENT,
  AUTHORITY_UPLOAD_PATH,
  SIGNATURE_FIELD,
  SIGNATURE_MAX_BYTES,
  formatDisplayDate,
} from '@portal/contracts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorSummary, fieldEntries, type SummaryEntry } from '../../../components/error-summary.tsx';
import { applyServerErrors } from '../../../components/forms/apply-server-errors.ts';
import { ButtonHint } from '../../../components/forms/button-hint.tsx';
import { fillProvider } from '../../../lib/content/provider.ts';
import { isRequestError } from '../../../lib/request/request-error.ts';
import { sendMultipart } from '../../../lib/uploads/upload.ts';
import type { SentState } from '../../../lib/content/reference.ts';
import { useAuthorityFormData } from '../api/get-authority-form-data.ts';
import { DrawnSignature, TypedSignature, signatureProblems } from '../components/authority-signature.tsx';
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

  const pad = useSignaturePad(submitting);
  const { canvasRef, toPng } = pad;
  // Set by a press while the signature is missing: from then on each missing part says so, and
  // its message goes as it is put right (decision 039).
  const [pressed, setPressed] = useState(0);
  const [summary, setSummary] = useState<SummaryEntry[]>([]);

  // The other way to sign starts afresh: nothing is said about it until it is pressed for.
  const signBy = (typed: boolean) => {
    setTypedMode(typed);
    setPressed(0);
    setSummary([]);
  };

  const problems = signatureProblems({ typedMode, typedName, declared, signed: pad.signed });
  const ready = problems.length === 0;
  const shown = pressed > 0 ? problems : [];

  const submit = async () => {
    if (submitting) return;
    if (!ready) {
      setSummary(fieldEntries(problems));
      setPressed((n) => n + 1);
      return;
    }
    setSummary([]);
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
      <ErrorSummary entries={summary} focusKey={pressed} data-testid="authority-errors" />
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
        <TypedSignature
          typedName={typedName}
          declared={declared}
          submitting={submitting}
          problems={shown}
          onName={setTypedName}
          onDeclared={setDeclared}
          onDrawInstead={() => signBy(false)}
        />
      ) : (
        <DrawnSignature
          pad={pad}
          fullName={`${data.FirstName} ${data.Surname}`}
          today={todayDisplay()}
          submitting={submitting}
          problems={shown}
          onTypeInstead={() => signBy(true)}
        />
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
