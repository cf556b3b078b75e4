/**
 * The date field as people type it: every spelling key by key and pasted, with and without the
 * slashes the field adds, caret edits, Backspace and Delete over a slash, autofill, a keyboard
 * that inserts a whole suggestion, Enter without leaving the field. Each time, what the field
 * shows is what the form holds.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, dateOfBirth } from '@portal/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DateInput } from '../src/components/date-input.tsx';

const Schema = z.object({ DateOfBirth: dateOfBirth(() => '2026-06-01') });
type Values = { DateOfBirth: string };

/** The field as registration, recovery, the survey and My Details use it (react-hook-form). */
function RegisteredHarness({ onSend, initial = '' }: { onSend: (values: Values) => void; initial?: string }) {
  const { register, handleSubmit, watch, formState } = useForm<Values, unknown, Values>({
    resolver: zodResolver(Schema, undefined, { raw: true }),
    mode: 'onTouched',
    defaultValues: { DateOfBirth: initial },
  });
  return (
    <form onSubmit={handleSubmit(onSend)} noValidate>
      <label htmlFor="dob">Date of birth</label>
      <DateInput id="dob" {...register('DateOfBirth')} />
      <output data-testid="held">{watch('DateOfBirth')}</output>
      <p data-testid="error">{formState.errors.DateOfBirth?.message}</p>
      <button type="submit">Submit</button>
    </form>
  );
}

/** The field as the receipts use it (a controlled value). */
function ControlledHarness({ onSend, initial = '' }: { onSend: (value: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(value);
      }}
    >
      <label htmlFor="dob">Date of purchase</label>
      <DateInput id="dob" value={value} onChange={(event) => setValue(event.currentTarget.value)} />
      <output data-testid="held">{value}</output>
      <button type="submit">Submit</button>
    </form>
  );
}

const field = () => screen.getByLabelText(/Date of/) as HTMLInputElement;
const held = () => screen.getByTestId('held').textContent;

const SPELLINGS = [
  '01/02/1980',
  '1/2/1980',
  '01-02-1980',
  '1-2-1980',
  '01.02.1980',
  '1.2.1980',
  '01 02 1980',
  '1 2 1980',
  '01021980',
  '01/2/1980',
  '1/02/1980',
];

/** Renders the harness and types the text key by key, checking the form after every key. */
async function typeKeyByKey(harness: 'registered' | 'controlled', text: string) {
  const user = userEvent.setup();
  const onSend = vi.fn();
  render(harness === 'registered' ? <RegisteredHarness onSend={onSend} /> : <ControlledHarness onSend={onSend} />);
  await user.click(field());
  for (const key of text) {
    await user.keyboard(key === ' ' ? ' ' : key);
    expect(held(), `after '${key}' of '${text}'`).toBe(field().value);
  }
  return { user, onSend };
}

describe.each(['registered', 'controlled'] as const)('a date typed key by key (%s field)', (harness) => {
  it.each(SPELLINGS)('%s shows and holds 01/02/1980, and is sent so with Enter', async (text) => {
    const { user, onSend } = await typeKeyByKey(harness, text);
    expect(field().value).toBe('01/02/1980');
    await user.keyboard('{Enter}');
    if (harness === 'registered') expect(onSend).toHaveBeenCalledWith({ DateOfBirth: '01/02/1980' }, expect.anything());
    else expect(onSend).toHaveBeenCalledWith('01/02/1980');
  });

  it('adds the slash after the day and the month, and a typed slash after it does not double it', async () => {
    const user = userEvent.setup();
    render(harness === 'registered' ? <RegisteredHarness onSend={vi.fn()} /> : <ControlledHarness onSend={vi.fn()} />);
    await user.type(field(), '01');
    expect(field().value).toBe('01/');
    await user.type(field(), '/');
    expect(field().value).toBe('01/');
    await user.type(field(), '02-');
    expect(field().value).toBe('01/02/');
    expect(field().selectionStart).toBe(6);
    await user.type(field(), '19800');
    expect(field().value).toBe('01/02/1980');
    expect(held()).toBe('01/02/1980');
  });
});

