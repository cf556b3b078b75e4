/** What a press changes waits until the press has become a click (lib/feedback/steady-while-pressed.ts). */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSteadyWhilePressed } from '../src/lib/feedback/steady-while-pressed.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A field that shows its message when left, and a button below it (as on the survey check). */
function Form({ onSend }: { onSend: () => void }) {
  const [message, setMessage] = useState<string | undefined>(undefined);
  const shown = useSteadyWhilePressed(message);
  return (
    <>
      {shown ? <p data-testid="message">{shown}</p> : null}
      <input data-testid="field" onBlur={() => setMessage('Enter a valid Date of Birth')} />
      <button type="button" data-testid="send" onClick={onSend}>
        Submit
      </button>
    </>
  );
}

describe('useSteadyWhilePressed', () => {
  it('keeps a message that a press makes appear until the click has been handled', () => {
    vi.useFakeTimers();
    const onSend = vi.fn();
    render(<Form onSend={onSend} />);
    const button = screen.getByTestId('send');
    fireEvent.pointerDown(button, { isPrimary: true, button: 0 });
    // The press leaves the field: its message is due, but not while the button is held down.
    fireEvent.blur(screen.getByTestId('field'));
    expect(screen.queryByTestId('message')).toBeNull();
    fireEvent.pointerUp(button, { isPrimary: true, button: 0 });
    fireEvent.click(button);
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('message')).toBeNull();
    act(() => vi.runOnlyPendingTimers());
    expect(screen.getByTestId('message').textContent).toBe('Enter a valid Date of Birth');
  });

  it('lets go of a press that never became a click, and shows changes at once when nothing is pressed', () => {
    vi.useFakeTimers();
    render(<Form onSend={() => undefined} />);
    fireEvent.pointerDown(document.body, { isPrimary: true, button: 0 });
    fireEvent.blur(screen.getByTestId('field'));
    fireEvent.pointerCancel(document.body, { isPrimary: true });
    expect(screen.getByTestId('message').textContent).toBe('Enter a valid Date of Birth');
  });
});
