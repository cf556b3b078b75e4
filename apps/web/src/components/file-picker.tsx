/**
 * Picking one file for a form, the one way every file list does it: the label, the hint, the
 * error in the field's pattern (the red bar beside it, "Error: " for screen readers, the input
 * invalid and described by both), the file input (the twelve kinds the portal takes), and a polite
 * status line for what happened to a file. The list of files picked is the owner's: the documents
 * forms' uploads (file-upload.tsx) and a details change's supporting files differ in what a file
 * goes through after it is picked.
 */
import type { ReactNode, RefObject } from 'react';
import { ACCEPT_ATTRIBUTE } from '../lib/uploads/upload.ts';
import styles from './file-picker.module.css';

type FilePickerProps = {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | null | undefined;
  /** What happened to the last file, said politely (added, removed, uploaded…). */
  announcement: string;
  disabled: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  testId: string;
  onPick: (file: File | undefined) => void;
  /** The files picked, as the owner lists them. */
  children?: ReactNode;
};

export function FilePicker({
  id,
  label,
  hint,
  error,
  announcement,
  disabled,
  inputRef,
  testId,
  onPick,
  children,
}: FilePickerProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.picker} ${error ? styles.invalid : ''}`} data-testid={testId}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" data-testid={`${testId}-error`}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        className="file-picker"
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={`${testId}-input`}
        onChange={(e) => onPick(e.currentTarget.files?.[0])}
      />
      <div className="visually-hidden" role="status" aria-live="polite" data-testid={`${testId}-status`}>
        {announcement}
      </div>
      {children}
    </div>
  );
}
