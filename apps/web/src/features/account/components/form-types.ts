import type { Account } from '@portal/contracts';
import type { ComponentType } from 'react';
import type { UpdateOutcome } from '../sections.ts';

/** What every edit view of My Details is given (inline on /account, or on app mode's page). */
export type EditFormProps<A = Account> = {
  /** The account (My Details), or what a helper with Act sees of the claimant's (ClaimantDetails). */
  account: A;
  /** Inline editing moves focus to the first field when the form opens. */
  autoFocus?: boolean;
  onCancel: () => void;
  /** The save has finished: go to the toast of its outcome. */
  onDone: (outcome: UpdateOutcome) => void | Promise<void>;
};

/** An edit view as a page or a block opens it; a secure one uses the secure token of its verified code. */
export type EditForm = ComponentType<EditFormProps & { secureToken: string }>;
