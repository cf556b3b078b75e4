/**
 * HTML from the server, sanitised again in the browser (lib/sanitize-html.ts) and rendered. The
 * one place the app renders server HTML: content documents, service details, survey questions
 * and the survey outro.
 *
 * Clicks on its links (one listener on the wrapper):
 * - a link to another website asks the leave-site confirmation first (spec 000 §2), then opens
 *   in a new tab (lib/confirm.ts, like components/external-link.tsx);
 * - a link to a page of the portal navigates inside the app (no full reload, the session stays);
 * - mailto:, tel: and #fragment links behave as usual, as do modified clicks (new tab, …).
 */
import { useMemo, type ElementType, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { openExternal } from '../lib/confirm.ts';
import { EXTERNAL_LINK_ATTR, sanitizeHtml } from '../lib/sanitize-html.ts';
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
};

export function SafeHtml({ html, as: Tag = 'div', className, id, prose = true, ...rest }: SafeHtmlProps) {
  const navigate = useNavigate();
  const clean = useMemo(() => sanitizeHtml(html), [html]);

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target.closest('a') : null;
    if (!target || !event.currentTarget.contains(target)) return;
    const href = target.getAttribute('href');
    if (!href) return;
    if (target.getAttribute(EXTERNAL_LINK_ATTR) === 'true') {
      event.preventDefault();
      void openExternal(target.href);
      return;
    }
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

  const classes = [prose ? styles.prose : null, className].filter(Boolean).join(' ') || undefined;
  return (
    <Tag
      id={id}
      className={classes}
      data-testid={rest['data-testid']}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
