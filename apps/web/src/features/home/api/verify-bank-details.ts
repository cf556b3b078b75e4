/** POST /api/account/verifybankdetails — "Yes, these are correct" on the bank banner marks the details as checked (spec 000 §4; decision 027). */
import type { Account } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { call, type CallAnswer } from '../../../lib/request/call.ts';

function verifyBankDetails(): Promise<CallAnswer<'verifyBankDetails'>> {
  return call('verifyBankDetails', {});
}

export function useVerifyBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyBankDetails,
    onSuccess(result) {
      if (!result) return;
      queryClient.setQueryData<Account>(queryKeys.account, (account) =>
        account ? { ...account, BankDetailsVerified: true } : account,
      );
    },
  });
}
