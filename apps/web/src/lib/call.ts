/** The typed call, as every caller imports it: the types of ./call-types.ts and the function of ./request.ts. */
export type * from './call-types.ts';
export { call } from './request.ts';
