import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Test files that start real server processes and wait on real time (retries, restarts, kills):
 * the longest files of the suite. They go first, so they overlap with everything else instead of
 * running alone at the end: before a run has cached its durations, Vitest orders by file size,
 * which puts these small files last.
 */
const processTests = [
  /\/src\/server\/test\/faults\//,
  /\/src\/server\/test\/scale\//,
  /\/src\/server\/main\.test\.ts$/,
  /\/src\/server\/email\/campaign-restart\.test\.ts$/,
  /\/src\/server\/auth\/user-create-cli\.test\.ts$/,
];

export class ProcessTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => processTests.some((pattern) => pattern.test(spec.moduleId));
    return [...sorted.filter(first), ...sorted.filter((spec) => !first(spec))];
  }
}
