import { LIMITS } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  answerConfirm,
  getCurrentConfirm,
  leaveSiteMessage,
  openExternal,
  requestConfirm,
  resolveConfirmAnswer,
} from '../src/lib/feedback/confirm.ts';

function answerCurrent(answer: boolean, elapsedMs: number): void {
  const current = getCurrentConfirm();
  if (!current) throw new Error('no confirmation pending');
  answerConfirm(current.id, answer, elapsedMs);
}

describe('leave-site confirmation: the 50 ms rule (spec 000 §2)', () => {
  it('an answer in under 50 ms counts as suppressed: the action proceeds', () => {
    expect(resolveConfirmAnswer(false, 0)).toBe(true);
    expect(resolveConfirmAnswer(false, LIMITS.confirmSuppressedMs - 0.1)).toBe(true);
    expect(resolveConfirmAnswer(true, 10)).toBe(true);
  });

  it('from 50 ms on, the answer counts', () => {
    expect(resolveConfirmAnswer(false, LIMITS.confirmSuppressedMs)).toBe(false);
    expect(resolveConfirmAnswer(false, 2_000)).toBe(false);
    expect(resolveConfirmAnswer(true, 2_000)).toBe(true);
  });

  it('names the provider in the question', () => {
    expect(leaveSiteMessage()).toBe(
      'You are about to leave the website of the Transport Accident Commission. Do you wish to continue?',
    );
  });

  it('resolves the pending request with the rule applied', async () => {
    const pending = requestConfirm({ title: 'Leaving', message: 'm' });
    answerCurrent(false, 5);
    await expect(pending).resolves.toBe(true);
  });

  it('openExternal opens a new tab only when the claimant proceeds', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const first = openExternal('https://www.example.com');
    answerCurrent(false, 500);
    await expect(first).resolves.toBe(false);
    expect(open).not.toHaveBeenCalled();
    const second = openExternal('https://www.example.com');
    answerCurrent(true, 500);
    await expect(second).resolves.toBe(true);
    expect(open).toHaveBeenCalledWith('https://www.example.com', '_blank', 'noopener,noreferrer');
  });
});
