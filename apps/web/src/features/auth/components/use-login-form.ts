/**
 * The sign-in form's state, checked with the contracts' LoginRequest (STYLE.md rule 1) the way the
 * other forms' react-hook-form + zodResolver check theirs ('onTouched': a field's message shows once
 * it has been left, then follows every change; a submit shows them all), with one difference: a
 * field that was never typed in shows no message when it is left. Tabbing past the empty username
 * on the way to the password (or to a link) is not a mistake, and 'Email not found, try again.'
 * would only alarm; the hint beside Sign in already says what is still needed.
 *
 * Why not react-hook-form here: /login is the page every claimant lands on, and its first download
 * has a budget (≤ 125 KB gzip of JavaScript, bench/bundle-check.ts). React, react-dom and the router
 * take ~96 KB of it; react-hook-form (~10 KB) and zod (~23 KB, however few schemas are used) do not
 * fit beside the shell. So the page arrives with this small hook, and LoginRequest — with zod — is
 * downloaded when the claimant first uses the form (focus or typing), before it can be sent.
 */
import { CLIENT_MESSAGES } from '@portal/contracts';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { AlertEntry } from '../../../lib/request/request-error.ts';
import { loadLoginSchemas, type LoginValues } from '../api/login.ts';

export type LoginFields = { EmailAddress: string; Password: string; RememberMe: boolean };
type Name = keyof LoginFields;
type Messages = Partial<Record<Name, string>>;

const NAMES: readonly Name[] = ['EmailAddress', 'Password', 'RememberMe'];
const DEFAULTS: LoginFields = { EmailAddress: '', Password: '', RememberMe: false };

/** Shown when the form's rules could not be downloaded (offline, or the connection dropped). */
export const RULES_UNAVAILABLE: AlertEntry[] = [
  {
    message: CLIENT_MESSAGES.requestNotCompleted,
    detail: 'The service could not be reached. Please check your internet connection.',
  },
];

type Check = { data: LoginValues; messages: Messages } | { data: undefined; messages: Messages };

async function check(values: LoginFields): Promise<Check> {
  const { LoginRequest } = await loadLoginSchemas();
  const result = LoginRequest.safeParse(values);
  if (result.success) return { data: result.data, messages: {} };
  const messages: Messages = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    // The first message of each field, as zodResolver reports it.
    if (typeof name === 'string' && (NAMES as readonly string[]).includes(name))
      messages[name as Name] ??= issue.message;
  }
  return { data: undefined, messages };
}

export function useLoginForm(onSubmit: (values: LoginValues) => Promise<void>) {
  const [values, setValues] = useState<LoginFields>(DEFAULTS);
  const [messages, setMessages] = useState<Messages>({});
  /** Fields whose message is shown: left once, or the form was submitted. */
  const [shown, setShown] = useState<ReadonlySet<Name>>(new Set());
  const [isValid, setIsValid] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [rulesUnavailable, setRulesUnavailable] = useState(false);
  const latest = useRef(values);
  const submitted = useRef(false);
  /** Fields the claimant has typed in (or changed) since the form opened or the field was reset. */
  const typed = useRef<Set<Name>>(new Set());
  const checks = useRef(0);
  const inputs = useRef<Partial<Record<Name, HTMLInputElement | null>>>({});
  /** Each field's ref callback, made once (so React does not re-attach them on every render). */
  const [refs] = useState(
    () =>
      Object.fromEntries(
        NAMES.map((name) => [name, (element: HTMLInputElement | null) => void (inputs.current[name] = element)]),
      ) as Record<Name, (element: HTMLInputElement | null) => void>,
  );

  const show = useCallback((names: readonly Name[], on: boolean) => {
    setShown((before) => {
      const next = new Set(before);
      for (const name of names) {
        if (on) next.add(name);
        else next.delete(name);
      }
      return next;
    });
  }, []);

  /** Checks the current values; only the newest check updates the form. */
  const validate = useCallback(async (): Promise<Check | undefined> => {
    const id = (checks.current += 1);
    let result: Check;
    try {
      result = await check(latest.current);
    } catch {
      if (id === checks.current) {
        setIsValid(false);
        setRulesUnavailable(true);
      }
      return undefined;
    }
    if (id === checks.current) {
      setMessages(result.messages);
      setIsValid(result.data !== undefined);
      setRulesUnavailable(false);
    }
    return result;
  }, []);

  const setValue = useCallback(
    <N extends Name>(name: N, value: LoginFields[N]) => {
      latest.current = { ...latest.current, [name]: value };
      setValues(latest.current);
      typed.current.add(name);
      if (submitted.current) show([name], true);
      void validate();
    },
    [show, validate],
  );

  const leave = useCallback(
    (name: Name) => {
      if (typed.current.has(name)) show([name], true);
      void validate();
    },
    [show, validate],
  );

  /** Clears a field, its message and its "left" state (as react-hook-form's resetField). */
  const resetField = useCallback(
    (name: Name) => {
      latest.current = { ...latest.current, [name]: DEFAULTS[name] };
      setValues(latest.current);
      typed.current.delete(name);
      show([name], false);
      void validate();
    },
    [show, validate],
  );

  const setFocus = useCallback((name: Name) => inputs.current[name]?.focus(), []);

  const handleSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (isSubmitting) return;
      submitted.current = true;
      show(NAMES, true);
      setIsSubmitting(true);
      void (async () => {
        try {
          const result = await validate();
          if (!result) return;
          if (result.data === undefined) {
            const first = NAMES.find((name) => result.messages[name]);
            if (first) setFocus(first);
            return;
          }
          await onSubmit(result.data);
        } finally {
          setIsSubmitting(false);
        }
      })();
    },
    [isSubmitting, onSubmit, setFocus, show, validate],
  );

  /** Starts downloading the rules as soon as the claimant turns to the form. */
  const prepare = useCallback(() => {
    void loadLoginSchemas().catch(() => undefined);
  }, []);

  return {
    values,
    /** Each field's message from the last check, shown or not (what the sign-in button still needs). */
    messages,
    /** The message of a field, once it is shown. */
    errorOf: (name: Name) => (shown.has(name) ? messages[name] : undefined),
    isValid,
    isSubmitting,
    rulesUnavailable,
    setValue,
    leave,
    resetField,
    setFocus,
    handleSubmit,
    prepare,
    refs,
  };
}
