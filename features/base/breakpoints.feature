Feature: Breakpoints
  Breakpoints stop before every round, before round N, before the first round at or after time T, or right after
  a job's decision. `info break` lists them with their hits; `delete` removes one or all.

  Scenario: A round breakpoint stops before the round begins, and the range before it is printed
    Given the recording "examples/backlog.yaml"
    When I run the commands:
      """
      break round 4
      continue
      info round
      """
    Then the output is:
      """
      breakpoint 1: round 4
      round 1 t=10: 1 dispatched (1), 2 pended (2-3)
      rounds 2-3 t=20-30: 0 dispatched, 2 pended (2-3) each (2 rounds)
      breakpoint 1 (round 4): stopped before round 4 at t=40
      stopped before round 4 at t=40
      """

  Scenario: A job breakpoint stops right after the job's decision, echoing it
    Given the demo recording
    When I run the commands:
      """
      break job 107
      continue
      continue
      info break
      """
    Then the output contains these lines in order:
      """
      round 3 #3 dispatch 107[1] -> hostA*1
      breakpoint 1 (job 107): stopped after the decision for 107[1]
      round 3 #4 dispatch 107[2] -> hostB*1
      breakpoint 1 (job 107): stopped after the decision for 107[2]
      1: job 107 (hit 2 times)
      """

  Scenario: Time and round-begin breakpoints
    Given the recording "examples/backlog.yaml"
    When I run the commands:
      """
      break time 25
      continue
      delete 1
      break round-begin
      continue
      continue
      """
    Then the output contains these lines in order:
      """
      breakpoint 1 (time 25): stopped before round 3 at t=30
      deleted breakpoint 1
      breakpoint 2: round-begin
      round 3 t=30: 0 dispatched, 2 pended (2-3)
      breakpoint 2 (round-begin): stopped before round 4 at t=40
      round 4 t=40: 0 dispatched, 2 pended (2-3)
      breakpoint 2 (round-begin): stopped before round 5 at t=50
      """

  Scenario Outline: Bad breakpoints are refused and nothing is set
    Given the demo recording
    When I run the commands:
      """
      break <args>
      info break
      """
    Then the output is:
      """
      error: <error>
      no breakpoints
      """

    Examples:
      | args            | error                                                     |
      | round 0         | break round: '0' is not a round number (1 or more)       |
      | job 12x         | break job: malformed job id '12x'                          |
      | time -1         | break time: '-1' is not a time (a number of seconds, 0 or more) |
      | sometimes       | break: expected round-begin, round N, job JOBID or time T |
      | round-begin 3   | break: expected round-begin, round N, job JOBID or time T |

  Scenario: Deleting breakpoints
    Given the demo recording
    When I run the commands:
      """
      break round 2
      break job 101
      delete 7
      delete
      info break
      """
    Then the output is:
      """
      breakpoint 1: round 2
      breakpoint 2: job 101
      error: delete: no breakpoint 7
      deleted all breakpoints
      no breakpoints
      """
