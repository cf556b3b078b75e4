/**
 * No control may move between press and release. A click only lands where the press began if
 * nothing above it changes size in between, yet pressing a button or a link blurs the field the
 * claimant was in, and a blur may show (or, once the field tidies its value, clear) that field's
 * message: everything below it then jumps by a line, and the release lands beside the button, so
 * the click is lost.
 *
 * `useSteadyWhilePressed(value)` is what a form shows (a field's message, a hint), held as it was
 * when the press began until the press has become a click (or was given up), then let through.
 * The form's state itself is never held: the click is handled with the newest values.
 */
import { useState, useSyncExternalStore } from 'react';

/** A press that ends without a click (dragged away, a scroll on a touch screen) lets go after this. */
const RELEASE_WITHOUT_CLICK_MS = 600;

let pressing = false;
let releaseTimer: number | undefined;
const listeners = new Set<() => void>();

function setPressing(next: boolean): void {
  window.clearTimeout(releaseTimer);
  releaseTimer = undefined;
  if (pressing === next) return;
  pressing = next;
  for (const listener of listeners) listener();
}

/** Let go once the current event (and the form submission a click starts) has been handled. */
function releaseSoon(delay: number): void {
  window.clearTimeout(releaseTimer);
  releaseTimer = window.setTimeout(() => setPressing(false), delay);
}

const onPointerDown = (event: PointerEvent) => {
  if (event.isPrimary && event.button === 0) setPressing(true);
};
const onClick = () => {
  if (pressing) releaseSoon(0);
};
const onPointerUp = () => {
  if (pressing) releaseSoon(RELEASE_WITHOUT_CLICK_MS);
};
const onCancel = () => setPressing(false);

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    // Capture: a press is seen before any handler of the page can stop it.
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('pointerup', onPointerUp, true);
    document.addEventListener('click', onClick, true);
    document.addEventListener('pointercancel', onCancel, true);
    document.addEventListener('dragstart', onCancel, true);
    window.addEventListener('blur', onCancel);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    document.removeEventListener('pointerdown', onPointerDown, true);
    document.removeEventListener('pointerup', onPointerUp, true);
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('pointercancel', onCancel, true);
    document.removeEventListener('dragstart', onCancel, true);
    window.removeEventListener('blur', onCancel);
    setPressing(false);
  };
}

const isPressing = () => pressing;

/**
 * `value` as it was shown when the current press began, while a press is under way; otherwise
 * `value` itself. For values compared with `Object.is` (strings, numbers, booleans, undefined).
 */
export function useSteadyWhilePressed<T>(value: T): T {
  const pressed = useSyncExternalStore(subscribe, isPressing, () => false);
  const [shown, setShown] = useState(value);
  // Derived state, updated while rendering (React's pattern for it): whenever no press is under
  // way, what is shown follows the value.
  if (!pressed && !Object.is(shown, value)) setShown(value);
  return pressed ? shown : value;
}
