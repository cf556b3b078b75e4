/**
 * The one access-code screen (spec 000 "Access code screens", §4 "Access code"), in four variants:
 * registration activation (/activate), sign-in verification (/verify), and the signed-in step-up
 * before a bank, mobile or e-mail edit (/activationaccountdetails, /activationbankdetails).
 *
 * - A code is sent when the screen opens; the screen says where it went.
 * - One 4-digit numeric field. The code is checked as soon as the 4th digit is typed (Verify
 *   does the same for a claimant who prefers to press a button).
 * - A wrong code (49) clears the field, puts focus back in it and counts an attempt. An expired
 *   code (50 — also the server's answer to the 3rd wrong attempt) disables the form with
 *   'code has expired. Please request a new code'. 'Re-send my code' sends a new code, resets the
 *   count and enables the form again.
 * - Results are announced politely (role=status), errors assertively (role=alert); the error is
 *   also tied to the field with aria-describedby, so it is read again when focus returns there.
 *
 * The field is made read-only, not disabled, while a code is checked, so focus stays in it.
 *
 * The code is kept in react-hook-form and checked with the contracts' AccessCodeEntry (the rule
 * ValidateCodeRequest spreads in); every message about it, the rule's and the server's, is the
 * field's error.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { AccessCodeEntry, LIMITS, type CodeSentResponse } from '@portal/contracts';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useController, useForm, type FieldErrors } from 'react-hook-form';
import { Field } from '../../../components/form-field.tsx';
import { isRequestError, type AlertEntry } from '../../../lib/request/request-error.ts';
import styles from './access-code-form.module.css';

type AccessCodeFormProps = {
  /** The field's label, e.g. 'Activation code'. */
  label: string;
  /** Sends a code (on open and on re-send); resolves with where it went. */
  send: () => Promise<CodeSentResponse>;
  /** Checks a code; throws the request error when it is not accepted. */
  verify: (code: string) => Promise<void>;
  /** Text under the field: expiry and where a re-sent code goes. */
  explanation: ReactNode;
  /** The Cancel button (mobile and e-mail edits only). */
  onCancel?: (() => void) | undefined;
};

type Phase = 'ready' | 'checking' | 'expired' | 'locked';

/** Numbers the screen handles itself (spec 000 §8; identity issue). */
const CODE_INCORRECT = 49;
const CODE_EXPIRED = 50;
const CODE_ENTRY_LOCKED = 109;

function sentToText(sent: CodeSentResponse): string {
  if (sent.SMS && sent.Email) return 'by SMS to your mobile and to your email address';
  if (sent.SMS) return 'by SMS to your mobile';
  return 'to your email address';
}

function messageOf(error: unknown): { number: number | undefined; text: string } {
  if (isRequestError(error)) {
    const entries: AlertEntry[] = error.entries;
    const text = entries.map((e) => (e.detail ? `${e.message} ${e.detail}` : e.message)).join(' ');
    return { number: error.kind === 'server' ? error.number : undefined, text };
  }
  return { number: undefined, text: 'Your request could not be completed.' };
}

const resolver = zodResolver(AccessCodeEntry);

