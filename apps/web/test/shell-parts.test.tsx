/** The shell's back-to-top link and loading overlay (spec 000 §2, §9), each on its own. */
import { LIMITS } from '@portal/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackToTop } from '../src/app/shell/back-to-top.tsx';
import { LoadingOverlay } from '../src/app/shell/loading-overlay.tsx';
import { startLoading } from '../src/lib/feedback/loading.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('back to top', () => {
  it('appears once the page is scrolled past 20 px, and takes the claimant (and the focus) to the page title', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <>
        <h1 id="page-title" tabIndex={-1}>
          Claim home
        </h1>
        <BackToTop />
      </>,
    );
    expect(screen.queryByTestId('back-to-top')).toBeNull();
    scrollTo(LIMITS.backToTopPx);
    expect(screen.queryByTestId('back-to-top')).toBeNull();
    scrollTo(LIMITS.backToTopPx + 1);
    const link = screen.getByTestId('back-to-top');
    expect(screen.getByRole('link', { name: 'Back to top' })).toBe(link);
    expect(link.getAttribute('href')).toBe('#page-title');
    fireEvent.click(link);
    expect(scroll).toHaveBeenCalledWith({ top: 0 });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Claim home' }));
    scrollTo(0);
    expect(screen.queryByTestId('back-to-top')).toBeNull();
  });
});

describe('back to top never covers what the claimant needs (decision 027)', () => {
  function renderPage() {
    render(
      <>
        <h1 id="page-title" tabIndex={-1}>
          Send a message
        </h1>
        <label htmlFor="message">Message</label>
        <textarea id="message" data-testid="message" />
        <label htmlFor="agree">I agree</label>
        <input id="agree" type="checkbox" data-testid="agree" />
        <button type="submit" data-testid="submit">
          Submit
        </button>
        <BackToTop />
      </>,
    );
  }
  const link = () => screen.getByTestId('back-to-top');
  const box = (top: number, left: number, width: number, height: number) =>
    ({ top, left, width, height, bottom: top + height, right: left + width, x: left, y: top }) as DOMRect;

  it('stands aside while a text field has focus (the keyboard is up), not while a box is ticked', () => {
    renderPage();
    scrollTo(LIMITS.backToTopPx + 100);
    expect(link().dataset.aside).toBeUndefined();
    act(() => (screen.getByTestId('message') as HTMLTextAreaElement).focus());
    expect(link().dataset.aside).toBe('true');
    act(() => (screen.getByTestId('agree') as HTMLInputElement).focus());
    expect(link().dataset.aside).toBeUndefined();
  });

  it('stands aside while it would cover a control, and comes back over text and space', async () => {
    renderPage();
    const submit = screen.getByTestId('submit');
    let submitBox = box(0, 0, 0, 0);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.dataset.testid === 'back-to-top') return box(680, 230, 130, 48);
      return this === submit ? submitBox : box(0, 0, 0, 0);
    });
    const frame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    scrollTo(LIMITS.backToTopPx + 100);
    await frame();
    expect(link().dataset.aside).toBeUndefined();
    // Submit scrolls under the link's corner.
    submitBox = box(700, 16, 343, 48);
    scrollTo(LIMITS.backToTopPx + 200);
    await frame();
    expect(link().dataset.aside).toBe('true');
    // …and on, above it: a few pixels of air are enough.
    submitBox = box(600, 16, 343, 48);
    scrollTo(LIMITS.backToTopPx + 300);
    await frame();
    expect(link().dataset.aside).toBeUndefined();
  });
});

describe('loading overlay', () => {
  function renderOverlay() {
    const router = createMemoryRouter([{ path: '/', element: <LoadingOverlay /> }]);
    return render(<RouterProvider router={router} />);
  }

  it('shows the first pending message at once, has it announced if the work is still going after a second, and goes when all work is done', async () => {
    vi.useFakeTimers();
    renderOverlay();
    const status = screen.getByTestId('loading-status');
    expect(status.getAttribute('role')).toBe('status');
    expect(screen.queryByTestId('loading-overlay')).toBeNull();

    let sending: () => void = () => undefined;
    act(() => {
      sending = startLoading('Sending your form…');
    });
    expect(screen.getByTestId('loading-overlay').textContent).toBe('Sending your form…');
    expect(status.textContent).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.loadingMessageRepeatMs));
    expect(status.textContent).toBe('Sending your form…');

    // A second piece of work waits behind the first; when the first ends, its message shows.
    let uploading: () => void = () => undefined;
    act(() => {
      uploading = startLoading('Uploading your file…');
    });
    expect(screen.getByTestId('loading-overlay').textContent).toBe('Sending your form…');
    act(() => sending());
    expect(screen.getByTestId('loading-overlay').textContent).toBe('Uploading your file…');
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.loadingMessageRepeatMs));
    expect(status.textContent).toBe('Uploading your file…');

    act(() => uploading());
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    expect(status.textContent).toBe('');
    // Done twice is harmless.
    act(() => uploading());
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('says nothing for work that ends within the second', async () => {
    vi.useFakeTimers();
    renderOverlay();
    let done: () => void = () => undefined;
    act(() => {
      done = startLoading('Checking…');
    });
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.loadingMessageRepeatMs - 100));
    act(() => done());
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByTestId('loading-status').textContent).toBe('');
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });
});
