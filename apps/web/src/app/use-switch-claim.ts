/** SWITCH CLAIM (spec 000 §4): deselect the claim; on a truthy answer go to /claims. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useDeselectClaim } from '../lib/api/deselect-claim.ts';
import { useClaims } from '../lib/api/get-claims.ts';

export function useSwitchClaim(): { switchClaim: () => Promise<void>; pending: boolean } {
  const navigate = useNavigate();
  const { selectedClaim } = useClaims();
  const deselect = useDeselectClaim();
  const { mutateAsync, isPending } = deselect;
  const switchClaim = useCallback(async () => {
    // The button stays enabled (a disabled button would drop keyboard focus); ignore repeats.
    if (isPending) return;
    try {
      const cleared = await mutateAsync(selectedClaim);
      if (cleared) await navigate('/claims');
    } catch {
      // The request layer has shown the alert (or forced a logout).
    }
  }, [isPending, mutateAsync, navigate, selectedClaim]);
  return { switchClaim, pending: deselect.isPending };
}
