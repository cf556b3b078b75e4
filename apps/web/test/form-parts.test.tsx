import { LIMITS } from '@portal/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ClaimNumberInput, splitClaimNumber } from '../src/components/claim-number-input.tsx';
import { normaliseDateText } from '../src/components/date-input.tsx';
import { PasswordRules } from '../src/components/password-rules.tsx';
import { descriptionOf } from './helpers.ts';

function ClaimNumberHarness({ onValue }: { onValue?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <ClaimNumberInput
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue?.(v);
        }}
        testId="claim"
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const first = () => screen.getByTestId('claim-first') as HTMLInputElement;
const second = () => screen.getByTestId('claim-second') as HTMLInputElement;

describe('claim number in two parts (spec 001 §5)', () => {
  it('is a labelled group of a 2-digit and a 5-digit part', () => {
    render(<ClaimNumberHarness />);
    const group = screen.getByRole('group', { name: 'Claim number' });
    expect(group.tagName).toBe('FIELDSET');
    expect([descriptionOf(first()), descriptionOf(second())]).toEqual([
      ['For example 12/34567'],
      ['For example 12/34567'],
    ]);
    expect(screen.getByLabelText('First 2 digits')).toBe(first());
    expect(screen.getByLabelText('Last 5 digits')).toBe(second());
    expect(first().getAttribute('inputmode')).toBe('numeric');
  });

  it('moves focus to the second part after 2 digits and joins the value as NN/NNNNN', () => {
    render(<ClaimNumberHarness />);
    first().focus();
    fireEvent.change(first(), { target: { value: '1' } });
    expect(document.activeElement).toBe(first());
    fireEvent.change(first(), { target: { value: '12' } });
    expect(document.activeElement).toBe(second());
    fireEvent.change(second(), { target: { value: '34567' } });
    expect(screen.getByTestId('value').textContent).toBe('12/34567');
  });

  it('keeps digits only, spills extra digits into the second part, splits a pasted number', () => {
    render(<ClaimNumberHarness />);
    fireEvent.change(first(), { target: { value: '1a' } });
    expect(first().value).toBe('1');
    fireEvent.change(first(), { target: { value: '1234' } });
    expect(first().value).toBe('12');
    expect(second().value).toBe('34');
    expect(document.activeElement).toBe(second());
    fireEvent.change(first(), { target: { value: '' } });
    fireEvent.change(second(), { target: { value: '' } });
    expect(screen.getByTestId('value').textContent).toBe('');
    fireEvent.paste(first(), { clipboardData: { getData: () => '98/76543' } });
    expect(first().value).toBe('98');
    expect(second().value).toBe('76543');
  });

  it('Backspace in an empty second part goes back to the first', () => {
    render(<ClaimNumberHarness />);
    fireEvent.change(first(), { target: { value: '12' } });
    expect(document.activeElement).toBe(second());
    fireEvent.keyDown(second(), { key: 'Backspace' });
    expect(document.activeElement).toBe(first());
  });

  it('splits a stored value', () => {
    expect(splitClaimNumber('12/34567')).toEqual(['12', '34567']);
    expect(splitClaimNumber('1/')).toEqual(['1', '']);
    expect(splitClaimNumber('')).toEqual(['', '']);
  });
});

describe('date typed as dd/mm/yyyy', () => {
  it('tidies a date when the field is left', () => {
    expect(normaliseDateText('1/2/1980')).toBe('01/02/1980');
    expect(normaliseDateText('01021980')).toBe('01/02/1980');
    expect(normaliseDateText('1980-02-01')).toBe('01/02/1980');
    expect(normaliseDateText('31/02/1980')).toBe('31/02/1980');
    expect(normaliseDateText('soon')).toBe('soon');
  });
});

describe('password rule box (spec 001 §5)', () => {
  const met = (id: string) => screen.getByTestId(id).getAttribute('data-met');

  it('shows a warning for each rule that is not met and a tick for each that is, as the password changes', () => {
    const { rerender } = render(<PasswordRules id="rules" password="" />);
    expect(met('password-rule-length')).toBe('false');
    expect(met('password-rule-classes')).toBe('false');
    expect(screen.getByTestId('password-rule-length').textContent).toContain(
      `be ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters long`,
    );
    expect(screen.getByTestId('password-rule-length').textContent).toContain('(not met yet)');

    rerender(<PasswordRules id="rules" password="abcdefgh" />);
    expect(met('password-rule-length')).toBe('true');
    expect(met('password-rule-classes')).toBe('false');
    expect(met('password-class-lower')).toBe('true');
    expect(met('password-class-upper')).toBe('false');

    rerender(<PasswordRules id="rules" password="abcdefG1" />);
    expect(met('password-rule-classes')).toBe('true');
    expect(met('password-class-digit')).toBe('true');
    expect(met('password-class-symbol')).toBe('false');
    expect(screen.getByTestId('password-rule-classes').textContent).toContain('(met)');
    expect(screen.getByRole('status').textContent).toBe('Your password meets the rules.');

    rerender(<PasswordRules id="rules" password="abcdefG1#xyzxyzxyz" />);
    expect(met('password-rule-length')).toBe('false');
    expect(met('password-class-symbol')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Your password no longer meets the rules.');
  });

  it('says the password must follow the rules once the field was left invalid', () => {
    render(<PasswordRules id="rules" password="abc" invalid />);
    const followRules = screen.getByText('New Password must follow rules.');
    expect(followRules.tagName).toBe('P');
    expect(screen.getByTestId('password-rules').contains(followRules)).toBe(true);
  });
});
