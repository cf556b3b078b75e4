import styles from './file-upload.module.css';
import { TruncatedText } from './truncated-text.tsx';
import { PAUSED_TEXT, type UploadItem } from './upload-item.ts';

type UploadListItemProps = {
  item: UploadItem;
  testId: string;
  disabled: boolean;
  onCancel: (item: UploadItem) => void;
  onView: (item: UploadItem) => void;
  onRemove: (item: UploadItem) => void;
};

/** One file of the upload list: its name, description, progress while uploading, and its actions. */
export function UploadListItem({ item, testId, disabled, onCancel, onView, onRemove }: UploadListItemProps) {
  return (
    <li
      className={styles.item}
      data-testid={`${testId}-item`}
      data-state={item.inProgress ? 'uploading' : 'done'}
      data-filename={item.filename}
    >
      <p className={styles.name}>{item.filename}</p>
      {item.description ? <TruncatedText text={item.description} testId={`${testId}-description`} /> : null}
      {item.inProgress ? (
        <progress
          className={styles.progress}
          max={100}
          value={item.progress}
          aria-label={`Uploading ${item.filename}`}
          data-testid={`${testId}-progress`}
        >
          {item.progress}%
        </progress>
      ) : null}
      {item.inProgress ? (
        <p className={styles.progressText} data-testid={`${testId}-progress-text`}>
          {item.paused ? PAUSED_TEXT : `${item.progress}% uploaded`}
        </p>
      ) : null}
      <div className={styles.actions}>
        {item.inProgress ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onCancel(item)}
            aria-label={`Cancel uploading ${item.filename}`}
            data-testid={`${testId}-cancel`}
          >
            Cancel
          </button>
        ) : (
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onView(item)}
              aria-label={`View ${item.filename}`}
              data-testid={`${testId}-view`}
            >
              View
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={disabled}
              onClick={() => onRemove(item)}
              aria-label={`Remove ${item.filename}`}
              data-testid={`${testId}-remove`}
            >
              Remove
            </button>
          </>
        )}
      </div>
    </li>
  );
}
