import type { Envelope } from '../../shared/wire';
import { SUCCESS } from '../../shared/wire';

/** The success envelope. */
export function ok<T>(data: T): Envelope<T> {
  return { code: SUCCESS, msg: null, data };
}
