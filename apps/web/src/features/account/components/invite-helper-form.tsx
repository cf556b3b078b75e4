/**
 * "Invite someone to help": their name, their e-mail address or mobile number, which of the
 * claimant's claims, View or View and send (each said in a sentence), and an optional last day
 * typed as people type dates (dd/mm/yyyy). A press with problems lists them in the form's error
 * summary, each linked to its field and said at the field; so is the server's refusal (a claim
 * that already has 5 helpers: the catalogue's words).
 *
 * The invitation spends the Security step-up's secure token. The parent asks for one before the
 * form opens; a refusal after the token was checked has spent it, so the next press asks again
 * (`needToken`) and the invitation goes as soon as the token is there.
 */
import { ErrorNumber, type Claim } from '@portal/contracts';
import { useState } from 'react';
import { Controller, useForm, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { DateInput } from '../../../components/date-input.tsx';
import { fieldEntries } from '../../../components/error-summary.tsx';
import { Field } from '../../../components/form-field.tsx';
import { applyServerErrors } from '../../../components/forms/apply-server-errors.ts';
import { RadioGroup } from '../../../components/forms/radio-group.tsx';
import { SummaryForm } from '../../../components/forms/summary-form.tsx';
import { useErrorSummary } from '../../../components/forms/use-error-summary.ts';
import { formatLongDate } from '../../../lib/content/dates.ts';
import type { RequestError } from '../../../lib/request/request-error.ts';
import { inviteHelper } from '../api/helper-changes.ts';
import { INVITE_SCOPES, SCOPE_NAMES, SCOPE_SENTENCES } from '../helper-words.ts';
import {
  INVITE_FIELD_IDS,
  SERVER_FIELDS,
  inviteResolver,
  type InviteOutput,
  type InviteValues,
} from '../invite-helper.ts';
import styles from './helpers.module.css';
import { useSendWhenToken } from './use-send-when-token.ts';

type InviteHelperFormProps = {
  /** The claimant's own claims (not those they help with). */
  claims: readonly Claim[];
  /** The step-up's token; null once spent. */
  secureToken: string | null;
  /** Asks for a new step-up; the form sends what was pressed when the token arrives. */
  needToken: () => void;
  /** The token was spent by the server. */
  spent: () => void;
  onInvited: (name: string) => void;
  onCancel: () => void;
};

function problems(found: FieldErrors<InviteValues>) {
  return fieldEntries(
    (Object.keys(INVITE_FIELD_IDS) as (keyof InviteValues)[]).map((name) => ({
      fieldId: INVITE_FIELD_IDS[name],
      message: found[name]?.message,
    })),
  );
}

const SERVER_FIELD_IDS = Object.fromEntries(Object.entries(SERVER_FIELDS).map(([k, f]) => [k, INVITE_FIELD_IDS[f]]));

/** The server's refusal: each item about a field said at that field, and every item listed in the summary. */
function serverProblems(error: RequestError, setError: (name: keyof InviteValues, message: string) => void) {
  return applyServerErrors(error, {
    fieldIds: SERVER_FIELD_IDS,
    setError: ({ field, message }) => {
      const name = SERVER_FIELDS[field];
      if (name) setError(name, message);
    },
  }).entries;
}

/** A claim as the claims list shows it: its number, the day of the accident and where, when known. */
function claimLabel(claim: Claim): string {
  return [`Claim ${claim.Number}`, formatLongDate(claim.Date), claim.Location].filter(Boolean).join(', ');
}

const SCOPE_OPTIONS = INVITE_SCOPES.map((scope) => ({
  value: scope,
  label: `${SCOPE_NAMES[scope]}. ${SCOPE_SENTENCES[scope]}`,
  id: `helper-invite-scope-${scope.toLowerCase()}`,
  testId: `helper-invite-scope-${scope.toLowerCase()}`,
}));

export function InviteHelperForm({
  claims,
  secureToken,
  needToken,
  spent,
  onInvited,
  onCancel,
}: InviteHelperFormProps) {
  const { control, register, handleSubmit, setError, formState } = useForm<InviteValues, unknown, InviteOutput>({
    resolver: inviteResolver,
    mode: 'onTouched',
    shouldFocusError: false, // a press with problems focuses the error summary instead
    defaultValues: {
      Name: '',
      Contact: '',
      ClaimNumber: claims.length === 1 ? (claims[0]?.Number ?? '') : '',
      Scope: null,
      EndsOn: '',
    },
  });
  const { errors, isSubmitting } = formState;
  const { summary, show, send } = useErrorSummary();
  const [sending, setSending] = useState(false);
  const busy = isSubmitting || sending;

  const invite = async (values: InviteOutput, token: string) => {
    setSending(true);
    await send(
      async () => {
        await inviteHelper({ ...values, SecureToken: token });
        onInvited(values.Name);
      },
      {
        onFormError: (error) => {
          // A refusal of the request's shape comes before the token is checked; any other spends it.
          if (!error.items.every((item) => item.Number === ErrorNumber.Validation)) spent();
          // The token was no longer good (its 15 minutes ran out): a new step-up, then this invitation goes.
          if (error.items.some((item) => item.Number === ErrorNumber.SecureTokenRequired)) waitForToken(values);
          return serverProblems(error, (name, message) => setError(name, { type: 'server', message }));
        },
      },
    );
    setSending(false);
  };

  // What was pressed while there was no token: sent once the step-up gives one.
  const waitForToken = useSendWhenToken<InviteOutput>(secureToken, invite, needToken);

  const onValid = async (values: InviteOutput) => {
    if (!secureToken) {
      waitForToken(values);
      return;
    }
    await invite(values, secureToken);
  };

  return (
    <SummaryForm
      name="helper-invite"
      legend="Invite someone to help"
      summary={summary}
      submitting={busy}
      classNames={{ form: styles.form, fieldset: styles.fieldset }}
      onSubmit={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        void handleSubmit(onValid, (found) => show(problems(found)))(event);
      }}
    >
      <InviteFields claims={claims} control={control} register={register} errors={errors} />
      <div className={styles.row}>
        <button type="submit" className="button" data-testid="helper-invite-submit">
          {busy ? 'Sending…' : 'Send the invitation'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={onCancel}
          data-testid="helper-invite-cancel"
        >
          Cancel
        </button>
      </div>
    </SummaryForm>
  );
}

type InviteFieldsProps = {
  claims: readonly Claim[];
  control: Control<InviteValues, unknown, InviteOutput>;
  register: UseFormRegister<InviteValues>;
  errors: FieldErrors<InviteValues>;
};

function InviteFields({ claims, control, register, errors }: InviteFieldsProps) {
  return (
    <>
      <Field id={INVITE_FIELD_IDS.Name} label="Their name" error={errors.Name?.message} required>
        {(c) => (
          <input
            {...c}
            {...register('Name')}
            type="text"
            autoComplete="off"
            className={styles.input}
            data-testid="helper-invite-name"
          />
        )}
      </Field>
      <Field
        id={INVITE_FIELD_IDS.Contact}
        label="Their e-mail address or mobile number"
        hint="We send the invitation here. It works once, for 14 days."
        error={errors.Contact?.message}
        required
      >
        {(c) => (
          <input
            {...c}
            {...register('Contact')}
            type="text"
            autoComplete="off"
            className={styles.input}
            data-testid="helper-invite-contact"
          />
        )}
      </Field>
      <Field id={INVITE_FIELD_IDS.ClaimNumber} label="Which claim" error={errors.ClaimNumber?.message} required>
        {(c) => (
          <select {...c} {...register('ClaimNumber')} data-testid="helper-invite-claim">
            <option value="">Please select</option>
            {claims.map((claim) => (
              <option key={claim.Number} value={claim.Number}>
                {claimLabel(claim)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Controller
        control={control}
        name="Scope"
        render={({ field }) => (
          <RadioGroup
            legend="What they can do"
            idPrefix="helper-invite-scope"
            name="helper-invite-scope"
            options={SCOPE_OPTIONS}
            value={field.value}
            onChange={field.onChange}
            error={errors.Scope?.message}
            data-testid="helper-invite-scope"
          />
        )}
      />
      <Field
        id={INVITE_FIELD_IDS.EndsOn}
        label="Last day of access (optional)"
        hint="dd/mm/yyyy, for example 31/01/2027. Leave it empty to keep their access until you end it."
        error={errors.EndsOn?.message}
      >
        {(c) => (
          <DateInput
            {...c}
            {...register('EndsOn')}
            placeholder="dd/mm/yyyy"
            className={styles.short}
            data-testid="helper-invite-ends-on"
          />
        )}
      </Field>
    </>
  );
}
