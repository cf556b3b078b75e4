/**
 * A change that needs the Security step-up's secure token (inviting a helper, letting one do more):
 * what was pressed while there was no token waits here, and is sent once, as soon as a new token
 * arrives. `wait` keeps it and asks for the step-up; a token that arrives with nothing waiting
 * sends nothing.
 */
import { useEffect, useRef } from 'react';

export function useSendWhenToken<T>(
  secureToken: string | null,
  send: (value: T, token: string) => Promise<void>,
  needToken: () => void,
): (value: T) => void {
  const waiting = useRef<{ value: T } | null>(null);
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    if (!secureToken || !waiting.current) return;
    const { value } = waiting.current;
    waiting.current = null;
    void sendRef.current(value, secureToken);
  }, [secureToken]);
  return (value: T) => {
    waiting.current = { value };
    needToken();
  };
}
