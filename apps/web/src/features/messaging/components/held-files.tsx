/**
 * The documents of an enquiry (spec 001 Contact us: "the list of upload items"). Contact us
 * creates its form only when it is sent, so picked files are checked in the browser at once
 * (type and size: lib/uploads/upload.ts precheckFile, STYLE.md rule 10) and held here until then; while
 * the enquiry is sent each shows its upload progress. One file per pick; the picker is disabled
 * until an enquiry type is chosen.
 */
import { useId, useRef, useState } from 'react';
import { PAUSED_TEXT } from '../../../components/upload-item.ts';
import { showAlert } from '../../../lib/feedback/alerts.ts';
import { ACCEPT_ATTRIBUTE, precheckFile } from '../../../lib/uploads/upload.ts';
import { UPLOAD_NOTE } from '../lib/texts.ts';
import { ScanDocument } from '../../../components/scan-document.tsx';
import styles from './messaging.module.css';

export type HeldItem = {
  key: string;
  file: File;
  progress: number;
  state: 'waiting' | 'uploading' | 'done';
  /** Waiting for a connection while it is sent (the upload goes on by itself). */
  paused?: boolean;
};

const MAX_ENQUIRY_FILES = 10;

let keySeq = 0;

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** One held file: its name and size, its upload's progress and pause while sent, and Remove. */
function HeldFileItem({ item, busy, onRemove }: { item: HeldItem; busy: boolean; onRemove: (item: HeldItem) => void }) {
  return (
    <li className={styles.heldItem} data-testid="contact-file" data-filename={item.file.name} data-state={item.state}>
      <span className={styles.heldName}>{item.file.name}</span>
      <span className={styles.heldSize}>{formatSize(item.file.size)}</span>
      {item.state !== 'waiting' ? (
        <progress
          className={styles.progress}
          max={100}
          value={item.progress}
          aria-label={`Uploading ${item.file.name}`}
          data-testid="contact-file-progress"
        >
          {item.progress}%
        </progress>
      ) : null}
      <span role="status" className={styles.heldSize} data-testid="contact-file-paused">
        {item.state === 'uploading' && item.paused ? PAUSED_TEXT : ''}
      </span>
      <button
        type="button"
        className={`button button--secondary ${styles.heldRemove}`}
        onClick={() => onRemove(item)}
        disabled={busy}
        aria-label={`Remove ${item.file.name}`}
        data-testid="contact-file-remove"
      >
        Remove
      </button>
    </li>
  );
}

type HeldFilesProps = {
  items: HeldItem[];
  onChange: (update: (items: HeldItem[]) => HeldItem[]) => void;
  /** No enquiry type yet: the picker waits for one. */
  disabled: boolean;
  disabledReason: string;
  busy: boolean;
};

export function HeldFiles({ items, onChange, disabled, disabledReason, busy }: HeldFilesProps) {
  const inputId = useId();
  const noteId = useId();
  const reasonId = useId();
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const full = items.length >= MAX_ENQUIRY_FILES;

  const onPick = (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    const problem = precheckFile(file);
    if (problem) {
      showAlert([{ message: problem }], 'Document not added');
      return;
    }
    const key = `held-${++keySeq}`;
    onChange((list) => [...list, { key, file, progress: 0, state: 'waiting' }]);
    setAnnouncement(`${file.name} added. It will be sent with your message.`);
  };

  const remove = (item: HeldItem) => {
    onChange((list) => list.filter((i) => i.key !== item.key));
    setAnnouncement(`${item.file.name} removed`);
    inputRef.current?.focus();
  };

  const describedBy = [noteId, disabled ? reasonId : null].filter(Boolean).join(' ');

  return (
    <section className={styles.documents} aria-labelledby={headingId} data-testid="contact-documents">
      <h2 id={headingId} className={styles.sectionHeading}>
        Documents <span className={styles.optional}>(optional)</span>
      </h2>
      <p id={noteId} className={styles.note} data-testid="contact-upload-note">
        {UPLOAD_NOTE}
      </p>
      <label htmlFor={inputId} className={styles.pickerLabel}>
        Add a document
      </label>
      {disabled ? (
        <p id={reasonId} className={styles.note} data-testid="contact-upload-disabled-reason">
          {disabledReason}
        </p>
      ) : null}
      {full ? (
        <p className={styles.note}>You have added the most documents one message can carry ({MAX_ENQUIRY_FILES}).</p>
      ) : null}
      <input
        ref={inputRef}
        id={inputId}
        className="file-picker"
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        disabled={disabled || full || busy}
        aria-describedby={describedBy}
        data-testid="contact-upload-input"
        onChange={(e) => onPick(e.currentTarget.files?.[0])}
      />
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="contact-upload-status">
        {announcement}
      </div>
      <ScanDocument disabled={disabled || full || busy} testId="contact-upload-scan" onDone={onPick} />
      {items.length > 0 ? (
        <ul className={styles.heldList} aria-label="Documents to send" data-testid="contact-files">
          {items.map((item) => (
            <HeldFileItem key={item.key} item={item} busy={busy} onRemove={remove} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
