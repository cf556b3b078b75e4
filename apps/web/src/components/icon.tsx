/** Small decorative icons drawn with currentColor, so they follow text colour and forced-colours mode. */
import type { ReactNode } from 'react';

export type IconName =
  | 'menu'
  | 'close'
  | 'phone'
  | 'home'
  | 'back'
  | 'chevron'
  | 'arrow-up'
  | 'sign-out'
  | 'inbox'
  | 'info'
  | 'warning'
  | 'external'
  | 'user'
  | 'tick'
  | 'dot'
  | 'search'
  | 'paperclip';

const paths: Record<IconName, ReactNode> = {
  menu: <path d="M3 6h18M3 12h18M3 18h18" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  phone: (
    <path d="M6.6 3.5 9 3l1.6 4.2-2.1 1.5a12 12 0 0 0 6.8 6.8l1.5-2.1L21 15l-.5 2.4A3 3 0 0 1 17.6 20 15.6 15.6 0 0 1 4 6.4a3 3 0 0 1 2.6-2.9z" />
  ),
  home: <path d="M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-6h3v6h5V9.5" />,
  back: <path d="M15 5l-7 7 7 7" />,
  chevron: <path d="M9 5l7 7-7 7" />,
  'arrow-up': <path d="M12 20V5M5 11l7-7 7 7" />,
  'sign-out': <path d="M10 4H5v16h5M14 8l4 4-4 4M18 12H9" />,
  inbox: <path d="M3 13l3-8h12l3 8v6H3zM3 13h5l1.5 2.5h5L16 13h5" />,
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.5" />
    </>
  ),
  warning: <path d="M12 3 2 20h20L12 3zM12 10v4.5M12 17.5v.5" />,
  external: <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />,
  tick: <path d="M4.5 12.5l5 5L19.5 7" />,
  dot: <circle cx="12" cy="12" r="3" />,
  paperclip: (
    <path d="M20.5 11.5 12 20a5 5 0 0 1-7.1-7.1l8.5-8.5a3.4 3.4 0 0 1 4.8 4.8l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />
  ),
  search: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5 21 21" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1-4.5 4.3-6.5 8-6.5s7 2 8 6.5" />
    </>
  ),
};

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  );
}
