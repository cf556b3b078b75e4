/**
 * Supporting documents for a personal-details change (spec 000 §4, §5): one file per pick, checked
 * in the browser before it is accepted (10MB, the twelve types: lib/uploads/upload.ts, the shared rules).
 * Unlike the documents form, nothing is sent when a file is picked: the change request has to
 * exist first, so the files are uploaded after it, under its FormId (the page shows their
 * progress). Controlled: the form keeps the list.
 */
import { useId, useRef, useState } from 'react';
import { FilePicker } from '../../../components/file-picker.tsx';
import { PAUSED_TEXT } from '../../../components/upload-item.ts';
import type { UploadStatus } from '../../../lib/uploads/resumable-upload.ts';
import { UPLOAD_KINDS_TEXT, precheckFile } from '../../../lib/uploads/upload.ts';
import styles from './account.module.css';

export type SupportingFile = {
  key: string;
  file: File;
  /** 0–100 while it is sent with the request. */
  progress: number;
  state: 'ready' | 'uploading' | 'sent';
  /** Waiting for a connection while it is sent (the upload goes on by itself). */
  paused?: boolean;
};

/** The form's list of supporting files, and the changes its sending makes to each. */
export function useSupportingFiles() {
  const [files, setFiles] = useState<SupportingFile[]>([]);
  const setFile = (key: string, patch: Partial<SupportingFile>) =>
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  return {
    files,
    setFiles,
    setFile,
    /** A failed send: every file is ready to go again with the next request. */
    resetUploads: () =>
      setFiles((list) => list.map((f) => ({ ...f, progress: 0, state: 'ready' as const, paused: false }))),
    /** The upload's progress and pauses, shown at the file. */
    eventsOf: (key: string) => ({
      onProgress: (percent: number) => setFile(key, { progress: percent }),
      onStatus: (status: UploadStatus) => setFile(key, { paused: status === 'paused' }),
    }),
  };
}

let keySeq = 0;

export function supportingFile(file: File): SupportingFile {
  keySeq += 1;
  return { key: `s-${keySeq}`, file, progress: 0, state: 'ready' };
}

function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** One file of the list: Remove before it is sent, then its progress and, offline, that it waits. */
function SupportingFileItem({
  item,
  disabled,
  onRemove,
}: {
  item: SupportingFile;
  disabled: boolean;
  onRemove: (item: SupportingFile) => void;
}) {
  return (
    <li
      className={styles.fileItem}
      data-testid="personal-files-item"
      data-state={item.state}
      data-filename={item.file.name}
    >
      <span className={styles.fileName}>
        {item.file.name} <span className={styles.fileSize}>({sizeText(item.file.size)})</span>
      </span>
      {item.state === 'ready' ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={disabled}
          onClick={() => onRemove(item)}
          aria-label={`Remove ${item.file.name}`}
          data-testid="personal-files-remove"
        >
          Remove
        </button>
      ) : (
        <progress className={styles.progress} max={100} value={item.progress} aria-label={`Sending ${item.file.name}`}>
          {item.progress}%
        </progress>
      )}
      <span role="status" data-testid="personal-files-paused">
        {item.state === 'uploading' && item.paused ? PAUSED_TEXT : ''}
      </span>
    </li>
  );
}

type SupportingFilesProps = {
  id: string;
  files: readonly SupportingFile[];
  onAdd: (file: File) => void;
  onRemove: (key: string) => void;
  disabled: boolean;
  maxFiles?: number;
};

export function SupportingFiles({ id, files, onAdd, onRemove, disabled, maxFiles = 20 }: SupportingFilesProps) {
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const listLabel = useId();
  const full = files.length >= maxFiles;

  const onPick = (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    const problem = precheckFile(file);
    if (problem) {
      setError(problem);
      setAnnouncement('');
      return;
    }
    setError(null);
    onAdd(file);
    setAnnouncement(`${file.name} added. It is sent with your request.`);
  };

  const remove = (item: SupportingFile) => {
    onRemove(item.key);
    setAnnouncement(`${item.file.name} removed`);
    inputRef.current?.focus();
  };

  return (
    <FilePicker
      id={id}
      label="Supporting documents (optional)"
      hint={`For example a marriage certificate. One file at a time. Each can be ${UPLOAD_KINDS_TEXT}.`}
      error={error}
      announcement={announcement}
      disabled={disabled || full}
      inputRef={inputRef}
      testId="personal-files"
      onPick={onPick}
    >
      {files.length > 0 ? (
        <>
          <p id={listLabel} className="visually-hidden">
            Documents to send
          </p>
          <ul className={styles.fileList} aria-labelledby={listLabel}>
            {files.map((item) => (
              <SupportingFileItem key={item.key} item={item} disabled={disabled} onRemove={remove} />
            ))}
          </ul>
        </>
      ) : null}
    </FilePicker>
  );
}