describe('a date pasted or filled in whole', () => {
  it.each([
    ['01/02/1980'],
    ['1/2/1980'],
    ['01-02-1980'],
    ['01.02.1980'],
    ['01 02 1980'],
    ['01021980'],
    ['  01/02/1980  '],
    ['1980-02-01'],
    ['０１／０２／１９８０'],
  ])('%j pasted shows and holds 01/02/1980', async (text) => {
    const user = userEvent.setup();
    render(<RegisteredHarness onSend={vi.fn()} />);
    await user.click(field());
    await user.paste(text);
    expect(field().value).toBe('01/02/1980');
    expect(held()).toBe('01/02/1980');
  });

  it('a whole date pasted after a part already typed takes its place', async () => {
    const user = userEvent.setup();
    render(<ControlledHarness onSend={vi.fn()} />);
    await user.type(field(), '01');
    await user.paste('01/02/1980');
    expect(field().value).toBe('01/02/1980');
    expect(held()).toBe('01/02/1980');
  });

  it('an autofilled ISO date (no beforeinput) is turned round', () => {
    render(<RegisteredHarness onSend={vi.fn()} />);
    fireEvent.change(field(), { target: { value: '1980-02-01' } });
    expect(field().value).toBe('01/02/1980');
    expect(held()).toBe('01/02/1980');
  });

  it('a keyboard that inserts a whole suggestion at once (insertText) is read as a paste', () => {
    render(<ControlledHarness onSend={vi.fn()} />);
    const input = field();
    input.focus();
    input.dispatchEvent(new InputEvent('beforeinput', { inputType: 'insertText', data: '1.2.1980', bubbles: true }));
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setValue?.call(input, '1.2.1980');
    input.dispatchEvent(new InputEvent('input', { inputType: 'insertText', data: '1.2.1980', bubbles: true }));
    expect(input.value).toBe('01/02/1980');
    expect(held()).toBe('01/02/1980');
  });
});

describe('editing inside a date', () => {
  async function withDate(value = '01/02/1980') {
    const user = userEvent.setup();
    render(<ControlledHarness onSend={vi.fn()} initial={value} />);
    await user.click(field());
    const at = async (start: number, end = start) => {
      field().setSelectionRange(start, end);
      return user;
    };
    return { user, at };
  }

  it('changes a digit of the day without moving anything else', async () => {
    const { at } = await withDate();
    await (await at(2)).keyboard('{Backspace}');
    expect(field().value).toBe('0/02/1980');
    expect(field().selectionStart).toBe(1);
    await (await at(1)).keyboard('3');
    expect(field().value).toBe('03/02/1980');
    expect(field().selectionStart).toBe(2);
    expect(held()).toBe('03/02/1980');
  });

  it('steps back over a slash with Backspace, and forward over it with Delete', async () => {
    const { user, at } = await withDate();
    await (await at(3)).keyboard('{Backspace}');
    expect(field().value).toBe('01/02/1980');
    expect(field().selectionStart).toBe(2);
    await user.keyboard('{Backspace}');
    expect(field().value).toBe('0/02/1980');
    await user.keyboard('1');
    await (await at(2)).keyboard('{Delete}');
    expect(field().value).toBe('01/02/1980');
    expect(field().selectionStart).toBe(3);
    await user.keyboard('{Delete}');
    expect(field().value).toBe('01/2/1980');
  });

  it('refuses a digit typed into a full day that would push the month along', async () => {
    const { user, at } = await withDate();
    await (await at(1)).keyboard('5');
    expect(field().value).toBe('01/02/1980');
    expect(field().selectionStart).toBe(1);
    await user.keyboard('{Backspace}5');
    expect(field().value).toBe('51/02/1980');
  });

  it('keeps the month empty when its digits are taken out, and takes new ones there', async () => {
    const { user, at } = await withDate();
    await (await at(3, 5)).keyboard('{Backspace}');
    expect(field().value).toBe('01//1980');
    expect(field().selectionStart).toBe(3);
    await user.keyboard('03');
    expect(field().value).toBe('01/03/1980');
    expect(held()).toBe('01/03/1980');
  });

  it('a digit typed at the end of a full day goes on into an empty month', async () => {
    const { user, at } = await withDate('01//1980');
    await (await at(2)).keyboard('0');
    expect(field().value).toBe('01/0/1980');
    await user.keyboard('4');
    expect(field().value).toBe('01/04/1980');
  });

  it('types over a selected day and month', async () => {
    const { user, at } = await withDate();
    await (await at(0, 6)).keyboard('15');
    expect(field().value).toBe('15//1980');
    await user.keyboard('/6/');
    expect(field().value).toBe('15/06/1980');
  });

  it('Backspace from the end takes every character out, slashes too', async () => {
    const { user } = await withDate();
    await user.keyboard('{End}');
    for (let i = 0; i < 10; i += 1) await user.keyboard('{Backspace}');
    expect(field().value).toBe('');
    expect(held()).toBe('');
  });

  it('a typed separator in the middle of the year changes nothing', async () => {
    const { at } = await withDate();
    await (await at(8)).keyboard('/');
    expect(field().value).toBe('01/02/1980');
    expect(field().selectionStart).toBe(8);
  });
});