export function AccessCodeForm({ label, send, verify, explanation, onCancel }: AccessCodeFormProps) {
  // Checked when the 4th digit is typed or Verify is pressed; typing again only clears the message.
  const { control, handleSubmit, setValue, setError, clearErrors, formState } = useForm<AccessCodeEntry>({
    resolver,
    defaultValues: { SecurityCode: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const codeField = useController({ control, name: 'SecurityCode' }).field;
  const code = codeField.value;
  const error = formState.errors.SecurityCode?.message ?? null;
  const showError = (message: string) => setError('SecurityCode', { type: 'server', message });
  const [phase, setPhase] = useState<Phase>('ready');
  const [attempts, setAttempts] = useState(0);
  const [status, setStatus] = useState('');
  // Where the last code went, and whether it replaced an earlier one: said once, on the screen.
  const [sent, setSent] = useState<{ where: CodeSentResponse; again: boolean } | null>(null);
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const resendRef = useRef<HTMLButtonElement>(null);
  const started = useRef(false);
  // A code is being checked: from the press (the schema's check answers a tick later) to the answer.
  const pending = useRef(false);
  const focusAfter = useRef<'input' | 'resend' | 'title' | null>(null);

  // Focus moves after React has applied the new state (the field may just have been enabled).
  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    if (target === 'input') inputRef.current?.focus();
    else if (target === 'resend') resendRef.current?.focus();
    // Nothing on the form can be used (locked for the day): back to the page title, the error
    // has been announced.
    else document.getElementById('page-title')?.focus();
  });

  const sendCode = async (again: boolean) => {
    setSending(true);
    setStatus(again ? 'Sending a new code…' : 'Sending your code…');
    try {
      const where = await send();
      setSent({ where, again });
      setValue('SecurityCode', '');
      setAttempts(0);
      clearErrors();
      setPhase('ready');
      setStatus('');
      if (again) focusAfter.current = 'input';
    } catch (caught) {
      const { number, text } = messageOf(caught);
      if (isRequestError(caught) && caught.forcedLogout) return;
      setStatus('');
      showError(text);
      if (number === CODE_ENTRY_LOCKED) setPhase('locked');
      focusAfter.current = again ? 'resend' : null;
    } finally {
      setSending(false);
    }
  };

  // spec 000 §4: the code is generated on load (once, also under React's StrictMode double effects).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void sendCode(false);
    // sendCode only uses state setters and the props of the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const verifyCode = async ({ SecurityCode: value }: AccessCodeEntry) => {
    setPhase('checking');
    setStatus('Checking your code…');
    try {
      await verify(value);
      setStatus('Your code is correct.');
      // The page navigates away.
    } catch (caught) {
      if (isRequestError(caught) && caught.forcedLogout) return;
      const { number, text } = messageOf(caught);
      setStatus('');
      setValue('SecurityCode', '');
      if (number === CODE_INCORRECT) {
        const used = attempts + 1;
        setAttempts(used);
        const left = LIMITS.accessCodeMaxWrongAttempts - used;
        showError(
          left > 0
            ? `${text}. You can try ${left} more ${left === 1 ? 'time' : 'times'} before this code expires.`
            : text,
        );
        setPhase('ready');
        focusAfter.current = 'input';
      } else if (number === CODE_EXPIRED) {
        setAttempts(LIMITS.accessCodeMaxWrongAttempts);
        showError(text);
        setPhase('expired');
        focusAfter.current = 'resend';
      } else if (number === CODE_ENTRY_LOCKED) {
        showError(text);
        setPhase('locked');
        focusAfter.current = 'title';
      } else {
        showError(text);
        setPhase('ready');
        focusAfter.current = 'input';
      }
    }
  };

  // The rule's message is a sentence on this screen, as the server's are ('… Please try again.').
  const incomplete = (found: FieldErrors<AccessCodeEntry>) => {
    showError(`${found.SecurityCode?.message ?? ''}.`);
    focusAfter.current = 'input';
  };

  const check = async () => {
    if (phase !== 'ready' || pending.current) return;
    pending.current = true;
    try {
      await handleSubmit(verifyCode, incomplete)();
    } finally {
      pending.current = false;
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const digits = event.target.value.replace(/[^0-9]/g, '').slice(0, LIMITS.accessCodeDigits);
    codeField.onChange(digits);
    if (digits.length > 0 && error && phase === 'ready') clearErrors('SecurityCode');
    // spec 000 §4: verified automatically when 4 digits are entered.
    if (digits.length === LIMITS.accessCodeDigits && code.length < LIMITS.accessCodeDigits) void check();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void check();
  };

  const entryClosed = phase === 'expired' || phase === 'locked';
  const checking = phase === 'checking';

  return (
    <form noValidate onSubmit={onSubmit} className={styles.form} data-testid="access-code-form" data-phase={phase}>
      <p role="status" className="visually-hidden" data-testid="access-code-status">
        {status}
      </p>
      {/* Where the code went, on the screen and read out as it changes (a status of its own). */}
      <p role="status" className={sent ? styles.sentTo : undefined}>
        {sent ? (
          <span data-testid="access-code-sent-to">
            {sent.again
              ? `We have sent you a new code ${sentToText(sent.where)}. Your previous code no longer works.`
              : `We have sent you a code ${sentToText(sent.where)}.`}
          </span>
        ) : null}
      </p>

      <div role="alert" className={styles.alertRegion} data-testid="access-code-alert">
        {error ? <span className="visually-hidden">{error}</span> : null}
      </div>

      <Field
        label={label}
        hint={`The ${LIMITS.accessCodeDigits} digit code we sent you`}
        error={error ?? undefined}
        required
      >
        {(control) => (
          <input
            {...control}
            ref={(element) => {
              inputRef.current = element;
              codeField.ref(element);
            }}
            className={styles.codeInput}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="one-time-code"
            maxLength={LIMITS.accessCodeDigits}
            value={code}
            onChange={onChange}
            readOnly={checking}
            disabled={entryClosed}
            data-testid="access-code-input"
          />
        )}
      </Field>

      <div className={styles.explanation}>{explanation}</div>

      <div className={styles.actions}>
        <button
          type="submit"
          className="button"
          disabled={checking || entryClosed || sending}
          data-testid="access-code-verify"
        >
          {checking ? 'Checking…' : 'Verify'}
        </button>
        <button
          ref={resendRef}
          type="button"
          className="button button--secondary"
          onClick={() => void sendCode(true)}
          disabled={checking || sending || phase === 'locked'}
          data-testid="access-code-resend"
        >
          Re-send my code
        </button>
        {onCancel ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={onCancel}
            disabled={checking}
            data-testid="access-code-cancel"
          >
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
