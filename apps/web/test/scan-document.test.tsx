/**
 * Scan and send (decision 044) as the claimant meets it, in jsdom: the panel, a page per photo,
 * turning, moving and removing with the keyboard kept on the page, what is said, a photo the page
 * cannot use, the document's name; and the PDF writer's structure (every object where its
 * cross-reference says). The photos decoded, turned and drawn by a real browser and a real PDF
 * viewer: e2e/tests/scan-and-send.test.ts.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScanDocument, scanFileName } from '../src/components/scan-document.tsx';
import { pdfOfJpegs } from '../src/lib/uploads/scan-pdf.ts';

const { createObjectURL, revokeObjectURL } = URL;
let made: string[] = [];
let freed: string[] = [];
beforeEach(() => {
  made = [];
  freed = [];
  URL.createObjectURL = () => {
    const url = `blob:photo-${made.length + 1}`;
    made.push(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    freed.push(url);
  };
});
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], name, { type: 'image/jpeg' });

async function openWithPhotos(count: number) {
  const onDone = vi.fn();
  render(<ScanDocument testId="scan" onDone={onDone} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Take photos of a paper document' }));
  for (let i = 1; i <= count; i += 1) {
    fireEvent.change(screen.getByTestId('scan-camera'), { target: { files: [jpeg(`IMG_${i}.jpg`)] } });
    await waitFor(() => expect(screen.getByTestId('scan-status').textContent).toBe(`Page ${i} added`));
  }
  return { user, onDone };
}

const pageImages = () => screen.queryAllByRole('img').map((img) => img.getAttribute('src'));

describe('scan and send', () => {
  it('opens a panel under its button, and a photo per pick becomes the next page', async () => {
    await openWithPhotos(3);
    const button = screen.getByRole('button', { name: 'Take photos of a paper document' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(button.getAttribute('aria-controls') ?? '')).not.toBeNull();
    const camera = screen.getByLabelText('Take a photo of page 4') as HTMLInputElement;
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.accept).toBe('image/jpeg,image/png');
    expect(pageImages()).toEqual(['blob:photo-1', 'blob:photo-2', 'blob:photo-3']);
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Page 1', 'Page 2', 'Page 3']);
  });

  it('turns, moves and removes a page, saying so, with the keyboard kept on the page', async () => {
    const { user } = await openWithPhotos(3);
    await user.click(screen.getByRole('button', { name: 'Turn page 2' }));
    expect(screen.getByRole('img', { name: 'Page 2' }).getAttribute('data-turns')).toBe('1');
    expect(screen.getByTestId('scan-status').textContent).toBe('Page 2 turned');

    await user.click(screen.getByRole('button', { name: 'Later page 2' }));
    expect(pageImages()).toEqual(['blob:photo-1', 'blob:photo-3', 'blob:photo-2']);
    expect(screen.getByTestId('scan-status').textContent).toBe('Page 2 is now page 3');
    // The last page cannot go later: the keyboard is on its other move.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Earlier page 3'));
    expect((screen.getByRole('button', { name: 'Later page 3' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('img', { name: 'Page 3' }).getAttribute('data-turns')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Remove page 1' }));
    expect(pageImages()).toEqual(['blob:photo-3', 'blob:photo-2']);
    expect(freed).toEqual(['blob:photo-1']);
    expect(screen.getByTestId('scan-status').textContent).toBe('Page 1 removed');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Remove page 1'));
  });

  it('refuses a file that is not a photo, or one too large to be one, in words at the panel, and adds no page', async () => {
    await openWithPhotos(1);
    fireEvent.change(screen.getByTestId('scan-camera'), {
      target: { files: [new File(['%PDF'], 'letter.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByTestId('scan-problem').textContent).toBe(
      'Error: That is not a photo this page can use: take the photo again, or choose a JPEG or PNG.',
    );
    // Said where whoever picked it hears it, and tied to the camera's input.
    expect(screen.getByTestId('scan-status').textContent).toBe(
      'That is not a photo this page can use: take the photo again, or choose a JPEG or PNG.',
    );
    expect(screen.getByTestId('scan-camera').getAttribute('aria-describedby')).toBe(
      screen.getByTestId('scan-problem').id,
    );
    expect(screen.getAllByTestId('scan-page')).toHaveLength(1);
    // Nor a "photo" of more than 40 MB: no phone takes one, and decoding it could exhaust a phone's memory.
    const huge = jpeg('IMG_huge.jpg');
    Object.defineProperty(huge, 'size', { value: 40 * 1_048_576 + 1 });
    fireEvent.change(screen.getByTestId('scan-camera'), { target: { files: [huge] } });
    expect(screen.getByTestId('scan-problem').textContent).toBe(
      'Error: That photo is too large to use: take it again with the camera.',
    );
    expect(screen.getAllByTestId('scan-page')).toHaveLength(1);
  });

  it('asks what the document is before making it, at its field', async () => {
    const { user, onDone } = await openWithPhotos(2);
    await user.click(screen.getByRole('button', { name: 'Add as one PDF' }));
    const name = screen.getByLabelText('What is this document?');
    expect(document.activeElement).toBe(name);
    expect(screen.getByTestId('scan-problem').textContent).toBe(
      'Error: Say what the document is, for example: GP letter.',
    );
    expect(name.getAttribute('aria-describedby')).toContain(screen.getByTestId('scan-problem').id);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('Cancel drops the pages, frees their thumbnails and puts the keyboard back on its button', async () => {
    const { user } = await openWithPhotos(2);
    await user.click(within(screen.getByTestId('scan')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('scan-page')).toBeNull();
    expect(freed.sort()).toEqual(['blob:photo-1', 'blob:photo-2']);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Take photos of a paper document' })),
    );
  });

  it('names the PDF by what the claimant typed and its pages, without characters file systems refuse', () => {
    expect(scanFileName('GP letter', 4)).toBe('GP letter, 4 pages');
    expect(scanFileName('  Receipt: chemist / March  ', 1)).toBe('Receipt chemist March, 1 page');
    expect(scanFileName('"<>|?*', 2)).toBe('Paper document, 2 pages');
  });
});

describe('the PDF writer', () => {
  it('writes every object where the cross-reference says, one page per photo, its title in UTF-16', async () => {
    const photo = (w: number, h: number) => ({
      bytes: new Uint8Array([0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]),
      width: w,
      height: h,
    });
    const blob = pdfOfJpegs([photo(1500, 2000), photo(2000, 1500)], 'Letter – Zoë');
    const text = new TextDecoder('latin1').decode(new Uint8Array(await blob.arrayBuffer()));
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(xrefAt, xrefAt + 5)).toBe('xref\n');
    const entries = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries).toHaveLength(9);
    entries.forEach((offset, i) => {
      const header = `${i + 1} 0 obj\n`;
      expect(text.slice(offset, offset + header.length)).toBe(header);
    });
    expect(text).toContain('/Count 2');
    // A portrait page and a landscape one, each the photo's shape with its long side 842 pt.
    expect(text).toContain('/MediaBox [0 0 631.50 842.00]');
    expect(text).toContain('/MediaBox [0 0 842.00 631.50]');
    expect(text).toContain('/Filter /DCTDecode /Length 7');
    expect(text).toContain('/Title <FEFF004C00650074007400650072002020130020005A006F00EB>');
  });
});
