/**
 * The shared upload component (uploads issue; spec 001 "Uploads"): one file per pick, checked
 * for type and size in the browser before a byte is sent (STYLE.md rule 10), progress 0–100
 * (announced politely at most every 25 % and at completion; sent over tus, so a lost connection
 * pauses the upload — "Paused — waiting for a connection", announced — and it goes on by itself),
 * cancel while in progress, view (the server's copy, or a local preview before upload) and
 * remove (the server discards an uploaded file; a local one is dropped). Descriptions longer than
 * LIMITS.descriptionTruncate characters are truncated with Show more / Show less.
 *
 * Controlled: the owner keeps the items (so a draft can restore and save them).
 */
import { useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { showAlert } from '../lib/feedback/alerts.ts';
import { call } from '../lib/request/call.ts';
import { isRequestError } from '../lib/request/request-error.ts';
import {
  UploadAborted,
  downloadUploadedFile,
  precheckFile,
  showFile,
  uploadFile,
  type UploadHandle,
  type UploadStatus,
} from '../lib/uploads/upload.ts';
import { FilePicker } from './file-picker.tsx';
import { ScanDocument } from './scan-document.tsx';
import styles from './file-upload.module.css';
import { PAUSED_TEXT, type UploadItem } from './upload-item.ts';
import { UploadListItem } from './upload-list-item.tsx';

export { TruncatedText } from './truncated-text.tsx';
export { isUploading, uploadedItem, type UploadItem } from './upload-item.ts';

type FileUploadProps = {
  /** The id of the file input (an error summary links to it). */
  id?: string;
  label: string;
  hint?: string;
  formType: string;
  /** The draft the files belong to, when known. */
  formId?: string | undefined;
  items: UploadItem[];
  onItemsChange: Dispatch<SetStateAction<UploadItem[]>>;
  /** Attached to the next pick (a sub-form's description). */
  description?: string;
  maxFiles?: number;
  error?: string | undefined;
  disabled?: boolean;
  testId?: string;
};

let keySeq = 0;

/**
 * An upload's progress on its item and in the polite status region: the bar at every event, the
 * words at most every 25 %; a pause for the connection, and the going on, said once each.
 */
function uploadEvents(
  filename: string,
  update: (patch: Partial<UploadItem>) => void,
  announce: (text: string) => void,
  announced: Map<string, number>,
  key: string,
) {
  return {
    onProgress: (percent: number) => {
      update({ progress: percent });
      const step = Math.floor(percent / 25) * 25;
      if (step > (announced.get(key) ?? 0) && percent < 100) {
        announced.set(key, step);
        announce(`Uploading ${filename}, ${step}%`);
      }
    },
    onStatus: (status: UploadStatus) => {
      update({ paused: status === 'paused' });
      announce(status === 'paused' ? `${filename}: ${PAUSED_TEXT}` : `Uploading ${filename} again`);
    },
  };
}

/** View: the file picked on this device, or the one the server holds. */
async function view(item: UploadItem) {
  if (item.file) {
    showFile(item.file, item.filename, 'view');
    return;
  }
  if (!item.fileId) return;
  try {
    const file = await downloadUploadedFile(item.fileId);
    showFile(file.blob, file.filename ?? item.filename, 'view');
  } catch {
    // the request layer has shown the alert
  }
}

export function FileUpload({
  id: givenId,
  label,
  hint,
  formType,
  formId,
  items,
  onItemsChange,
  description,
  maxFiles = 20,
  error,
  disabled = false,
  testId = 'upload',
}: FileUploadProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const handles = useRef(new Map<string, UploadHandle>());
  const announced = useRef(new Map<string, number>());
  const [announcement, setAnnouncement] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  // Leaving the page cancels uploads still in flight.
  useEffect(() => {
    const map = handles.current;
    return () => {
      for (const h of map.values()) h.abort();
      map.clear();
    };
  }, []);

  const update = (key: string, patch: Partial<UploadItem>) =>
    onItemsChange((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const onPick = (file: File | undefined) => {
    if (!file) return;
    if (inputRef.current) inputRef.current.value = '';
    const problem = precheckFile(file);
    if (problem) {
      showAlert([{ message: problem }], 'Document not added');
      return;
    }
    const key = `u-${++keySeq}`;
    const item: UploadItem = { key, filename: file.name, progress: 0, inProgress: true, file, description };
    onItemsChange((list) => [...list, item]);
    announced.current.set(key, 0);
    setAnnouncement(`Uploading ${file.name}, 0%`);
    const events = uploadEvents(file.name, (patch) => update(key, patch), setAnnouncement, announced.current, key);
    const handle = uploadFile(
      file,
      { FormType: formType, FormId: formId, Description: description || undefined },
      events.onProgress,
      events.onStatus,
    );
    handles.current.set(key, handle);
    handle.promise.then(
      (fileId) => {
        handles.current.delete(key);
        update(key, { fileId, progress: 100, inProgress: false });
        setAnnouncement(`${file.name} uploaded`);
      },
      (err: unknown) => {
        handles.current.delete(key);
        onItemsChange((list) => list.filter((i) => i.key !== key));
        if (err instanceof UploadAborted) return;
        if (isRequestError(err)) {
          if (!err.forcedLogout) showAlert(err.entries);
        } else showAlert([{ message: 'Your request could not be completed.' }]);
        setAnnouncement(`${file.name} was not uploaded`);
      },
    );
  };

  const cancel = (item: UploadItem) => {
    handles.current.get(item.key)?.abort();
    handles.current.delete(item.key);
    onItemsChange((list) => list.filter((i) => i.key !== item.key));
    setAnnouncement(`Upload of ${item.filename} cancelled`);
  };

  const remove = async (item: UploadItem) => {
    if (item.fileId) {
      try {
        await call('discardFile', { FileId: item.fileId });
      } catch {
        return;
      }
    }
    onItemsChange((list) => list.filter((i) => i.key !== item.key));
    setAnnouncement(`${item.filename} removed`);
    inputRef.current?.focus();
  };

  const full = items.length >= maxFiles;
  return (
    <FilePicker
      id={id}
      label={label}
      hint={hint}
      error={error}
      announcement={announcement}
      disabled={disabled || full}
      inputRef={inputRef}
      testId={testId}
      onPick={onPick}
    >
      <ScanDocument disabled={disabled || full} testId={`${testId}-scan`} onDone={onPick} />
      {items.length > 0 ? (
        <ul className={styles.list} aria-label="Documents added">
          {items.map((item) => (
            <UploadListItem
              key={item.key}
              item={item}
              testId={testId}
              disabled={disabled}
              onCancel={cancel}
              onView={(i) => void view(i)}
              onRemove={(i) => void remove(i)}
            />
          ))}
        </ul>
      ) : null}
    </FilePicker>
  );
}
