/**
 * One change of Sign-in and security, inside its block: the question (removals), the step-up
 * (CodeType 3), then the change itself with the step-up's secure token — a passkey added, an
 * authenticator app set up, a passkey or the app removed, new recovery codes.
 */
import type { PasskeySummary, SecurityFactorsResponse } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { addPasskey, newRecoveryCodes, removeAuthenticator, removePasskey } from '../api/factor-changes.ts';
import { factorError, SECURE_TOKEN_REQUIRED } from '../lib/errors.ts';
import { AuthenticatorSetup } from './authenticator-setup.tsx';
import { PasskeyNameForm } from './passkey-name-form.tsx';
import { SecurityStepUp, type RenderCodeForm } from './security-step-up.tsx';
import styles from './security.module.css';

export type Task =
  | { kind: 'add-passkey' }
  | { kind: 'set-up-authenticator' }
  | { kind: 'remove-passkey'; passkey: PasskeySummary }
  | { kind: 'remove-authenticator' }
  | { kind: 'new-recovery-codes' };

export type Stage =
  { task: Task; step: 'confirm' } | { task: Task; step: 'step-up' } | { task: Task; step: 'act'; secureToken: string };

const PURPOSE: Record<Task['kind'], string> = {
  'add-passkey': 'add a passkey',
  'set-up-authenticator': 'set up an authenticator app',
  'remove-passkey': 'remove a passkey',
  'remove-authenticator': 'remove your authenticator app',
  'new-recovery-codes': 'make new recovery codes',
};

type ChangeProps = {
  stage: Stage;
  factors: SecurityFactorsResponse;
  renderCodeForm: RenderCodeForm;
  setStage: (stage: Stage) => void;
  onCancel: () => void;
  onDone: (message: string, recoveryCodes?: string[] | null) => void;
};

/** One change: its question (removals), its step-up, then the change itself. */
export function Change({ stage, factors, renderCodeForm, setStage, onCancel, onDone }: ChangeProps) {
  const { task } = stage;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Each step replaces the last: the keyboard and the screen reader start at its heading.
    const first = document.querySelector<HTMLElement>('[data-security-step] h3');
    (first ?? heading.current)?.focus();
  }, [stage.step]);

  return (
    <div className={styles.stack} data-security-step={stage.step} data-security-busy="" data-testid="security-change">
      {stage.step === 'confirm' ? (
        <Confirm task={task} onYes={() => setStage({ task, step: 'step-up' })} onNo={onCancel} />
      ) : stage.step === 'step-up' ? (
        <SecurityStepUp
          factors={factors}
          purpose={PURPOSE[task.kind]}
          renderCodeForm={renderCodeForm}
          onToken={(secureToken) => setStage({ task, step: 'act', secureToken })}
          onCancel={onCancel}
        />
      ) : (
        <Act
          task={task}
          secureToken={stage.secureToken}
          onDone={onDone}
          onCancel={onCancel}
          onStepUpAgain={() => setStage({ task, step: 'step-up' })}
        />
      )}
    </div>
  );
}

function Confirm({ task, onYes, onNo }: { task: Task; onYes: () => void; onNo: () => void }) {
  const question =
    task.kind === 'remove-passkey'
      ? `Remove the passkey "${task.passkey.Name}"?`
      : task.kind === 'remove-authenticator'
        ? 'Remove the authenticator app?'
        : 'Make new recovery codes?';
  const detail =
    task.kind === 'remove-passkey'
      ? 'You will no longer be able to sign in or confirm changes with it. Also remove it from your device or password manager.'
      : task.kind === 'remove-authenticator'
        ? 'Its codes will no longer work. You can still use a code we send you.'
        : 'Your old recovery codes will stop working at once.';
  const yes = task.kind === 'new-recovery-codes' ? 'Make new codes' : 'Remove';
  return (
    <section className={styles.stack} aria-labelledby="security-confirm-heading" data-testid="security-confirm">
      <h3 id="security-confirm-heading" className={styles.subheading} tabIndex={-1}>
        {question}
      </h3>
      <p>{detail}</p>
      <div className={styles.row}>
        <button type="button" className="button" onClick={onYes} data-testid="security-confirm-yes">
          {yes}
        </button>
        <button type="button" className="button button--secondary" onClick={onNo} data-testid="security-confirm-no">
          Keep {task.kind === 'new-recovery-codes' ? 'my codes' : 'it'}
        </button>
      </div>
    </section>
  );
}

