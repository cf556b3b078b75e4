/**
 * A link to another website. It asks the leave-site confirmation first (spec 000 §2); the
 * confirmation's 50 ms rule lives in lib/confirm.ts.
 */
import type { MouseEvent, ReactNode } from 'react';
import { openExternal } from '../lib/confirm.ts';

export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void openExternal(href);
  };
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      {children}
      <span className="visually-hidden"> (opens another website in a new tab)</span>
    </a>
  );
}
