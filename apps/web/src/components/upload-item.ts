/** One file of an upload list (file-upload.tsx), as its owner keeps it (a draft restores and saves them). */
export type UploadItem = {
  key: string;
  filename: string;
  /** Set once the server has the file. */
  fileId?: string | undefined;
  progress: number;
  inProgress: boolean;
  description?: string | undefined;
  /** The picked file (kept for a local preview). */
  file?: File | undefined;
};

export function uploadedItem(filename: string, fileId: string, description?: string): UploadItem {
  return { key: `f-${fileId}`, filename, fileId, progress: 100, inProgress: false, description };
}

export function isUploading(items: readonly UploadItem[]): boolean {
  return items.some((i) => i.inProgress);
}
