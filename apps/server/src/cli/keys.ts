/**
 * `keys rotate`: re-seals every bank number (and every waiting notification) under the current
 * DATA_ENCRYPTION_KEY in the current format, so DATA_ENCRYPTION_KEYS_PREVIOUS can be emptied
 * afterwards (docs/operations/key-rotation.md). Safe to run again, and to run after an interruption.
 */
import { ROTATE_BATCH_SIZE, resealAll, type ResealCount } from '../modules/keys/service.ts';
import { CommandError, UsageError, stringOption, type Command } from './command.ts';

const line = (c: ResealCount) =>
  `${c.place}: ${c.checked} checked, ${c.resealed} re-sealed, ${c.current} already current, ${c.unreadable} unreadable` +
  (c.changedMeanwhile ? `, ${c.changedMeanwhile} changed meanwhile (already current)` : '');

export const keyCommands: Command[] = [
  {
    name: 'keys rotate',
    args: '[--batch N]',
    summary:
      `Re-seals every bank number (and waiting notification) under the current DATA_ENCRYPTION_KEY, ` +
      `${ROTATE_BATCH_SIZE} rows at a time; run again to continue or to check. ` +
      `When it reports nothing unreadable, DATA_ENCRYPTION_KEYS_PREVIOUS can be emptied.`,
    options: { batch: { type: 'string' } },
    async run({ deps }, { values }) {
      const batch = stringOption(values, 'batch');
      const batchSize = batch === undefined ? ROTATE_BATCH_SIZE : Number(batch);
      if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)
        throw new UsageError(`--batch takes a whole number from 1 to 10000, not "${batch}"`);
      const counts = await resealAll(deps.db, deps.cipher, { batchSize });
      const unreadable = counts.reduce((n, c) => n + c.unreadable, 0);
      if (unreadable) {
        throw new CommandError(
          `${unreadable} sealed value${unreadable === 1 ? '' : 's'} could not be opened with any configured key: keep DATA_ENCRYPTION_KEYS_PREVIOUS`,
          [
            ...counts.map(line),
            'Add the key that sealed them to DATA_ENCRYPTION_KEYS_PREVIOUS and run keys rotate again.',
          ],
        );
      }
      return {
        json: {
          KeyId: deps.cipher.keyId,
          Places: counts.map((c) => ({
            Place: c.place,
            Checked: c.checked,
            Resealed: c.resealed,
            Current: c.current,
            Unreadable: c.unreadable,
            ChangedMeanwhile: c.changedMeanwhile,
          })),
        },
        text: [
          ...counts.map(line),
          `Every sealed value is under key ${deps.cipher.keyId}: DATA_ENCRYPTION_KEYS_PREVIOUS can be emptied.`,
        ],
      };
    },
  },
];
