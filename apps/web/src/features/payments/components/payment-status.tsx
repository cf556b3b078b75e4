/** A payment's status in words, with a shape beside it (never colour alone): tick paid, dot scheduled, cross cancelled, warning returned. */
import type { ClaimantPayment } from '@portal/contracts';
import { Icon, type IconName } from '../../../components/icon.tsx';
import { statusText } from '../lib/payment-text.ts';
import styles from './payments.module.css';

const ICON: Record<ClaimantPayment['Status'], IconName> = {
  paid: 'tick',
  scheduled: 'dot',
  cancelled: 'close',
  returned: 'warning',
};

export function PaymentStatus({ status }: { status: ClaimantPayment['Status'] }) {
  return (
    <span className={styles.status} data-status={status} data-testid="payment-status">
      <Icon name={ICON[status]} />
      {statusText(status)}
    </span>
  );
}
