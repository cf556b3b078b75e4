/**
 * People who help, read: each helper with the contact invited (masked), the claim, what they can
 * do, where they stand and their last day; what helpers did, newest first; and the question
 * asked before withdrawing, ending or removing everyone.
 */
import type { Helper } from '@portal/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useHelperActivity } from '../api/helpers-query.ts';
import {
  SCOPE_NAMES,
  SCOPE_SENTENCES,
  activityWords,
  endsOnWords,
  formatDateAndTime,
  stateWords,
} from '../helper-words.ts';
import styles from './helpers.module.css';

export type HelperAction = { kind: 'withdraw'; helper: Helper } | { kind: 'end'; helper: Helper } | { kind: 'end-all' };

type HelperListProps = {
  helpers: readonly Helper[];
  /** No change starts while another block of My Details is edited. */
  canChange: boolean;
  onAction: (action: HelperAction) => void;
  /** "Change what they can do", for a helper the claimant invited (the claims system's appointments are its own). */
  onChangeScope: (helper: Helper) => void;
};

export function HelperList({ helpers, canChange, onAction, onChangeScope }: HelperListProps) {
  if (helpers.length === 0) {
    return (
      <p data-testid="helpers-empty">
        No one helps you with your claims yet. You can invite someone you trust, such as a family member or an
        interpreter, to see your claim or to send things to us for you.
      </p>
    );
  }
  return (
    <ul className={styles.list} data-testid="helpers-list">
      {helpers.map((helper) => (
        <li key={helper.Id} className={styles.item} data-testid="helper-item" data-state={helper.State}>
          <h3 className={styles.itemName}>{helper.Name}</h3>
          <p className={styles.itemMeta}>
            {helper.Contact} · Claim {helper.ClaimNumber}
          </p>
          <p className={styles.itemMeta}>
            <strong>{SCOPE_NAMES[helper.Scope]}.</strong> {SCOPE_SENTENCES[helper.Scope]}
          </p>
          <p className={styles.itemMeta} data-testid="helper-state">
            {stateWords(helper)} {endsOnWords(helper) ?? ''}
          </p>
          {canChange && helper.State !== 'Ended' && !helper.Appointed && helper.Scope !== 'Act' ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onChangeScope(helper)}
              data-testid="helper-change"
            >
              Change what they can do<span className="visually-hidden"> for {helper.Name}</span>
            </button>
          ) : null}
          {canChange && helper.State === 'Invited' ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onAction({ kind: 'withdraw', helper })}
              data-testid="helper-withdraw"
            >
              Withdraw the invitation<span className="visually-hidden"> to {helper.Name}</span>
            </button>
          ) : null}
          {canChange && helper.State === 'Active' ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onAction({ kind: 'end', helper })}
              data-testid="helper-end"
            >
              End access<span className="visually-hidden"> for {helper.Name}</span>
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** How many of what helpers did are shown before "Show all". */
const ACTIVITY_SHOWN = 10;

/** What helpers did, as "Sam read your messages on 3 December 2026 at 10:04 am.", the latest first. */
export function HelperActivityList() {
  const activity = useHelperActivity();
  const [all, setAll] = useState(false);
  // Shown in full: the keyboard goes on from the first entry that was hidden.
  useEffect(() => {
    if (all) document.getElementById(`helper-activity-${ACTIVITY_SHOWN}`)?.focus();
  }, [all]);
  let body: ReactNode;
  if (!activity.data) {
    body = activity.isError ? (
      <p role="alert">We could not load what your helpers did.</p>
    ) : (
      <p role="status">Loading…</p>
    );
  } else if (activity.data.length === 0) {
    body = <p data-testid="helper-activity-empty">No helper has done anything for you yet.</p>;
  } else {
    const entries = all ? activity.data : activity.data.slice(0, ACTIVITY_SHOWN);
    body = (
      <>
        <ul className={styles.list} data-testid="helper-activity">
          {entries.map((entry, i) => (
            <li key={`${entry.At}-${i}`} id={`helper-activity-${i}`} tabIndex={-1}>
              {entry.HelperName || 'A helper'} {activityWords(entry.Call)} on {formatDateAndTime(entry.At)}.
            </li>
          ))}
        </ul>
        {entries.length < activity.data.length ? (
          <div className={styles.row}>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setAll(true)}
              data-testid="helper-activity-all"
            >
              Show all {activity.data.length}
            </button>
          </div>
        ) : null}
      </>
    );
  }
  return (
    <section aria-labelledby="helpers-activity-heading">
      <h3 id="helpers-activity-heading" className={styles.subheading}>
        What your helpers did
      </h3>
      {body}
    </section>
  );
}

const QUESTIONS = {
  withdraw: {
    question: (h?: Helper) => `Withdraw the invitation to ${h?.Name ?? ''}?`,
    detail: 'The link we sent them will no longer work. You can invite them again later.',
    yes: 'Withdraw the invitation',
    no: 'Keep it',
  },
  end: {
    question: (h?: Helper) => `End ${h?.Name ?? ''}'s access?`,
    detail: 'They can no longer see or do anything for your claim, from their next step on. We will tell them.',
    yes: 'End access',
    no: 'Keep their access',
  },
  'end-all': {
    question: () => 'Remove everyone now?',
    detail:
      'Every helper loses access at once, and every invitation stops working. We do not tell any of them. ' +
      'You can invite someone again later.',
    yes: 'Remove everyone now',
    no: 'Keep them',
  },
} as const;

type ConfirmProps = {
  action: HelperAction;
  busy: boolean;
  error: string;
  onYes: () => void;
  onNo: () => void;
};

export function ConfirmHelperAction({ action, busy, error, onYes, onNo }: ConfirmProps) {
  const words = QUESTIONS[action.kind];
  const helper = action.kind === 'end-all' ? undefined : action.helper;
  return (
    <section className={styles.stack} aria-labelledby="helpers-confirm-heading" data-testid="helpers-confirm">
      <h3 id="helpers-confirm-heading" className={styles.subheading} tabIndex={-1}>
        {words.question(helper)}
      </h3>
      <p>{words.detail}</p>
      {error ? (
        <p role="alert" data-testid="helpers-confirm-error">
          {error}
        </p>
      ) : null}
      <div className={styles.row}>
        <button
          type="button"
          className="button"
          onClick={onYes}
          aria-disabled={busy || undefined}
          data-testid="helpers-confirm-yes"
        >
          {busy ? 'Please wait…' : words.yes}
        </button>
        <button type="button" className="button button--secondary" onClick={onNo} data-testid="helpers-confirm-no">
          {words.no}
        </button>
      </div>
    </section>
  );
}
