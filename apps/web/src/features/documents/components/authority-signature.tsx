/**
 * The authority form's two ways to sign (spec 001 §5, and the typed alternative beyond it): the
 * signature pad with Clear, the claimant's full name and today's date; or the full name typed
 * with a declaration ticked. Each shows its message once a press has found it missing
 * (`problems`), tied to its control, and the message goes as soon as it is put right.
 */
import { MESSAGES, SIGNATURE_PAD } from '@portal/contracts';
import type { ReactNode } from 'react';
import { CheckboxField, Field } from '../../../components/form-field.tsx';
import type { FieldProblem } from '../../../components/error-summary.tsx';
import type { useSignaturePad } from './use-signature-pad.ts';
import styles from '../pages/documents.module.css';

const SIGNATURE_IDS = {
  pad: 'authority-signature-pad',
  typedName: 'authority-typed-name',
  declaration: 'authority-declaration',
} as const;

const SIGNATURE_MESSAGES = {
  pad: MESSAGES.signatureRequired,
  typedName: MESSAGES.typedNameRequired,
  declaration: MESSAGES.authorisationRequired,
} as const;

type SignatureState = { typedMode: boolean; typedName: string; declared: boolean; signed: boolean };

/** What the signature still needs, as the fields' problems (empty when it can be sent). */
export function signatureProblems({ typedMode, typedName, declared, signed }: SignatureState): FieldProblem[] {
  if (!typedMode) return signed ? [] : [{ fieldId: SIGNATURE_IDS.pad, message: SIGNATURE_MESSAGES.pad }];
  return [
    ...(typedName.trim() === '' ? [{ fieldId: SIGNATURE_IDS.typedName, message: SIGNATURE_MESSAGES.typedName }] : []),
    ...(declared ? [] : [{ fieldId: SIGNATURE_IDS.declaration, message: SIGNATURE_MESSAGES.declaration }]),
  ];
}

/** The message a field shows: only once a press has asked for it, and only while it is missing. */
const shownFor = (problems: readonly FieldProblem[], fieldId: string) =>
  problems.find((p) => p.fieldId === fieldId)?.message;

type TypedProps = {
  typedName: string;
  declared: boolean;
  submitting: boolean;
  problems: readonly FieldProblem[];
  onName: (name: string) => void;
  onDeclared: (declared: boolean) => void;
  onDrawInstead: () => void;
};

export function TypedSignature({
  typedName,
  declared,
  submitting,
  problems,
  onName,
  onDeclared,
  onDrawInstead,
}: TypedProps) {
  return (
    <div data-testid="authority-typed">
      <Field
        label="Your full name"
        id={SIGNATURE_IDS.typedName}
        required
        error={shownFor(problems, SIGNATURE_IDS.typedName)}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="name"
            data-testid="authority-typed-name"
            value={typedName}
            disabled={submitting}
            onChange={(e) => onName(e.currentTarget.value)}
          />
        )}
      </Field>
      <CheckboxField
        label="I declare that typing my name here is my signature on this authority"
        id={SIGNATURE_IDS.declaration}
        error={shownFor(problems, SIGNATURE_IDS.declaration)}
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            data-testid="authority-declaration"
            checked={declared}
            disabled={submitting}
            onChange={(e) => onDeclared(e.currentTarget.checked)}
          />
        )}
      </CheckboxField>
      <button type="button" className="link-button" data-testid="authority-draw-instead" onClick={onDrawInstead}>
        Draw my signature instead
      </button>
    </div>
  );
}

type DrawnProps = {
  pad: ReturnType<typeof useSignaturePad>;
  fullName: string;
  today: string;
  submitting: boolean;
  problems: readonly FieldProblem[];
  onTypeInstead: () => void;
};

const PAD_HINT = 'authority-pad-hint';
const PAD_ERROR = `${SIGNATURE_IDS.pad}-error`;

export function DrawnSignature({ pad, fullName, today, submitting, problems, onTypeInstead }: DrawnProps): ReactNode {
  const error = shownFor(problems, SIGNATURE_IDS.pad);
  return (
    <div data-testid="authority-drawn" className={error ? styles.padInvalid : undefined}>
      <p id={PAD_HINT}>Sign in the box below with your finger, a stylus or a mouse.</p>
      {error ? (
        <p className={styles.padError} id={PAD_ERROR}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <canvas
        ref={pad.canvasRef}
        id={SIGNATURE_IDS.pad}
        className={styles.pad}
        width={SIGNATURE_PAD.width}
        height={SIGNATURE_PAD.height}
        role="img"
        // The error summary's link brings the focus here, so the box and its message are read.
        tabIndex={-1}
        aria-label={pad.signed ? 'Signature box, signed' : 'Signature box, not signed yet'}
        aria-describedby={error ? `${PAD_HINT} ${PAD_ERROR}` : PAD_HINT}
        aria-invalid={error ? true : undefined}
        data-testid="authority-signature-pad"
        data-signed={pad.signed ? 'true' : 'false'}
        {...pad.handlers}
      />
      <div className={styles.signatureMeta}>
        <span data-testid="authority-name">Name: {fullName}</span>
        <span data-testid="authority-date">Date: {today}</span>
      </div>
      <div className={styles.actions} style={{ marginBlockStart: 0 }}>
        <button
          type="button"
          className="button button--secondary"
          data-testid="authority-clear"
          onClick={pad.clear}
          disabled={submitting}
        >
          Clear
        </button>
        <button type="button" className="link-button" data-testid="authority-type-instead" onClick={onTypeInstead}>
          I can&apos;t draw a signature
        </button>
      </div>
    </div>
  );
}
