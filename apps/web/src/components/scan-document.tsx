/**
 * Scan and send (decision 044): "Take photos of a paper document" opens the phone's camera, one
 * photo per page. The pages are listed as thumbnails that can be turned, moved and removed, then
 * joined in the browser into one PDF named by the claimant ("GP letter, 4 pages") and handed to
 * the form's own file list (`onDone`), which uploads it as any file it is given. What makes the
 * PDF is downloaded only when it is made (lib/uploads/scan-pdf.ts).
 */
import { useId, useRef, useState, type RefObject } from 'react';
import type { ScanTooLarge } from '../lib/uploads/scan-pdf.ts';
import { SCAN_MAX_PAGES, pageActionId, useScanPages, type PageAction, type ScanPageItem } from './use-scan-pages.ts';
import styles from './scan-document.module.css';

const NAME_MAX = 80;
/** A phone's photo is a few MB; a file far larger is not one, and decoding it could exhaust a phone's memory. */
const PHOTO_MAX_BYTES = 40 * 1_048_576;

/** The document's name as a file name: what the claimant typed, without the characters file systems refuse. */
export function scanFileName(name: string, pages: number): string {
  const clean = [...name]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, NAME_MAX);
  return `${clean || 'Paper document'}, ${pages} ${pages === 1 ? 'page' : 'pages'}`;
}

type ScanDocumentProps = {
  disabled?: boolean;
  testId: string;
  /** The PDF made: the form adds it to its files. */
  onDone: (file: File) => void;
};

/** Why a picked file cannot be a page, or null: a JPEG or PNG of a phone's size. */
function photoProblem(file: File): string | null {
  if (!/^image\/(jpeg|png)$/.test(file.type))
    return 'That is not a photo this page can use: take the photo again, or choose a JPEG or PNG.';
  if (file.size > PHOTO_MAX_BYTES) return 'That photo is too large to use: take it again with the camera.';
  return null;
}

/** What went wrong making the PDF, in the claimant's words. */
function problemOf(error: unknown, tooLarge: typeof ScanTooLarge | undefined): string {
  if (!tooLarge) return 'The PDF could not be made: check your connection and try again.';
  return error instanceof tooLarge
    ? 'These pages are too many for one document: send them as two documents.'
    : 'A photo could not be read: remove it and take it again.';
}

