/**
 * The clock of the messaging screens (STYLE.md rule 7: time is injected). Components take a
 * `clock` prop defaulting to the system clock, so a test can put the call line at any moment.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
