/**
 * My Details → "Sign-in and security": the passkeys (named by the claimant, added and last used in
 * Melbourne time), the authenticator app and the recovery codes left. Adding or removing any of
 * them, and new recovery codes, first need a step-up (CodeType 3); a rename does not. The first
 * passkey or app also brings the recovery codes, shown once.
 *
 * One change at a time, inside this block: the list gives way to the step-up, then to the change,
 * then back to the list with what happened said (role=status) and the focus on the block's heading.
 */
import type { PasskeySummary, SecurityFactorsResponse } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  addPasskey,
  newRecoveryCodes,
  removeAuthenticator,
  removePasskey,
  renamePasskey,
} from '../api/factor-changes.ts';
import { useReloadSecurityFactors, useSecurityFactors } from '../api/security-factors.ts';
import { factorError, SECURE_TOKEN_REQUIRED } from '../lib/errors.ts';
import { formatMelbourne } from '../lib/format.ts';
import { AuthenticatorSetup } from './authenticator-setup.tsx';
import { PasskeyExplainer } from './passkey-explainer.tsx';
import { PasskeyNameForm } from './passkey-name-form.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { SecurityStepUp, type RenderCodeForm } from './security-step-up.tsx';
import styles from './security.module.css';

type Task =
  | { kind: 'add-passkey' }
  | { kind: 'set-up-authenticator' }
  | { kind: 'remove-passkey'; passkey: PasskeySummary }
  | { kind: 'remove-authenticator' }
  | { kind: 'new-recovery-codes' };

type Stage =
  { task: Task; step: 'confirm' } | { task: Task; step: 'step-up' } | { task: Task; step: 'act'; secureToken: string };

const PURPOSE: Record<Task['kind'], string> = {
  'add-passkey': 'add a passkey',
  'set-up-authenticator': 'set up an authenticator app',
  'remove-passkey': 'remove a passkey',
  'remove-authenticator': 'remove your authenticator app',
  'new-recovery-codes': 'make new recovery codes',
};

type SecurityBlockProps = {
  /** Another block of My Details is being edited: no change starts here meanwhile. */
  otherEditing: boolean;
  /** The portal's access-code form, for the 4-digit code of the step-up. */
  renderCodeForm: RenderCodeForm;
  /** The id of the block's heading (focus returns there after a change). */
  headingId: string;
};

