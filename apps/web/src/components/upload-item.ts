/** One file of an upload list (file-upload.tsx), as its owner keeps it (a draft restores and saves them). */
export type UploadItem = {
  key: string;
  filename: string;
  /** Set once the server has the file. */
  fileId?: string | undefined;
  progress: number;
  inProgress: boolean;
  /** Offline: the upload waits for the connection and goes on by itself (lib/uploads/resumable-upload.ts). */
  paused?: boolean | undefined;
  description?: string | undefined;
  /** The picked file (kept for a local preview). */
  file?: File | undefined;
};

/** Said beside the bar while an upload waits for the connection. */
export const PAUSED_TEXT = 'Paused — waiting for a connection';

export function uploadedItem(filename: string, fileId: string, description?: string): UploadItem {
  return { key: `f-${fileId}`, filename, fileId, progress: 100, inProgress: false, description };
}

export function isUploading(items: readonly UploadItem[]): boolean {
  return items.some((i) => i.inProgress);
}
