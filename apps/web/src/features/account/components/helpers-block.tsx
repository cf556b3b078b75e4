/**
 * My Details → "People who help" (decision 041): who may help with which claim and how, what they
 * did, and the ways to change it: invite someone (after the Security step-up, as adding a passkey
 * needs), withdraw an invitation, end one helper's access, or "Remove everyone now" (ends every
 * helper and invitation at once and tells none of them). Each change after its question is one
 * step; the block then says what happened (role=status), the list is read again and the keyboard
 * is back at the block's heading.
 *
 * The step-up is the security feature's, handed in by the app (features do not import each other).
 */
import type { Claim, Helper } from '@portal/contracts';
import { useEffect, useState, type ComponentType, type Dispatch, type SetStateAction } from 'react';
import { useClaims } from '../../../lib/api/get-claims.ts';
import { isRequestError } from '../../../lib/request/request-error.ts';
import { endAllHelpers, endHelper, withdrawInvitation } from '../api/helper-changes.ts';
import { useHelpers, useReloadHelpers } from '../api/helpers-query.ts';
import { ConfirmHelperAction, HelperActivityList, HelperList, type HelperAction } from './helper-list.tsx';
import { SCOPE_NAMES } from '../helper-words.ts';
import { ChangeHelperForm } from './change-helper-form.tsx';
import { InviteHelperForm } from './invite-helper-form.tsx';
import styles from './helpers.module.css';

/** The Security step-up (CodeType 3): it yields a secure token good for one change. */
export type HelperStepUp = ComponentType<{ purpose: string; onToken: (token: string) => void; onCancel: () => void }>;

type InviteStageValue = { kind: 'invite'; stepUp: boolean; token: string | null };
type ChangeStageValue = { kind: 'change'; helper: Helper; stepUp: boolean; token: string | null };
type ConfirmStageValue = { kind: 'confirm'; action: HelperAction; busy: boolean; error: string };
type Stage = InviteStageValue | ChangeStageValue | ConfirmStageValue;

type HelpersBlockProps = {
  otherEditing: boolean;
  headingId: string;
  StepUp: HelperStepUp;
};

const STILL_OPEN = (h: Helper) => h.State !== 'Ended';

/** What a change did, said when the block is back at its list. */
function doneMessage(action: HelperAction): string {
  if (action.kind === 'withdraw') return `The invitation to ${action.helper.Name} is withdrawn.`;
  if (action.kind === 'end') return `${action.helper.Name} can no longer help. We have told them.`;
  return 'Everyone’s access has ended. We have not told any of them.';
}

function runAction(action: HelperAction): Promise<true> {
  if (action.kind === 'withdraw') return withdrawInvitation(action.helper.Id);
  if (action.kind === 'end') return endHelper(action.helper.Id);
  return endAllHelpers();
}

export function HelpersBlockBody({ otherEditing, headingId, StepUp }: HelpersBlockProps) {
  const helpers = useHelpers();
  const reload = useReloadHelpers();
  const { claims } = useClaims();
  const [stage, setStage] = useState<Stage | null>(null);
  const [said, setSaid] = useState('');

  // Each step replaces the last: the keyboard and the screen reader start at its heading.
  const step = stage ? `${stage.kind}-${stage.kind === 'confirm' ? '' : String(stage.stepUp)}` : '';
  useEffect(() => {
    if (!step) return;
    document.querySelector<HTMLElement>('[data-helpers-busy] h3[tabindex="-1"]')?.focus();
  }, [step]);

  const backToList = (message: string) => {
    setStage(null);
    setSaid(message);
    void reload();
    document.getElementById(headingId)?.focus();
  };

  if (!helpers.data) return <NotLoaded failed={helpers.isError} onRetry={() => void helpers.refetch()} />;

  const ownClaims = (claims ?? []).filter((c) => !c.Helping);
  const start = (next: Stage) => {
    setSaid('');
    setStage(next);
  };
  return (
    <div className={styles.stack}>
      {/* Outside the steps, so it is there before what happened is said in it. */}
      <p role="status" className={said ? undefined : 'visually-hidden'} data-testid="helpers-said">
        {said}
      </p>
      {stage?.kind === 'invite' ? (
        <InviteStage stage={stage} claims={ownClaims} StepUp={StepUp} setStage={setStage} backToList={backToList} />
      ) : stage?.kind === 'change' ? (
        <ChangeStage stage={stage} StepUp={StepUp} setStage={setStage} backToList={backToList} />
      ) : stage?.kind === 'confirm' ? (
        <ConfirmStage stage={stage} setStage={setStage} backToList={backToList} />
      ) : (
        <ListView
          helpers={helpers.data}
          canChange={!otherEditing}
          invite={claims === undefined ? 'unknown' : ownClaims.length > 0 ? 'yes' : 'no-claim'}
          start={start}
        />
      )}
    </div>
  );
}

