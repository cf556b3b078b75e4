/** BSB look-up (spec 000 §4 "Bank details edit", §7 verifybsb). */
import { z } from 'zod';
import { bsb } from '../fields.ts';
import { requestBody } from './common.ts';

export const VerifyBsbRequest = requestBody({ Bsb: bsb });
/** BankName is empty when the BSB is unknown, closed, merged or cannot take electronic payments. */
export const VerifyBsbResponse = z.object({ BankName: z.string() });

/** Shown wherever a bank name from the directory is displayed (its licence). */
export const BSB_SOURCE = 'Source: AusPayNet BSB Directory';
