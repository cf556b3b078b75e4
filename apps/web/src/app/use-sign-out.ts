/** Sign out (spec 000 §4): logout call (cleared before and after), then /login — even if the call fails. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../lib/api/logout.ts';
import { queryKeys } from '../lib/api/query-keys.ts';
import { forgetDraftsOnSignOut } from '../lib/draft-mirror.ts';

export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    void forgetDraftsOnSignOut(queryClient);
    await logout({ loadingMessage: 'Signing you out…' });
    queryClient.removeQueries({ queryKey: queryKeys.all });
    await navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
