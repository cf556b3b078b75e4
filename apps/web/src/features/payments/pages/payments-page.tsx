/**
 * /payments: what the provider has paid on the selected claim and what it has scheduled.
 * Upcoming payments first (soonest first), then the history newest first, ten at a time; a
 * financial-year filter (1 July – 30 June; this year by default, or all years) with the year's
 * total and taxable part, and its statement as a PDF and a CSV. The chosen year is in the
 * address (?year=2025, ?year=all), so Back and a bookmark keep it.
 */
import { financialYearLabel } from '@portal/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Field } from '../../../components/form-field.tsx';
import { Icon } from '../../../components/icon.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { useLoadMore } from '../../../components/use-load-more.ts';
import { useClaims } from '../../../lib/api/get-claims.ts';
import { usePayments, type ClaimantPayment, type PaymentsPageData } from '../api/get-payments.ts';
import { PaymentsTable, paymentDomId } from '../components/payments-table.tsx';
import { StatementDownloads } from '../components/statement-downloads.tsx';
import { YearTotals } from '../components/year-totals.tsx';
import { ALL_YEARS, currentFinancialYear, financialYearChoices, listedFinancialYear } from '../lib/financial-year.ts';
import { splitUpcoming } from '../lib/payment-text.ts';
import styles from '../components/payments.module.css';

function itemsOf(pages: readonly PaymentsPageData[] | undefined): ClaimantPayment[] {
  return (pages ?? []).flatMap((p) => p.Items);
}

/** The loaded pages as the page shows them: upcoming first (the first page says how many), then the history of how many. */
function paymentsOf(pages: readonly PaymentsPageData[] | undefined) {
  const upcomingCount = pages?.[0]?.Upcoming ?? 0;
  return {
    ...splitUpcoming(itemsOf(pages), upcomingCount),
    historyTotal: Math.max(0, (pages?.at(-1)?.Total ?? 0) - upcomingCount),
  };
}

export function PaymentsPage() {
  const { selectedClaim } = useClaims();
  const claimNumber = selectedClaim?.Number;
  const [searchParams, setSearchParams] = useSearchParams();
  const [current] = useState(() => currentFinancialYear());
  const yearParam = searchParams.get('year');
  const financialYear = listedFinancialYear(yearParam, current);
  const payments = usePayments(claimNumber, financialYear);
  const more = useLoadMore(payments, {
    itemsOf,
    idOf: (p) => p.PaymentId,
    domId: paymentDomId,
    statusOf: (_items, loaded) => {
      const { history: shown, historyTotal: of } = paymentsOf(loaded);
      return `Showing ${shown.length} of ${of} past payments`;
    },
  });

  const pages = payments.data?.pages;
  const first = pages?.[0];
  const { upcoming, history, historyTotal } = paymentsOf(pages);
  const choices = financialYearChoices(first?.FinancialYears ?? [], current);
  if (financialYear !== undefined && !choices.includes(financialYear)) choices.unshift(financialYear);
  const yearName = financialYear === undefined ? 'all years' : financialYearLabel(financialYear);

  const onYear = (value: string) => {
    more.clearStatus();
    setSearchParams(
      (currentParams) => {
        const next = new URLSearchParams(currentParams);
        next.set('year', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <div className={styles.page} data-testid="payments-page">
      <p className={styles.intro}>
        What we have paid on this claim, to you and to others for you, and the payments we have scheduled. Amounts are
        in Australian dollars.
      </p>

      <section className={styles.yearBox} aria-labelledby="payments-year-heading" data-testid="payments-year">
        <h2 id="payments-year-heading" className={styles.heading}>
          Financial year
        </h2>
        <div className={styles.yearFilter}>
          <Field
            label="Show payments for"
            id="payments-year-filter"
            hint="A financial year runs from 1 July to 30 June."
          >
            {(control) => (
              <select
                {...control}
                value={financialYear === undefined ? ALL_YEARS : String(financialYear)}
                onChange={(e) => onYear(e.currentTarget.value)}
                data-testid="payments-year-filter"
              >
                {choices.map((y) => (
                  <option key={y} value={String(y)}>
                    {financialYearLabel(y)}
                  </option>
                ))}
                <option value={ALL_YEARS}>All years</option>
              </select>
            )}
          </Field>
        </div>
        {financialYear === undefined ? (
          <p className={styles.note}>Choose a financial year to see its total and download its statement.</p>
        ) : (
          <>
            {first?.YearTotals ? <YearTotals totals={first.YearTotals} /> : null}
            <StatementDownloads financialYear={financialYear} />
          </>
        )}
      </section>

      {payments.data ? (
        <>
          <section className={styles.section} aria-labelledby="payments-upcoming-heading">
            <h2 id="payments-upcoming-heading" className={styles.heading}>
              Upcoming payments
            </h2>
            {upcoming.length > 0 ? (
              <PaymentsTable
                caption={`Payments we have scheduled (${yearName}), soonest first`}
                payments={upcoming}
                testId="payments-upcoming"
              />
            ) : (
              <p className={styles.empty} data-testid="payments-upcoming-empty">
                There are no payments scheduled {financialYear === undefined ? 'on this claim' : `in ${yearName}`}.
              </p>
            )}
          </section>

          <section className={styles.section} aria-labelledby="payments-history-heading">
            <h2 id="payments-history-heading" className={styles.heading}>
              Payment history
            </h2>
            {history.length > 0 ? (
              <>
                <p className={styles.note} data-testid="payments-showing">
                  Showing {history.length} of {historyTotal} past payments, newest first.
                </p>
                <PaymentsTable
                  caption={`Payments made (${yearName}), newest first`}
                  payments={history}
                  testId="payments-history"
                  focusableRows
                />
              </>
            ) : upcoming.length > 0 && payments.hasNextPage ? null : (
              <p className={styles.empty} data-testid="payments-history-empty">
                {financialYear === undefined
                  ? 'There are no payments to show on this claim yet.'
                  : `There are no payments to show for ${yearName}. Choose another year to see earlier payments.`}
              </p>
            )}
            <LoadMore
              hasMore={payments.hasNextPage}
              loading={payments.isFetchingNextPage}
              onLoadMore={() => void more.loadMore(upcoming.length + history.length)}
              status={more.status}
              what="payments"
              testId="payments-load-more"
            />
          </section>
        </>
      ) : payments.isError ? (
        <div className="callout callout--warning" data-testid="payments-error">
          <Icon name="warning" />
          <div>
            <p>
              Sorry, we could not load your payments just now. Check your internet connection and try again. If it keeps
              happening, call us on <PhoneLink />.
            </p>
            <p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void payments.refetch()}
                disabled={payments.isFetching}
              >
                {payments.isFetching ? 'Trying again…' : 'Try again'}
              </button>
            </p>
          </div>
        </div>
      ) : (
        <p role="status" className={styles.loading} data-testid="payments-loading">
          Loading your payments…
        </p>
      )}
    </div>
  );
}
