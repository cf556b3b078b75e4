/**
 * The icon of a service (contracts' SERVICE_ICONS); any other name draws a plain circle (spec 001
 * "a tile shows an icon or circle"). Line drawings in currentColor, so they follow the text colour
 * and forced-colours mode; decorative (the service's name says what it is).
 */
import { SERVICE_ICONS } from '@portal/contracts';
import type { ReactNode } from 'react';

type ServiceIconName = (typeof SERVICE_ICONS)[number];

const drawings: Record<ServiceIconName, ReactNode> = {
  // A stethoscope.
  medical: <path d="M6 3v6a4 4 0 0 0 8 0V3M10 13v2a5 5 0 0 0 10 0v-2M20 13a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z" />,
  // A building with a cross.
  hospital: <path d="M4 21V6h16v15M2 21h20M12 8.5v5M9.5 11h5M10 21v-4h4v4" />,
  // A van with a cross.
  ambulance: (
    <>
      <path d="M2 17V7h12v10M14 10h4l4 4v3h-2M2 17h2M10 17h6M7 10v4M5 12h4" />
      <circle cx="7" cy="17.5" r="2" />
      <circle cx="18" cy="17.5" r="2" />
    </>
  ),
  // A person stretching.
  physio: (
    <>
      <circle cx="12" cy="4.5" r="2" />
      <path d="M5 9l7 2 7-2M12 11v4l-3 6M12 15l3 6" />
    </>
  ),
  // A head with a speech bubble.
  psychology: (
    <path d="M9 21v-3H6.5A1.5 1.5 0 0 1 5 16.5V14l-2-1 2-3.5A7 7 0 0 1 19 10c0 2.5-1 4-2 5v6M12 7h4v3h-2l-2 1.5z" />
  ),
  // A capsule.
  pharmacy: <path d="M10.5 20.5a5 5 0 0 1-7-7l7-7a5 5 0 0 1 7 7zM7 10l7 7" />,
  // A tooth.
  dental: (
    <path
      d={
        'M7 3c-2.5 0-4 2-4 4.5 0 3 1.5 4.5 2 7.5.4 2.5 1 6 2.5 6S9.5 16 12 16s3 5 4.5 5 2.1-3.5 2.5-6' +
        'c.5-3 2-4.5 2-7.5C21 5 19.5 3 17 3c-2 0-3 1-5 1S9 3 7 3z'
      }
    />
  ),
  // A spine.
  chiro: <path d="M12 2v20M9 4h6M8.5 8h7M8 12h8M8.5 16h7M9 20h6" />,
  // A hand.
  ot: (
    <path
      d={
        'M7 13V6a1.5 1.5 0 0 1 3 0v5M10 11V4.5a1.5 1.5 0 0 1 3 0V11M13 11V5.5a1.5 1.5 0 0 1 3 0V12' +
        'M16 12V8.5a1.5 1.5 0 0 1 3 0V15a7 7 0 0 1-7 7h-1a6 6 0 0 1-5-2.7L3.5 15a1.5 1.5 0 0 1 2.5-1.7L7 15'
      }
    />
  ),
  // A car.
  travel: (
    <>
      <path d="M3 16v-4l2-5h14l2 5v4H3zM3 12h18" />
      <circle cx="7.5" cy="17.5" r="1.5" />
      <circle cx="16.5" cy="17.5" r="1.5" />
    </>
  ),
  // A house with a broom line.
  household: <path d="M3 11l9-7 9 7M5 9.5V20h14V9.5M9 20v-5h6v5" />,
  // An adult and a child.
  childcare: (
    <>
      <circle cx="8" cy="5" r="2" />
      <circle cx="16.5" cy="10" r="1.5" />
      <path d="M8 7v7M8 10l-3 2M8 10l4 1M8 14l-2 7M8 14l2 7M16.5 11.5V16M16.5 16l-1.5 5M16.5 16l1.5 5" />
    </>
  ),
  // A person helping another.
  attendant: (
    <>
      <circle cx="7" cy="5" r="2" />
      <circle cx="17" cy="5" r="2" />
      <path d="M7 7v7l-1.5 7M7 14l1.5 7M17 7v7l-1.5 7M17 14l1.5 7M7 10h10" />
    </>
  ),
  // A wheelchair.
  equipment: (
    <>
      <circle cx="9" cy="4" r="1.5" />
      <path d="M9 7v6h6l2 5h2M9 10h5" />
      <path d="M13 16.5A5 5 0 1 1 6 11" />
    </>
  ),
  // A house with a ramp.
  modifications: <path d="M3 20V10l7-5.5L17 10v3M3 20h18l-6-6v6M7 20v-5h4v5" />,
  // A person walking with a rising line.
  rehab: (
    <>
      <circle cx="12" cy="4.5" r="2" />
      <path d="M12 7l-1 6 3 3v5M11 13l-3 8M9 9l-3 3M13 9l3 2" />
    </>
  ),
  // A wallet.
  income: <path d="M3 7h15a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7zM3 7l11-3v3M15 13.5h5" />,
};

function isServiceIconName(name: string): name is ServiceIconName {
  return (SERVICE_ICONS as readonly string[]).includes(name);
}

export function ServiceIcon({ name, className }: { name: string; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={isServiceIconName(name) ? name : 'circle'}
    >
      {isServiceIconName(name) ? drawings[name] : <circle cx="12" cy="12" r="8" />}
    </svg>
  );
}
