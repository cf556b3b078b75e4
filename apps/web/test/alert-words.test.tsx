/** The alert's words: the number to quote, the catalogue's guidance, the unexpected-form alert. */
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertEntryText } from '../src/components/alert-entry-text.tsx';
import { catalogueGuidance } from '../src/components/alert-guidance.ts';
import { showUnexpectedFormError } from '../src/components/alert-unexpected.ts';
import { clearAlerts, getAlerts } from '../src/lib/feedback/alerts.ts';

afterEach(() => clearAlerts());

describe('AlertEntryText', () => {
  it('gives the number to quote on the help line instead of "Error Code N"', () => {
    const { container } = render(<AlertEntryText entry={{ message: 'Provide valid login details', code: 101 }} />);
    expect(container.textContent).toBe('Provide valid login detailsIf you call us on 1300 654 329, quote error 101.');
    expect(container.querySelector('a')?.getAttribute('href')).toMatch(/^tel:/);
    expect(container.textContent).not.toContain('Error Code');
  });

  it("adds the catalogue's Reason and Action for errors 1 and 2 where the caller gives them", () => {
    const entry = { message: 'Your request could not be completed.', detail: 'Unprocessable Request', code: 2 };
    const { container } = render(<AlertEntryText entry={entry} guidanceOf={catalogueGuidance} />);
    expect(container.textContent).toContain('Reason: Required parameters were missing.');
    expect(container.textContent).toContain('Action: Contact support if it persists.');
    const one = render(<AlertEntryText entry={{ ...entry, code: 1 }} guidanceOf={catalogueGuidance} />).container;
    expect(one.textContent).toContain('Reason: Target could be offline or request invalid.');
    expect(one.textContent).toContain('Action: Contact support if the issue persists for a long period.');
    const three = render(<AlertEntryText entry={{ ...entry, code: 3 }} guidanceOf={catalogueGuidance} />).container;
    expect(three.textContent).not.toContain('Reason:');
  });
});

describe('the unexpected form error', () => {
  it("is spec 001 §8's text with the configured provider and help line", () => {
    showUnexpectedFormError();
    expect(getAlerts().map((a) => a.entries)).toEqual([
      [
        {
          message:
            'Unexpected Form Error. Please try the following steps: Reload page, Load page in a different browser, Call TAC on 1300 654 329',
        },
      ],
    ]);
  });
});
