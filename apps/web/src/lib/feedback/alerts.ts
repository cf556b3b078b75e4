/**
 * The alert shown for errors that are not silenced (spec 000 §8), rendered by the app's alert
 * dialog (app/shell/alert-host.tsx). Alerts queue; the first one is shown.
 */
import { createStore, useStore } from '../platform/store.ts';
import type { AlertEntry } from '../request/request-error.ts';

export type PortalAlert = { id: number; title: string; entries: AlertEntry[] };

const alertStore = createStore<PortalAlert[]>([]);
let nextId = 1;

export function showAlert(entries: AlertEntry[], title = 'Something went wrong'): number {
  const id = nextId++;
  alertStore.set((queue) => [...queue, { id, title, entries }]);
  return id;
}

export function dismissAlert(id: number): void {
  alertStore.set((queue) => queue.filter((alert) => alert.id !== id));
}

export function getAlerts(): readonly PortalAlert[] {
  return alertStore.get();
}

export function clearAlerts(): void {
  alertStore.set([]);
}

export function useCurrentAlert(): PortalAlert | undefined {
  return useStore(alertStore)[0];
}
