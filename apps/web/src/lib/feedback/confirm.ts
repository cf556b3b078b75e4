/**
 * Confirmations (spec 000 §2): "Leaving to an external site asks for confirmation. A confirmation
 * answered in under 50 ms is treated as suppressed and the action proceeds."
 *
 * How the 50 ms rule is applied: the confirm dialog (app/shell/confirm-host.tsx) records the
 * moment it has been put on screen (an effect after it mounts, `performance.now()`), and when it
 * is answered passes the elapsed time to `resolveConfirmAnswer`. Nobody can read and answer a
 * question in under LIMITS.confirmSuppressedMs (50 ms); an answer that fast means the dialog was
 * never really shown to a person (a wrapper or automation dismissed it, as browsers do with
 * suppressed window.confirm dialogs), so the action proceeds whatever the answer was.
 */
import { CLIENT_MESSAGES, LIMITS } from '@portal/contracts';
import { fillProvider } from '../content/provider.ts';
import { createStore, useStore } from '../platform/store.ts';

export type ConfirmRequest = {
  id: number;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  resolve: (proceed: boolean) => void;
};

const confirmStore = createStore<ConfirmRequest[]>([]);
let nextId = 1;

/** The rule itself: true = the action proceeds. */
export function resolveConfirmAnswer(answer: boolean, elapsedMs: number): boolean {
  if (elapsedMs < LIMITS.confirmSuppressedMs) return true;
  return answer;
}

export function requestConfirm(options: {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
}): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const id = nextId++;
    confirmStore.set((queue) => [
      ...queue,
      {
        id,
        title: options.title,
        message: options.message,
        confirmLabel: options.confirmLabel ?? 'Yes, continue',
        cancelLabel: options.cancelLabel ?? 'No, stay here',
        resolve,
      },
    ]);
  });
}

/** Called by the dialog with the raw answer and how long it was on screen. */
export function answerConfirm(id: number, answer: boolean, elapsedMs: number): boolean {
  const request = confirmStore.get().find((r) => r.id === id);
  const proceed = resolveConfirmAnswer(answer, elapsedMs);
  confirmStore.set((queue) => queue.filter((r) => r.id !== id));
  request?.resolve(proceed);
  return proceed;
}

export function getCurrentConfirm(): ConfirmRequest | undefined {
  return confirmStore.get()[0];
}

export function useCurrentConfirm(): ConfirmRequest | undefined {
  return useStore(confirmStore)[0];
}

export function leaveSiteMessage(): string {
  return fillProvider(CLIENT_MESSAGES.leaveSite);
}

/**
 * Opens an external address after the leave-site confirmation, in a new tab (the portal keeps
 * its state). Returns whether it was opened.
 */
export async function openExternal(url: string): Promise<boolean> {
  const proceed = await requestConfirm({ title: 'Leaving this website', message: leaveSiteMessage() });
  if (proceed) window.open(url, '_blank', 'noopener,noreferrer');
  return proceed;
}
