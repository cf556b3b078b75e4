/**
 * POST /api/payments/getstatement: a financial year's payments statement, as a PDF or a CSV
 * (the bytes, like downloadfile). A failure is the request layer's: its alert says why and the
 * call rejects.
 */
import { filenameFromDisposition } from '../../../lib/uploads/upload.ts';
import { call } from '../../../lib/request/call.ts';

export type StatementFormat = 'pdf' | 'csv';

export async function getPaymentStatement(
  financialYear: number,
  format: StatementFormat,
): Promise<{ blob: Blob; filename: string | undefined }> {
  const answer = await call(
    'getPaymentStatement',
    { FinancialYear: financialYear, Format: format },
    { binary: true, loadingMessage: 'Preparing your statement' },
  );
  return { blob: answer.blob, filename: filenameFromDisposition(answer.disposition) };
}