export function SecurityBlockBody({ otherEditing, renderCodeForm, headingId }: SecurityBlockProps) {
  const factors = useSecurityFactors();
  const reload = useReloadSecurityFactors();
  const [stage, setStage] = useState<Stage | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [said, setSaid] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);

  const backToList = (message: string) => {
    setStage(null);
    setSaid(message);
    void reload();
    document.getElementById(headingId)?.focus();
  };

  if (!factors.data) {
    return factors.isError ? (
      <div className={styles.stack}>
        <p role="alert">We could not load your sign-in settings.</p>
        <div className={styles.row}>
          <button type="button" className="button button--secondary" onClick={() => void factors.refetch()}>
            Try again
          </button>
        </div>
      </div>
    ) : (
      <p role="status">Loading…</p>
    );
  }
  const data = factors.data;

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          backToList('Your recovery codes are saved. You can make new ones here at any time.');
        }}
      />
    );
  }

  if (stage) {
    return (
      <Change
        stage={stage}
        factors={data}
        renderCodeForm={renderCodeForm}
        setStage={setStage}
        onCancel={() => backToList('')}
        onDone={(message, recoveryCodes) => {
          if (recoveryCodes && recoveryCodes.length > 0) {
            setStage(null);
            setSaid(message);
            void reload();
            setCodes(recoveryCodes);
          } else backToList(message);
        }}
      />
    );
  }

  const start = (task: Task) => {
    setSaid('');
    setRenaming(null);
    setStage(
      task.kind.startsWith('remove') || task.kind === 'new-recovery-codes'
        ? { task, step: 'confirm' }
        : { task, step: 'step-up' },
    );
  };
  const canStart = !otherEditing;
  const full = data.Passkeys.length >= data.MaxPasskeys;
  const anyFactor = data.Passkeys.length > 0 || data.Authenticator.SetUp;

  return (
    <div className={styles.stack} data-testid="security-block">
      <p role="status" className={said ? undefined : 'visually-hidden'} data-testid="security-said">
        {said}
      </p>

      <section aria-labelledby="security-passkeys-heading">
        <h3 id="security-passkeys-heading" className={styles.subheading}>
          Passkeys
        </h3>
        {data.Passkeys.length === 0 ? (
          <>
            <PasskeyExplainer />
            <p className={styles.muted} data-testid="security-no-passkeys">
              You have no passkeys.
            </p>
          </>
        ) : (
          <ul className={styles.list} data-testid="passkey-list">
            {data.Passkeys.map((passkey) => (
              <li key={passkey.Id} className={styles.item} data-testid="passkey-item">
                {renaming === passkey.Id ? (
                  <Rename
                    passkey={passkey}
                    onDone={(message) => {
                      setRenaming(null);
                      backToList(message);
                    }}
                    onCancel={() => setRenaming(null)}
                  />
                ) : (
                  <>
                    <p className={styles.itemName} data-testid="passkey-name">
                      {passkey.Name}
                    </p>
                    <p className={styles.itemMeta}>
                      Added {formatMelbourne(passkey.CreatedAt)}.{' '}
                      {passkey.LastUsedAt === null
                        ? 'Not used yet.'
                        : `Last used ${formatMelbourne(passkey.LastUsedAt)}.`}
                    </p>
                    {canStart ? (
                      <div className={styles.itemActions}>
                        <button
                          type="button"
                          className={`link-button ${styles.action}`}
                          onClick={() => setRenaming(passkey.Id)}
                          data-testid="passkey-rename"
                        >
                          Rename<span className="visually-hidden">{` ${passkey.Name}`}</span>
                        </button>
                        <button
                          type="button"
                          className={`link-button ${styles.action}`}
                          onClick={() => start({ kind: 'remove-passkey', passkey })}
                          data-testid="passkey-remove"
                        >
                          Remove<span className="visually-hidden">{` ${passkey.Name}`}</span>
                        </button>
                      </div>
                    ) : null}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {canStart ? (
          full ? (
            <p className={styles.muted} data-testid="passkey-limit">
              You have {data.MaxPasskeys} passkeys, the most an account can have. Remove one to add another.
            </p>
          ) : (
            <div className={styles.row}>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => start({ kind: 'add-passkey' })}
                data-testid="passkey-add"
              >
                Add a passkey
              </button>
            </div>
          )
        ) : null}
      </section>

      <section aria-labelledby="security-totp-heading">
        <h3 id="security-totp-heading" className={styles.subheading}>
          Authenticator app
        </h3>
        {data.Authenticator.SetUp ? (
          <p data-testid="totp-state">
            Set up
            {data.Authenticator.CreatedAt === null ? '' : ` on ${formatMelbourne(data.Authenticator.CreatedAt)}`}. Its
            codes can be used instead of the codes we send you.
          </p>
        ) : (
          <p data-testid="totp-state">
            Not set up. An authenticator app on your phone makes a new 6-digit code every 30 seconds, which you can use
            instead of waiting for a code from us.
          </p>
        )}
        {canStart ? (
          <div className={styles.row}>
            {data.Authenticator.SetUp ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => start({ kind: 'remove-authenticator' })}
                data-testid="totp-remove"
              >
                Remove the authenticator app
              </button>
            ) : (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => start({ kind: 'set-up-authenticator' })}
                data-testid="totp-set-up"
              >
                Set up an authenticator app
              </button>
            )}
          </div>
        ) : null}
      </section>

      <section aria-labelledby="security-recovery-heading">
        <h3 id="security-recovery-heading" className={styles.subheading}>
          Recovery codes
        </h3>
        {anyFactor || data.RecoveryCodesLeft > 0 ? (
          <p data-testid="recovery-state">
            {data.RecoveryCodesLeft === 1
              ? 'You have 1 recovery code left.'
              : `You have ${data.RecoveryCodesLeft} recovery codes left.`}{' '}
            Each one lets you in once if you lose your passkey or phone.
          </p>
        ) : (
          <p className={styles.muted} data-testid="recovery-state">
            You get recovery codes when you add your first passkey or authenticator app.
          </p>
        )}
        {canStart && anyFactor ? (
          <div className={styles.row}>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => start({ kind: 'new-recovery-codes' })}
              data-testid="recovery-new"
            >
              Make new recovery codes
            </button>
          </div>
        ) : null}
      </section>
    </div>
  );
}

function Rename({
  passkey,
  onDone,
  onCancel,
}: {
  passkey: PasskeySummary;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const [error, setError] = useState<{ text: string } | null>(null);
  return (
    <PasskeyNameForm
      id="passkey-rename"
      initial={passkey.Name}
      label={`New name for ${passkey.Name}`}
      submitLabel="Save name"
      error={error}
      onCancel={onCancel}
      onSave={async (name) => {
        try {
          await renamePasskey(passkey.Id, name);
          onDone(`Your passkey is now called ${name}.`);
        } catch (caught) {
          const { text, silent } = factorError(caught);
          if (!silent) setError({ text });
        }
      }}
    />
  );
}

type ChangeProps = {
  stage: Stage;
  factors: SecurityFactorsResponse;
  renderCodeForm: RenderCodeForm;
  setStage: (stage: Stage) => void;
  onCancel: () => void;
  onDone: (message: string, recoveryCodes?: string[] | null) => void;
};

/** One change: its question (removals), its step-up, then the change itself. */
function Change({ stage, factors, renderCodeForm, setStage, onCancel, onDone }: ChangeProps) {
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
