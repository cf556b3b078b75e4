/**
 * One block of My Details (spec 000 §2): its heading, its Edit control and its read or edit view.
 * The Edit control is a button when the block opens inline, a link when it leads to another page
 * (app mode's edit pages, the access-code screen); either is named "Edit <block>".
 */
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonHint } from '../../../components/forms/button-hint.tsx';
import styles from './account.module.css';

export type EditControl =
  { kind: 'inline'; onEdit: () => void } | { kind: 'link'; to: string; onNavigate?: () => void } | { kind: 'none' };

type AccountBlockProps = {
  id: string;
  title: string;
  editing?: boolean;
  edit?: EditControl;
  children: ReactNode;
  testId: string;
};

export function editControlId(blockId: string): string {
  return `${blockId}-edit`;
}

export function AccountBlock({
  id,
  title,
  editing = false,
  edit = { kind: 'none' },
  children,
  testId,
}: AccountBlockProps) {
  const headingId = `${id}-heading`;
  // "Edit bank account details": the block's name, in the sentence.
  const label = (
    <>
      Edit<span className="visually-hidden"> {title.charAt(0).toLowerCase() + title.slice(1)}</span>
    </>
  );
  return (
    <section
      id={id}
      className={editing ? `${styles.block} ${styles.blockEditing}` : styles.block}
      aria-labelledby={headingId}
      data-testid={testId}
      data-mode={editing ? 'edit' : 'read'}
    >
      <div className={styles.blockHeader}>
        <h2 id={headingId} className={styles.blockTitle} tabIndex={-1}>
          {title}
        </h2>
        {edit.kind === 'inline' ? (
          <button
            type="button"
            id={editControlId(id)}
            className={`link-button ${styles.edit}`}
            onClick={edit.onEdit}
            data-testid={`${testId}-edit`}
          >
            {label}
          </button>
        ) : edit.kind === 'link' ? (
          <Link
            id={editControlId(id)}
            to={edit.to}
            className={styles.edit}
            onClick={(event: MouseEvent<HTMLAnchorElement>) => {
              if (!event.defaultPrevented) edit.onNavigate?.();
            }}
            data-testid={`${testId}-edit`}
          >
            {label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** A read view's label and value pairs. */
export function DetailList({ items }: { items: ReadonlyArray<{ label: string; value: ReactNode; testId?: string }> }) {
  return (
    <dl className={styles.details}>
      {items.map((item) => (
        <div key={item.label} className={styles.detail}>
          <dt>{item.label}</dt>
          <dd data-testid={item.testId}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Save and Cancel under an edit view. Save stays focusable when it cannot be used yet (aria-disabled). */
export function FormActions({
  canSave,
  saving,
  saveLabel = 'Save',
  hint,
  needed,
  hintId,
  onCancel,
  restoredNotice,
  testId,
}: {
  canSave: boolean;
  saving: boolean;
  saveLabel?: string;
  /** Why Save cannot be used yet; read with the button. */
  hint?: string | undefined;
  /** What Save still needs, listed after `hint` (the list's lead) in the live hint. */
  needed?: readonly string[] | undefined;
  hintId: string;
  onCancel: () => void;
  /** Said when what the claimant typed before a time-out was put back (a live region: give '' at first). */
  restoredNotice?: string;
  testId: string;
}) {
  const blocked = !canSave || saving;
  return (
    <>
      {restoredNotice === undefined ? null : (
        <p role="status" className={styles.restored} data-testid={`${testId}-restored`}>
          {restoredNotice}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="submit"
          className="button"
          aria-disabled={blocked || undefined}
          aria-describedby={!canSave && !saving && (hint || needed?.length) ? hintId : undefined}
          data-testid={`${testId}-save`}
        >
          {saving ? 'Saving…' : saveLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} data-testid={`${testId}-cancel`}>
          Cancel
        </button>
      </div>
      <ButtonHint
        id={hintId}
        className={styles.saveHint}
        needed={canSave || saving ? [] : needed && needed.length > 0 ? needed : hint ? [hint] : []}
        lead={hint}
        text={needed && needed.length > 0 ? undefined : hint}
        data-testid={`${testId}-save-hint`}
      />
    </>
  );
}