export function ScanDocument({ disabled = false, testId, onDone }: ScanDocumentProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [problem, setShownProblem] = useState('');
  const [making, setMaking] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const scan = useScanPages(id, () => window.requestAnimationFrame(() => cameraInput.current?.focus()));
  /** A problem is shown at the panel and said in its status, where whoever acted hears it. */
  const setProblem = (text: string) => {
    setShownProblem(text);
    if (text) scan.setStatus(text);
  };

  const close = () => {
    scan.clear();
    setName('');
    setProblem('');
    setOpen(false);
    window.requestAnimationFrame(() => openButton.current?.focus());
  };

  const addPhoto = (file: File | undefined) => {
    if (cameraInput.current) cameraInput.current.value = '';
    if (!file) return;
    const refused = photoProblem(file);
    setProblem(refused ?? '');
    if (!refused) scan.add(file);
  };

  const make = async () => {
    if (making || scan.pages.length === 0) return;
    if (!name.trim()) {
      setProblem('Say what the document is, for example: GP letter.');
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setMaking(true);
    setProblem('');
    const fileName = scanFileName(name, scan.pages.length);
    let tooLarge: typeof ScanTooLarge | undefined;
    try {
      const pdfMaker = await import('../lib/uploads/scan-pdf.ts');
      tooLarge = pdfMaker.ScanTooLarge;
      const pdf = await pdfMaker.makeScanPdf(
        scan.pages.map((p) => ({ file: p.file, quarterTurns: p.quarterTurns })),
        fileName,
        (done) => scan.setStatus(`Preparing page ${done} of ${scan.pages.length}`),
      );
      scan.setStatus(`${fileName} made`);
      onDone(pdf);
      close();
    } catch (error) {
      setProblem(problemOf(error, tooLarge));
      scan.setStatus('');
    } finally {
      setMaking(false);
    }
  };

  return (
    <div className={styles.scan} data-testid={testId}>
      <button
        ref={openButton}
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        data-testid={`${testId}-open`}
      >
        Take photos of a paper document
      </button>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid={`${testId}-status`}>
        {scan.status}
      </div>
      {open ? (
        <ScanPanel
          id={id}
          testId={testId}
          pages={scan.pages}
          making={making}
          problem={problem}
          name={name}
          cameraInput={cameraInput}
          onName={setName}
          onPhoto={addPhoto}
          onAct={scan.act}
          onMake={() => void make()}
          onCancel={close}
        />
      ) : null}
    </div>
  );
}

/** The pages as thumbnails, each with Turn, Earlier, Later and Remove (named with its page for screen readers). */
function PageList({
  pages,
  idPrefix,
  testId,
  busy,
  onAct,
}: {
  pages: readonly ScanPageItem[];
  idPrefix: string;
  testId: string;
  busy: boolean;
  onAct: (key: string, action: PageAction) => void;
}) {
  if (pages.length === 0) return null;
  return (
    <ol className={styles.pages} aria-label="Pages" data-testid={`${testId}-pages`}>
      {pages.map((page, index) => (
        <li key={page.key} className={styles.page} data-testid={`${testId}-page`}>
          <div className={styles.frame}>
            <img src={page.url} alt={`Page ${index + 1}`} className={styles.thumb} data-turns={page.quarterTurns} />
          </div>
          <p className={styles.pageName}>Page {index + 1}</p>
          <div className={styles.actions}>
            {(
              [
                ['turn', 'Turn', false],
                ['earlier', 'Earlier', index === 0],
                ['later', 'Later', index === pages.length - 1],
                ['remove', 'Remove', false],
              ] as const
            ).map(([action, label, off]) => (
              <button
                key={action}
                id={pageActionId(idPrefix, page.key, action)}
                type="button"
                className="link-button"
                disabled={off || busy}
                onClick={() => onAct(page.key, action)}
                data-testid={`${testId}-page-${action}`}
              >
                {label} <span className="visually-hidden">page {index + 1}</span>
              </button>
            ))}
          </div>
        </li>
      ))}
    </ol>
  );
}

type ScanPanelProps = {
  id: string;
  testId: string;
  pages: readonly ScanPageItem[];
  making: boolean;
  problem: string;
  name: string;
  cameraInput: RefObject<HTMLInputElement | null>;
  onName: (name: string) => void;
  onPhoto: (file: File | undefined) => void;
  onAct: (key: string, action: PageAction) => void;
  onMake: () => void;
  onCancel: () => void;
};

/** The open panel: the pages, the camera's input for the next one, the document's name, and Add as one PDF. */
function ScanPanel(props: ScanPanelProps) {
  const { id, testId, pages, making, problem, name, cameraInput, onName, onPhoto, onAct, onMake, onCancel } = props;
  const headingId = `${id}-heading`;
  const problemId = `${id}-problem`;
  const full = pages.length >= SCAN_MAX_PAGES;
  return (
    <section id={`${id}-panel`} className={styles.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Photos of a paper document
      </h3>
      <p className={styles.hint}>
        Take one photo of each page, in order, in good light. You can turn, move and remove pages before they are joined
        into one PDF.
      </p>
      <PageList pages={pages} idPrefix={id} testId={testId} busy={making} onAct={onAct} />
      <label htmlFor={`${id}-camera`} className={styles.label}>
        {full ? `${SCAN_MAX_PAGES} pages is the most for one document` : `Take a photo of page ${pages.length + 1}`}
      </label>
      <input
        ref={cameraInput}
        id={`${id}-camera`}
        className="file-picker"
        type="file"
        accept="image/jpeg,image/png"
        capture="environment"
        aria-describedby={problem ? problemId : undefined}
        disabled={full || making}
        onChange={(e) => onPhoto(e.currentTarget.files?.[0])}
        data-testid={`${testId}-camera`}
      />
      <label htmlFor={`${id}-name`} className={styles.label}>
        What is this document?
      </label>
      <p id={`${id}-name-hint`} className="field-hint">
        For example: GP letter. The PDF is named with it and the number of pages.
      </p>
      <input
        id={`${id}-name`}
        type="text"
        value={name}
        maxLength={NAME_MAX}
        aria-describedby={[`${id}-name-hint`, problem ? problemId : null].filter(Boolean).join(' ')}
        onChange={(e) => onName(e.currentTarget.value)}
        data-testid={`${testId}-name`}
      />
      {problem ? (
        <p id={problemId} className="field-error" data-testid={`${testId}-problem`}>
          <span className="visually-hidden">Error: </span>
          {problem}
        </p>
      ) : null}
      <div className={styles.buttons}>
        <button
          type="button"
          className="button"
          aria-disabled={pages.length === 0 || making ? true : undefined}
          onClick={onMake}
          data-testid={`${testId}-make`}
        >
          {making ? 'Making the PDF…' : 'Add as one PDF'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={making}>
          Cancel
        </button>
      </div>
    </section>
  );
}
