/** The live hint beside a button that waits for its form (components/forms/button-hint.tsx). */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ButtonHint, buttonHintText, listOf } from '../src/components/forms/button-hint.tsx';

describe('buttonHintText', () => {
  it('lists what is still needed after its lead, as a sentence', () => {
    expect(listOf(['a'])).toBe('a');
    expect(listOf(['a', 'b'])).toBe('a and b');
    expect(listOf(['a', 'b', 'c'])).toBe('a, b and c');
    expect(buttonHintText({ needed: ['your username', 'your password'], lead: 'To sign in, enter' })).toBe(
      'To sign in, enter your username and your password.',
    );
    expect(buttonHintText({ needed: ['x'], lead: 'Still needed: ' })).toBe('Still needed:  x.');
  });

  it('says nothing once nothing is needed, the busy text while sending, and a fixed text when given', () => {
    expect(buttonHintText({ needed: [], lead: 'To sign in, enter' })).toBe('');
    expect(buttonHintText({ needed: ['a signature'], text: 'Draw or type your signature to continue.' })).toBe(
      'Draw or type your signature to continue.',
    );
    expect(buttonHintText({ needed: ['a'], busy: 'Please wait.' })).toBe('Please wait.');
    expect(buttonHintText({ needed: ['a'], busy: false, lead: 'Need' })).toBe('Need a.');
  });
});

/** A form of two fields whose Send waits for both, described by the hint. */
function TwoFields() {
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const needed = [...(first ? [] : ['the first']), ...(second ? [] : ['the second'])];
  return (
    <>
      <input aria-label="First" value={first} onChange={(e) => setFirst(e.target.value)} />
      <input aria-label="Second" value={second} onChange={(e) => setSecond(e.target.value)} />
      <button
        type="button"
        aria-disabled={needed.length > 0 || undefined}
        aria-describedby={needed.length ? 'h' : undefined}
      >
        Send
      </button>
      <ButtonHint id="h" needed={needed} lead="To send, fill in" />
    </>
  );
}

describe('ButtonHint', () => {
  it('is a polite live region that describes the button and follows what is still needed', () => {
    render(<TwoFields />);
    const hint = screen.getByTestId('h');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(hint.getAttribute('aria-live')).toBe('polite');
    expect(hint.id).toBe('h');
    expect(send.getAttribute('aria-describedby')).toBe('h');
    expect(hint.textContent).toBe('To send, fill in the first and the second.');

    act(() => void fireEvent.change(screen.getByLabelText('First'), { target: { value: 'a' } }));
    expect(hint.textContent).toBe('To send, fill in the second.');

    act(() => void fireEvent.change(screen.getByLabelText('Second'), { target: { value: 'b' } }));
    // The line stays (a non-breaking space), so nothing below it moves; the button is no longer described by it.
    expect(screen.getByTestId('h')).toBe(hint);
    expect(hint.textContent).toBe('\u00a0');
    expect(send.getAttribute('aria-describedby')).toBeNull();
  });
});
