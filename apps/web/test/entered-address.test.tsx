/** An address entered by hand (components/forms/entered-address.tsx). */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EnteredAddressFields } from '../src/components/forms/entered-address.tsx';

function setup() {
  const onChange = vi.fn();
  const onSearchInstead = vi.fn();
  render(
    <EnteredAddressFields
      legend="Home address"
      id="home"
      error={undefined}
      initial={undefined}
      onChange={onChange}
      onSearchInstead={onSearchInstead}
      testId="home"
    />,
  );
  const type = (part: string, value: string) =>
    fireEvent.change(screen.getByTestId(`home-${part}`), { target: { value } });
  return { onChange, onSearchInstead, type };
}

describe('EnteredAddressFields', () => {
  it('is a value only once every part follows its rule, written as the index writes addresses', () => {
    const { onChange, type } = setup();
    type('street', '7a New Lane');
    type('suburb', 'Glen  Iris');
    type('state', 'VIC');
    type('postcode', '31a4');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect((screen.getByTestId('home-postcode') as HTMLInputElement).value).toBe('314');
    type('postcode', '3146');
    expect(onChange).toHaveBeenLastCalledWith({
      PartialAddress: '7A NEW LANE, GLEN IRIS VIC 3146',
      Entered: { Street: '7a New Lane', Suburb: 'Glen  Iris', State: 'VIC', Postcode: '3146' },
    });
  });

  it("shows a part's message once it is left, and the street carries the summary's link target", () => {
    const { type } = setup();
    type('postcode', '31');
    expect(screen.queryByText('Enter the 4-digit postcode')).toBeNull();
    fireEvent.blur(screen.getByTestId('home-postcode'));
    const message = screen.getByText('Enter the 4-digit postcode');
    expect(screen.getByTestId('home-postcode').getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByTestId('home-street').id).toBe('home');
  });

  it('goes back to the address search', () => {
    const { onSearchInstead } = setup();
    fireEvent.click(screen.getByTestId('home-search-instead'));
    expect(onSearchInstead).toHaveBeenCalledOnce();
  });
});
