/**
 * HTML from the server, sanitised again in the browser (lib/content/sanitize-html.ts) and rendered. The
 * one place the app renders server HTML: content documents, service details, survey questions
 * and the survey outro.
 *
 * Clicks on its links (listeners on the wrapper):
 * - a link to another website asks the leave-site confirmation first (spec 000 §2), then opens
 *   in a new tab (lib/feedback/confirm.ts, like components/external-link.tsx). That includes Ctrl/Cmd/
 *   Shift/Alt-clicks and the middle button (auxclick), which would otherwise open it unasked;
 * - a link to a page of the portal navigates inside the app (no full reload, the session stays);
 * - mailto:, tel: and #fragment links behave as usual, as do modified clicks on portal links.
 */
import { useMemo, type ElementType, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { openExternal } from '../lib/feedback/confirm.ts';
import { EXTERNAL_LINK_ATTR, sanitizeHtml } from '../lib/content/sanitize-html.ts';
import styles from './safe-html.module.css';

type SafeHtmlProps = {
  html: string;
  /** The wrapper element: a div for documents, a span inside a label. */
  as?: ElementType;
  className?: string;
  id?: string;
  'data-testid'?: string;
  /** Prose styles (spacing of headings, lists, tables); off for a one-line label. */
  prose?: boolean;
  /**
   * Inside a label or a legend, which hold phrasing content only: each paragraph becomes a span
   * drawn as a block, so the markup stays valid HTML and reads the same.
   */
  phrasing?: boolean;
};

/** The HTML with its paragraphs as block-drawn spans (phrasing content). */
function asPhrasing(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const paragraph of Array.from(template.content.querySelectorAll('p'))) {
    const span = document.createElement('span');
    span.className = styles.paragraph ?? '';
    span.append(...Array.from(paragraph.childNodes));
    paragraph.replaceWith(span);
  }
  return template.innerHTML;
}

export function SafeHtml({
  html,
  as: Tag = 'div',
  className,
  id,
  prose = true,
  phrasing = false,
  ...rest
}: SafeHtmlProps) {
  const navigate = useNavigate();
  const clean = useMemo(() => (phrasing ? asPhrasing(sanitizeHtml(html)) : sanitizeHtml(html)), [html, phrasing]);

  /** The link of this content a click landed on, if any. */
  const linkOf = (event: MouseEvent<HTMLElement>): HTMLAnchorElement | null => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    return link && event.currentTarget.contains(link) && link.getAttribute('href') ? link : null;
  };

  /** A link to another website: asks first, whatever the button or modifier keys. */
  const leaveSite = (event: MouseEvent<HTMLElement>, link: HTMLAnchorElement): boolean => {
    if (link.getAttribute(EXTERNAL_LINK_ATTR) !== 'true') return false;
    event.preventDefault();
    void openExternal(link.href);
    return true;
  };

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const link = event.defaultPrevented ? null : linkOf(event);
    if (!link || leaveSite(event, link)) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // new tab, …
    const href = link.getAttribute('href') ?? '';
    let url: URL;
    try {
      url = new URL(href, window.location.href);
    } catch {
      return;
    }
    if (url.origin !== window.location.origin) return; // mailto:, tel:
    if (href.startsWith('#')) return; // a place on this page
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };

  // The middle button opens a link in a new tab with no click event, only auxclick.
  const onAuxClick = (event: MouseEvent<HTMLElement>) => {
    const link = event.defaultPrevented || event.button !== 1 ? null : linkOf(event);
    if (link) leaveSite(event, link);
  };

  const classes = [prose ? styles.prose : null, className].filter(Boolean).join(' ') || undefined;
  return (
    <Tag
      id={id}
      className={classes}
      data-testid={rest['data-testid']}
      onClick={onClick}
      onAuxClick={onAuxClick}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
