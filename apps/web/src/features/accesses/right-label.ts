import { RIGHTS, type Right } from '@salon/contract/rights-rules';

const isRight = (value: string): value is Right => (RIGHTS as readonly string[]).includes(value);

// A right's label key in the accesses namespace; a right the cabinet does not know shows as is.
export function rightLabelKey(right: string): `rights.labels.${Right}` | null {
  return isRight(right) ? `rights.labels.${right}` : null;
}