type ActProps = {
  task: Task;
  secureToken: string;
  onDone: (message: string, recoveryCodes?: string[] | null) => void;
  onCancel: () => void;
  onStepUpAgain: () => void;
};

/** The change itself, with the step-up's secure token (good once). */
function Act({ task, secureToken, onDone, onCancel, onStepUpAgain }: ActProps) {
  const [error, setError] = useState<{ text: string; again: boolean } | null>(null);
  const started = useRef(false);

  // Removals and new codes go at once: the claimant has said yes and proved it is them.
  useEffect(() => {
    if (started.current) return;
    if (task.kind === 'add-passkey' || task.kind === 'set-up-authenticator') return;
    started.current = true;
    const run = async () => {
      try {
        if (task.kind === 'remove-passkey') {
          await removePasskey(task.passkey.Id, secureToken);
          onDone(`The passkey "${task.passkey.Name}" is removed.`);
        } else if (task.kind === 'remove-authenticator') {
          await removeAuthenticator(secureToken);
          onDone('The authenticator app is removed.');
        } else {
          const { RecoveryCodes } = await newRecoveryCodes(secureToken);
          onDone('You have new recovery codes. The old ones no longer work.', RecoveryCodes);
        }
      } catch (caught) {
        const { text, number, silent } = factorError(caught);
        if (!silent) setError({ text, again: number === SECURE_TOKEN_REQUIRED });
      }
    };
    void run();
  }, [task, secureToken, onDone]);

  if (task.kind === 'set-up-authenticator') {
    return (
      <AuthenticatorSetup
        secureToken={secureToken}
        onCancel={onCancel}
        onDone={(codes) => onDone('Your authenticator app is set up.', codes)}
      />
    );
  }
  if (task.kind === 'add-passkey') {
    return <AddPasskey secureToken={secureToken} onDone={onDone} onCancel={onCancel} onStepUpAgain={onStepUpAgain} />;
  }
  if (!error) return <p role="status">Please wait…</p>;
  return (
    <div className={styles.stack}>
      <p role="alert" className={styles.error} data-testid="security-change-error">
        {error.text}
      </p>
      <div className={styles.row}>
        {error.again ? (
          <button type="button" className="button" onClick={onStepUpAgain}>
            Confirm it is you again
          </button>
        ) : null}
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Back
        </button>
      </div>
    </div>
  );
}

function AddPasskey({ secureToken, onDone, onCancel, onStepUpAgain }: Omit<ActProps, 'task'>) {
  const [error, setError] = useState<{ text: string } | null>(null);
  const [again, setAgain] = useState(false);
  return (
    <section className={styles.stack} aria-labelledby="passkey-add-heading" data-testid="passkey-add-step">
      <h3 id="passkey-add-heading" className={styles.subheading} tabIndex={-1}>
        Add a passkey
      </h3>
      <p>
        Give it a name, then press Create passkey. Your browser or phone asks you to confirm with your fingerprint, face
        or screen lock.
      </p>
      <PasskeyNameForm
        id="passkey-name"
        submitLabel="Create passkey"
        error={error}
        onCancel={onCancel}
        onSave={async (name) => {
          try {
            const { Passkey, RecoveryCodes } = await addPasskey(secureToken, name);
            onDone(`Your passkey "${Passkey.Name}" is added.`, RecoveryCodes);
          } catch (caught) {
            const { text, silent } = factorError(caught);
            if (silent) return;
            // The step-up's token was spent on the first try: another try needs another step-up.
            setAgain(true);
            setError({ text });
          }
        }}
      />
      {again ? (
        <div className={styles.row}>
          <button type="button" className="button" onClick={onStepUpAgain} data-testid="passkey-add-again">
            Confirm it is you again and retry
          </button>
        </div>
      ) : null}
      <p className={styles.muted}>
        Not now? <Link to="/claim">Go back to your claim</Link> and add one later from My Details.
      </p>
    </section>
  );
}
