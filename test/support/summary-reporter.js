/**
 * Ends a Jest run with one plain line, "Tests: N passed, N failed, N skipped", that CI reads. Written as the
 * process exits so it is the last line, after Jest's own summary.
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.once('exit', () => {
      process.stderr.write(`Tests: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped\n`);
    });
  }
}
module.exports = SummaryReporter;
