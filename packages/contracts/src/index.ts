export * from './constants.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './fields.ts';
export * from './calendar.ts';
export * from './intl.ts';
export * from './api/index.ts';
export * from './provider/index.ts';
