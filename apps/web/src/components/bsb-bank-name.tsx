/**
 * What the BSB look-up found, announced as it changes (role=status): "Checking the BSB…", then the
 * bank's name with where the directory comes from. Bank details in My Details and the
 * reimbursement's someone-else payee both show it.
 */
import { BSB_SOURCE } from '@portal/contracts';

export type BsbAnswer = { state: string; bankName?: string } | null;

export function BsbBankName(props: {
  id: string;
  testId: string;
  answered: BsbAnswer;
  className?: string;
  labelClassName?: string;
  smallPrintClassName?: string;
}) {
  const { answered } = props;
  return (
    <div className={props.className} id={props.id} role="status" data-testid={props.testId}>
      {answered?.state === 'checking' ? (
        <p>Checking the BSB…</p>
      ) : answered?.state === 'found' ? (
        <>
          <p>
            <span className={props.labelClassName}>Bank: </span>
            <strong data-testid={`${props.testId}-value`}>{answered.bankName}</strong>
          </p>
          <p className={props.smallPrintClassName}>{BSB_SOURCE}</p>
        </>
      ) : null}
    </div>
  );
}
