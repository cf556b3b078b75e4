import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, financialYearLabel } from '@portal/contracts';
import type { Deps } from '../../deps.ts';
import { bindEndpoint } from '../session/endpoint.ts';
import { contentDisposition } from '../uploads/service.ts';
import { findClaimTasks } from './claimant-decisions.ts';
import { findPaymentsPage, findPaymentsSummary, findSentItemProgress } from './service.ts';
import { buildStatement, renderCsv } from './statement-data.ts';
import { renderPdf } from './statement.ts';

/**
 * A PDF statement costs hundreds of milliseconds of CPU: 10 downloads in 10 minutes per account is
 * plenty for a claimant (a few years, each as PDF and CSV) and bounds what one session can cost.
 * Per account, not per address, so claimants behind one address do not share it (docs/security.md).
 */
export const STATEMENT_LIMIT = { max: 10, timeWindow: 10 * 60_000 };

export function paymentRoutes(app: FastifyInstance, deps: Deps): void {
  bindEndpoint(app, deps, ENDPOINTS.getPayments, ({ claimId, body }) =>
    findPaymentsPage(deps, claimId, { offset: body.Offset, amount: body.Amount, financialYear: body.FinancialYear }),
  );
  bindEndpoint(app, deps, ENDPOINTS.getSentItemProgress, ({ auth, claimId, body }) =>
    findSentItemProgress(deps, auth, claimId, body.SentItemId),
  );
  bindEndpoint(app, deps, ENDPOINTS.getPaymentsSummary, ({ auth, claimId }) =>
    findPaymentsSummary(deps, auth, claimId),
  );
  bindEndpoint(app, deps, ENDPOINTS.getClaimTasks, ({ auth, claimId }) => findClaimTasks(deps, auth, claimId));
  bindEndpoint(
    app,
    deps,
    ENDPOINTS.getPaymentStatement,
    async ({ claimId, body, reply }) => {
      const statement = await buildStatement(deps, claimId, body.FinancialYear);
      const pdf = body.Format === 'pdf';
      const bytes = pdf ? await renderPdf(deps, statement, deps.clock.now()) : renderCsv(statement);
      const name = `payments-${statement.claimNumber.replace('/', '-')}-${financialYearLabel(body.FinancialYear).replace('–', '-')}.${body.Format}`;
      return reply
        .headers({
          'content-type': pdf ? 'application/pdf' : 'text/csv; charset=utf-8',
          'content-length': String(bytes.length),
          'content-disposition': contentDisposition(name),
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
          'cache-control': 'no-store',
        })
        .send(bytes);
    },
    { accountRateLimit: STATEMENT_LIMIT },
  );
}
