/**
 * spec 000 §2: a floating back-to-top link once the page is scrolled more than 20 px, never over
 * what the claimant needs (docs/decisions/027):
 * - the page keeps room for it below the footer, so at the end of a page it covers nothing;
 * - anywhere else it stands aside (hidden, out of the way of pointer and keyboard) while it would
 *   cover a form control or a link, and shows again once it is over text or space;
 * - it stands aside while a text field has focus: on a phone the keyboard is up, and the field and
 *   its message need every line of what is left of the screen.
 * It never stands aside while it has the focus itself (a keyboard user would lose their place).
 */
import { LIMITS } from '@portal/contracts';
import { useLayoutEffect, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { Icon } from '../../components/icon.tsx';
import styles from './back-to-top.module.css';

function subscribeScroll(listener: () => void): () => void {
  window.addEventListener('scroll', listener, { passive: true });
  window.addEventListener('resize', listener);
  return () => {
    window.removeEventListener('scroll', listener);
    window.removeEventListener('resize', listener);
  };
}

const scrolledPast = () => window.scrollY > LIMITS.backToTopPx;

/** Inputs that do not bring up a keyboard. */
const NOT_TEXT = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** Whether this element takes typing (an input that is not a box or a button, a textarea, a select). */
function isTextField(element: Element | null): boolean {
  if (element instanceof HTMLInputElement) return !NOT_TEXT.has(element.type);
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLElement && element.isContentEditable;
}

function subscribeFocus(listener: () => void): () => void {
  document.addEventListener('focusin', listener);
  document.addEventListener('focusout', listener);
  return () => {
    document.removeEventListener('focusin', listener);
    document.removeEventListener('focusout', listener);
  };
}

// During focusout the focus is on the way to the next element (document.activeElement is the body):
// the focusin that follows settles it.
const textFieldFocused = () => isTextField(document.activeElement);

/** What the link must never cover. */
const CONTROLS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  'label',
  'canvas',
  '[contenteditable]:not([contenteditable="false"])',
  '[role="button"]',
  '[role="link"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="combobox"]',
  '[role="option"]',
  '[role="switch"]',
  '[role="tab"]',
].join(',');

/** Room kept between the link and a control (px), so it never sits flush against one either. */
const CLEARANCE_PX = 4;

/** Whether the link at `box` would cover any visible control of the page (other than itself). */
function coversAControl(link: HTMLElement, box: DOMRect = link.getBoundingClientRect()): boolean {
  const top = box.top - CLEARANCE_PX;
  const bottom = box.bottom + CLEARANCE_PX;
  const left = box.left - CLEARANCE_PX;
  const right = box.right + CLEARANCE_PX;
  for (const control of Array.from(document.querySelectorAll<HTMLElement>(CONTROLS))) {
    if (link.contains(control)) continue;
    const r = control.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.bottom <= top || r.top >= bottom || r.right <= left || r.left >= right) continue;
    // Rendered but not seen (visibility: hidden, or inside a closed <details>) covers nothing.
    if (typeof control.checkVisibility === 'function' && !control.checkVisibility({ visibilityProperty: true }))
      continue;
    return true;
  }
  return false;
}

/**
 * Whether the link, where it stands, would cover a control: checked after every scroll, resize
 * and change of the page (a message that appears moves what is under it), at most once a frame.
 */
function useCoversAControl(link: HTMLElement | null): boolean {
  const [covers, setCovers] = useState(false);
  useLayoutEffect(() => {
    if (!link) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      setCovers(coversAControl(link));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [link]);
  return covers;
}

export function BackToTop() {
  const scrolled = useSyncExternalStore(subscribeScroll, scrolledPast, () => false);
  const typing = useSyncExternalStore(subscribeFocus, textFieldFocused, () => false);
  const [link, setLink] = useState<HTMLAnchorElement | null>(null);
  const covers = useCoversAControl(link);
  const [focused, setFocused] = useState(false);
  if (!scrolled) return null;
  const asideNow = (typing || covers) && !focused;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    window.scrollTo({ top: 0 });
    // Keyboard and screen-reader users land where sighted users look: the page title.
    document.getElementById('page-title')?.focus({ preventScroll: true });
  };
  return (
    <a
      ref={setLink}
      href="#page-title"
      className={`${styles.link} ${asideNow ? styles.aside : ''}`}
      onClick={onClick}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      data-testid="back-to-top"
      data-aside={asideNow ? 'true' : undefined}
    >
      <Icon name="arrow-up" />
      Back to top
    </a>
  );
}
