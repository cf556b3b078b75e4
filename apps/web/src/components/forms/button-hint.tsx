/**
 * The live hint beside a button that cannot be used until its form is complete (spec
 * 000 §5 "disabled until …", 001 §4): it lists what is still needed, is announced politely as it
 * changes (a polite live region, present from the first render so that changes are read), and the
 * button is described by it (aria-describedby={id}) while the button cannot be used. It keeps its
 * line when there is nothing to say, and it is held still while a press is under way (lib/
 * steady-while-pressed.ts), so the button never moves between press and release.
 */
import { useSteadyWhilePressed } from '../../lib/feedback/steady-while-pressed.ts';

/** 'a', 'a and b', 'a, b and c'. */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The hint's words: while sending, `busy`; when something is still needed, `lead` followed by the
 * list ("To sign in, enter your username and your password."), or `text` when it is given; '' when
 * the button can be used.
 */
export function buttonHintText({
  needed,
  lead,
  text,
  busy,
}: {
  needed: readonly string[];
  lead?: string | undefined;
  text?: string | undefined;
  busy?: string | false | undefined;
}): string {
  if (busy) return busy;
  if (needed.length === 0) return '';
  if (text) return text;
  const sentence = `${lead ?? 'Still needed:'} ${listOf(needed)}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

type ButtonHintProps = Parameters<typeof buttonHintText>[0] & {
  /** The id the button's aria-describedby names. */
  id: string;
  className?: string | undefined;
  'data-testid'?: string;
};

export function ButtonHint({ id, className, needed, lead, text, busy, ...rest }: ButtonHintProps) {
  const words = useSteadyWhilePressed(buttonHintText({ needed, lead, text, busy }));
  return (
    <p id={id} className={className} aria-live="polite" data-testid={rest['data-testid'] ?? id}>
      {words || '\u00a0'}
    </p>
  );
}
