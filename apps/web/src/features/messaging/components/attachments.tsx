/**
 * 'Attached files' of a message or sent item: each is streamed through downloadfile (lib/uploads/upload.ts,
 * the one way to get a file back) and saved under its name. The button says which file it is and
 * that it downloads; while one is being fetched it says so.
 */
import { useState } from 'react';
import type { DraftFile } from '@portal/contracts';
import type { z } from 'zod';
import { downloadUploadedFile, showFile } from '../../../lib/uploads/upload.ts';
import styles from './messaging.module.css';

type AttachedFile = z.infer<typeof DraftFile>;

export function Attachments({
  files,
  headingId,
  testId = 'attachments',
}: {
  files: readonly AttachedFile[];
  headingId: string;
  testId?: string;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  if (files.length === 0) return null;

  const download = async (file: AttachedFile) => {
    if (busy) return;
    setBusy(file.FileID);
    setStatus(`Downloading ${file.Filename}`);
    try {
      const got = await downloadUploadedFile(file.FileID, 'Downloading the file');
      showFile(got.blob, got.filename ?? file.Filename, 'save');
      setStatus(`${file.Filename} downloaded`);
    } catch {
      setStatus(''); // the request layer has shown the alert
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.attachments} aria-labelledby={headingId} data-testid={testId}>
      <h3 id={headingId} className={styles.attachmentsHeading}>
        Attached files
      </h3>
      <ul className={styles.fileList}>
        {files.map((file) => (
          <li key={file.FileID}>
            <button
              type="button"
              className={`button button--secondary ${styles.fileButton}`}
              onClick={() => void download(file)}
              aria-disabled={busy !== null ? true : undefined}
              data-testid={`${testId}-download`}
              data-file-id={file.FileID}
            >
              <span className={styles.fileName}>{file.Filename}</span>
              <span className={styles.fileAction}>{busy === file.FileID ? 'Downloading…' : 'Download'}</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