describe('what the rule then says', () => {
  it('a 2-digit year is not guessed: the message asks for it in full', async () => {
    const user = userEvent.setup();
    render(<RegisteredHarness onSend={vi.fn()} />);
    await user.type(field(), '1/2/80');
    await user.tab();
    expect(field().value).toBe('01/02/80');
    await screen.findByText(MESSAGES.dateOfBirthYearInFull);
    expect(screen.getByTestId('error').textContent).toBe(MESSAGES.dateOfBirthYearInFull);
  });

  it('a pasted date with letters is left as it came, and the message is the format one', async () => {
    const user = userEvent.setup();
    render(<RegisteredHarness onSend={vi.fn()} />);
    await user.click(field());
    await user.paste('1 Feb 1980');
    expect(field().value).toBe('1 Feb 1980');
    expect(held()).toBe('1 Feb 1980');
    await user.tab();
    await screen.findByText(MESSAGES.dateOfBirthFormat);
    expect(screen.getByTestId('error').textContent).toBe(MESSAGES.dateOfBirthFormat);
  });

  it('from a typed letter on, the text is left as typed', async () => {
    const user = userEvent.setup();
    render(<ControlledHarness onSend={vi.fn()} />);
    await user.type(field(), '1 Feb 1980');
    // '1 ' is a day (01/) before the letters come; nothing after them is changed.
    expect(field().value).toBe('01/Feb 1980');
    expect(held()).toBe('01/Feb 1980');
  });

  it('a day left with one digit gains its 0 when the field is left, and the form holds that', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<RegisteredHarness onSend={onSend} initial="01/02/1980" />);
    await user.click(field());
    field().setSelectionRange(1, 1);
    await user.keyboard('{Backspace}');
    expect(field().value).toBe('1/02/1980');
    await user.tab();
    expect(field().value).toBe('01/02/1980');
    expect(held()).toBe('01/02/1980');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSend).toHaveBeenCalledWith({ DateOfBirth: '01/02/1980' }, expect.anything());
  });

  it('Enter sends the tidied date without the field being left, and the field shows it', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<ControlledHarness onSend={onSend} initial="01/02/1980" />);
    await user.click(field());
    field().setSelectionRange(4, 4);
    await user.keyboard('{Backspace}{Enter}');
    expect(field().value).toBe('01/02/1980');
    expect(onSend).toHaveBeenCalledWith('01/02/1980');
  });
});
