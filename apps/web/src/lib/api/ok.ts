/** The schema of a bare `true` answer, loaded on demand by calls made before zod is needed. */
export { Ok } from '@portal/contracts';
