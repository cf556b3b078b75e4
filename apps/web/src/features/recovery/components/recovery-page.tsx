/**
 * The page around the forgot-username and forgot-password forms (spec 001 "Forgot username",
 * "Forgot password"): a card with its heading and what the page does, the form, and the way back
 * to sign in; a maintenance message replaces it.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MaintenanceGate } from '../../../components/maintenance-gate.tsx';
import type { RecoveryValues } from '../api/recovery-body.ts';
import { RecoveryForm } from './recovery-form.tsx';

type RecoveryPageProps = {
  /** Prefix of the ids and test ids: 'forgot-username' or 'forgot-password'. */
  name: string;
  heading: string;
  submitLabel: string;
  onSubmit: (values: RecoveryValues) => Promise<void>;
  /** What the page does, in a sentence or two. */
  children: ReactNode;
};

export function RecoveryPage({ name, heading, submitLabel, onSubmit, children }: RecoveryPageProps) {
  return (
    <div className="page-narrow">
      <MaintenanceGate>
        <section className="card" aria-labelledby={`${name}-heading`}>
          <h2 id={`${name}-heading`}>{heading}</h2>
          <p>{children}</p>
          <RecoveryForm name={name} legend={heading} submitLabel={submitLabel} onSubmit={onSubmit} />
          <p className="card-footer">
            <Link to="/login">Back to sign in</Link>
          </p>
        </section>
      </MaintenanceGate>
    </div>
  );
}
