import type { AssessmentKind } from '@rianroo/contract';

/**
 * A pre-test without a pass mark (0%) grades nothing: it is never "passed", and so never "not passed" either
 * (PRODUCT.md section 6). Once taken it is done; screens show its score, not a pass or a fail.
 */
export const withoutPassMark = (test: { kind: AssessmentKind; passingScore: number }) =>
  test.kind === 'pre_test' && test.passingScore === 0;