function NotLoaded({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  if (!failed) return <p role="status">Loading…</p>;
  return (
    <div className={styles.stack}>
      <p role="alert">We could not load the people who help you.</p>
      <div className={styles.row}>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      </div>
    </div>
  );
}

type StageProps<S extends Stage> = {
  stage: S;
  setStage: Dispatch<SetStateAction<Stage | null>>;
  backToList: (message: string) => void;
};

/** The step-up, then the form (kept while a new step-up is asked for, so nothing typed is lost). */
function InviteStage({
  stage,
  claims,
  StepUp,
  setStage,
  backToList,
}: StageProps<InviteStageValue> & { claims: Claim[]; StepUp: HelperStepUp }) {
  return (
    <div className={styles.stack} data-helpers-busy="" data-testid="helpers-invite">
      {stage.stepUp ? (
        <StepUp
          purpose="invite someone to help"
          onToken={(token) => setStage({ kind: 'invite', stepUp: false, token })}
          onCancel={() => backToList('')}
        />
      ) : null}
      <div hidden={stage.stepUp}>
        <h3 className={styles.subheading} tabIndex={-1}>
          Invite someone to help
        </h3>
        <InviteHelperForm
          claims={claims}
          secureToken={stage.token}
          needToken={() => setStage({ kind: 'invite', stepUp: true, token: null })}
          spent={() => setStage((s) => (s?.kind === 'invite' ? { ...s, token: null } : s))}
          onInvited={(name) =>
            backToList(`We have sent ${name} an invitation. It works once, for 14 days, until they accept it.`)
          }
          onCancel={() => backToList('')}
        />
      </div>
    </div>
  );
}

/** What they can do, chosen; more access after the step-up (asked for only then). */
function ChangeStage({ stage, StepUp, setStage, backToList }: StageProps<ChangeStageValue> & { StepUp: HelperStepUp }) {
  const { helper } = stage;
  return (
    <div className={styles.stack} data-helpers-busy="" data-testid="helpers-change">
      {stage.stepUp ? (
        <StepUp
          purpose={`let ${helper.Name} do more`}
          onToken={(token) => setStage({ ...stage, stepUp: false, token })}
          onCancel={() => backToList('')}
        />
      ) : null}
      <div hidden={stage.stepUp}>
        <h3 className={styles.subheading} tabIndex={-1}>
          Change what {helper.Name} can do
        </h3>
        <ChangeHelperForm
          helper={helper}
          secureToken={stage.token}
          needToken={() => setStage({ ...stage, stepUp: true, token: null })}
          spent={() => setStage((s) => (s?.kind === 'change' ? { ...s, token: null } : s))}
          onChanged={(changed) =>
            backToList(
              changed.State === 'Invited'
                ? `The invitation to ${changed.Name} now offers ${SCOPE_NAMES[changed.Scope]}. It still works until they accept it.`
                : `${changed.Name} now has ${SCOPE_NAMES[changed.Scope]}, from their next step. We have told them.`,
            )
          }
          onCancel={() => backToList('')}
        />
      </div>
    </div>
  );
}

/** The question, then the change itself in one step. */
function ConfirmStage({ stage, setStage, backToList }: StageProps<ConfirmStageValue>) {
  const { action } = stage;
  const yes = async () => {
    if (stage.busy) return;
    setStage({ ...stage, busy: true, error: '' });
    try {
      await runAction(action);
    } catch (error) {
      if (isRequestError(error) && error.forcedLogout) return;
      const message = isRequestError(error)
        ? error.entries.map((e) => e.message).join(' ')
        : 'That did not work. Please try again.';
      setStage({ ...stage, busy: false, error: message });
      return;
    }
    backToList(doneMessage(action));
  };
  return (
    <div className={styles.stack} data-helpers-busy="">
      <ConfirmHelperAction
        action={action}
        busy={stage.busy}
        error={stage.error}
        onYes={() => void yes()}
        onNo={() => backToList('')}
      />
    </div>
  );
}

type ListViewProps = {
  helpers: Helper[];
  canChange: boolean;
  /** Whether there is a claim of the claimant's own to invite someone to (a helper may have none). */
  invite: 'yes' | 'no-claim' | 'unknown';
  start: (stage: Stage) => void;
};

function ListView({ helpers, canChange, invite, start }: ListViewProps) {
  const confirm = (action: HelperAction) => start({ kind: 'confirm', action, busy: false, error: '' });
  return (
    <div className={styles.stack} data-testid="helpers-block">
      <p>
        Someone you trust can help with a claim from their own account, never with your password. You choose the claim
        and what they can do, and you can end it at any time.
      </p>
      <HelperList
        helpers={helpers}
        canChange={canChange}
        onAction={confirm}
        onChangeScope={(helper) => start({ kind: 'change', helper, stepUp: false, token: null })}
      />
      {invite === 'no-claim' ? (
        <p data-testid="helpers-no-claim">You can invite someone to help once you have a claim of your own.</p>
      ) : null}
      {canChange && invite === 'yes' ? (
        <div className={styles.row}>
          <button
            type="button"
            className="button"
            onClick={() => start({ kind: 'invite', stepUp: true, token: null })}
            data-testid="helpers-invite-start"
          >
            Invite someone to help
          </button>
        </div>
      ) : null}
      {canChange && helpers.some(STILL_OPEN) ? <RemoveEveryone onPress={() => confirm({ kind: 'end-all' })} /> : null}
      {helpers.length > 0 ? <HelperActivityList /> : null}
    </div>
  );
}

function RemoveEveryone({ onPress }: { onPress: () => void }) {
  return (
    <section aria-labelledby="helpers-end-all-heading" className={styles.stack}>
      <h3 id="helpers-end-all-heading" className={styles.subheading}>
        Remove everyone now
      </h3>
      <p>
        If you need to stop everyone’s help at once, this ends every helper’s access and every invitation straight away.
        We do not tell any of them.
      </p>
      <div className={styles.row}>
        <button type="button" className="button button--secondary" onClick={onPress} data-testid="helpers-end-all">
          Remove everyone now
        </button>
      </div>
    </section>
  );
}
