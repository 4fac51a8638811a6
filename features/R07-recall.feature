Feature: R7 Trace recall
  Traces printed up to a breakpoint are recallable and none later; info trace re-prints a job's latest stored trace
  at its captured level in the current units, for arrays each element's, and says when there is none.

  @R7.5
  Scenario: At a breakpoint the round's traces so far are printed and recallable, no later one
    Given the demo recording
    When I run the commands:
      """
      trace on all
      break job 107[2]
      continue
      info trace 107[2]
      info trace 107[3]
      """
    Then the output contains these lines in order:
      """
      round 3 #4 dispatch 107[2] -> hostB*1
        trace of 107[2]: round 3, position 4, level summary
      breakpoint 1 (job 107[2]): stopped after the decision for 107[2]
        trace of 107[2]: round 3, position 4, level summary
      job 107[3]: no trace available; the job is pending; 'why 107[3]' explains it now, 'trace on 107[3]' from the next session
      """
    And the output does not contain "trace of 107[3]"

  @R7.8
  Scenario: Info trace re-prints the latest trace at its captured level in the current units, after the job is done
    Given the demo recording
    When I run the commands:
      """
      trace on 101 level full
      continue
      set units MB
      info job 101
      info trace 101
      """
    Then the output contains these lines in order:
      """
      job 101: finished at t=100 (started t=0)
        trace of 101: round 1, position 2, level full
        requirement: single, tasks min 4 max 4, requests mem 4096MB per task, select[type==X86_64]: satisfied
              hostA: accepted
          hostA: slots 4, mem 16384MB
      """

  @R7.9
  Scenario: Info trace on an array prints each element's trace and marks discarded ones
    # A store bound of 3000 bytes keeps only the newest of the elements' traces (each is about 1500 bytes).
    Given the demo recording
    When I run the commands with the trace store bound 3000:
      """
      trace on 107
      continue
      info trace 107
      """
    Then the output contains these lines in order:
      """
      job 107[1]: its trace was discarded under the trace store's memory bound
      job 107[2]: its trace was discarded under the trace store's memory bound
      job 107[3]: its trace was discarded under the trace store's memory bound
        trace of 107[4]: round 3, position 6, level summary
      """

  @R7.9
  Scenario: Info trace on an array with no stored trace lists the elements' states
    Given the demo recording
    When I run the commands:
      """
      step 9
      info trace 107
      """
    Then the output contains these lines in order:
      """
      array 107: no element has a stored trace
        job 107[1]: running on hostA
        job 107[4]: pending
      """

  @R7.10
  Scenario: A new trace of a job replaces its stored trace
    Given the demo recording
    When I run the commands:
      """
      trace on 104
      break round 4
      continue
      info trace 104
      """
    Then the output contains these lines in order:
      """
      breakpoint 1 (round 4): stopped before round 4 at t=30
        trace of 104: round 3, position 1, level summary
      """
    And the output contains the line "  trace of 104: round 2, position 1, level summary"

  @R7.11
  Scenario: A job with no trace gets its state; an unknown job is said to be unknown
    Given the demo recording
    When I run the commands:
      """
      step 3
      info trace 103
      info trace 102
      info trace 4242
      info trace 12x
      """
    Then the output contains these lines in order:
      """
      job 103: no trace available; the job is pending; 'why 103' explains it now, 'trace on 103' from the next session
      job 102: no trace available; the job is running on hostA hostC
      job 4242: unknown; no trace available
      error: info trace: malformed job id '12x'
      """
