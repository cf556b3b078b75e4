/**
 * A link to another website. It asks the leave-site confirmation first (spec 000 §2), however it
 * is clicked: Ctrl/Cmd/Shift/Alt-clicks and the middle button (auxclick) would otherwise open the
 * site unasked. The confirmation's 50 ms rule lives in lib/feedback/confirm.ts.
 */
import type { MouseEvent, ReactNode } from 'react';
import { openExternal } from '../lib/feedback/confirm.ts';

export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const leaveSite = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void openExternal(href);
  };
  return (
    <a
      className={className}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        if (!event.defaultPrevented) leaveSite(event);
      }}
      onAuxClick={(event) => {
        if (!event.defaultPrevented && event.button === 1) leaveSite(event);
      }}
    >
      {children}
      <span className="visually-hidden"> (opens another website in a new tab)</span>
    </a>
  );
}
