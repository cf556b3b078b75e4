/** What a form says when it puts back changes this device kept (use-form-draft.ts, use-local-draft.ts). */
import { useEffect, useState } from 'react';

export const RESTORED_MESSAGE = 'We restored the changes you made on this device';

/**
 * RESTORED_MESSAGE once a restored form is on screen (so the live region exists before its text
 * arrives), else ''.
 */
export function useRestoredNotice(loaded: boolean, restored: boolean): string {
  const [notice, setNotice] = useState('');
  useEffect(() => {
    if (loaded && restored) setNotice(RESTORED_MESSAGE);
  }, [loaded, restored]);
  return notice;
}
