Feature: Bad input is named in one line
  Bad commands, recordings and files get one error line naming what was wrong, never a traceback, and nothing
  changes.

  Scenario Outline: Commands with a wrong number of arguments are named and change nothing
    # Kills: `len(args) != 1` -> `len(args) > 1` (or the check dropped) in each command's argument test.
    Given the demo recording
    When I run the commands:
      """
      <command>
      show
      """
    Then the output is:
      """
      error: <error>
      units auto
      output none
      breakpoints 0
      continue normal
      """

    Examples:
      | command          | error                                  |
      | info queue A B   | info queue: unexpected argument 'B'    |
      | set output A B   | set output: expected one FILE          |
      | set output       | set output: expected one FILE          |
      | info trace       | info trace: expected one JOBID         |
      | info trace 1 2   | info trace: expected one JOBID         |
      | info job         | info job: expected one JOBID           |
      | set units        | set units: '' is not one of raw, auto, KB, MB, GB, TB |
      | snapshot         | snapshot: expected one FILE            |

  Scenario Outline: A select expression with a bad character right after a value is named, not a crash
    # Kills: the select scanner reading past the end of the text after a value (an IndexError).
    # No space before the bad character: the scanner must still report it (an index past the end once crashed).
    Given a recording:
      """
      cluster:
        hosts:
          - {name: h1, slots: 2, mem: 2G}
      events:
        - {time: 0, submit: {id: 1, resreq: "<resreq>", run_time: 10}}
      """
    When I run the commands:
      """
      trace on 1
      step
      info job 1
      """
    Then the output contains the line "  outcome: no decision: the job has no scheduling object (its resource requirement could not be parsed): <error>"
    And the output does not contain "Traceback"

    Examples:
      | resreq          | error                                                                   |
      | select[mem>4$x] | at position 13: select: unexpected character '$' in 'select[mem>4$x]'   |
      | select[mem>4$]  | at position 13: select: unexpected character '$' in 'select[mem>4$]'    |

  Scenario: A whole requirement of {} has no content: the job is pended without any pend reason
    # Kills: an empty requirement evaluated as an ordinary single one (it would dispatch on h1).
    # {} is an empty alternative (docs/resreq.md): skipped, so nothing is evaluated and no reason is found; the
    # selection ends in no decision of that kind (spec 2.4), never in a dispatch.
    Given a recording:
      """
      cluster:
        hosts:
          - {name: h1, slots: 2}
      events:
        - {time: 0, submit: {id: 1, resreq: "{}", run_time: 10}}
      """
    When I run the commands:
      """
      trace on 1
      step
      """
    Then the output contains these lines in order:
      """
        trace of 1: round 1, position 1, level summary
        requirement: skipped (no requirement content)
        outcome: no decision: the job was pended without any pend reason
      replay finished after 1 rounds at t=0: 0 dispatched, 0 finished, 0 running, 1 pending
      """

  Scenario Outline: A recording with a bad value is named with its place and refused
    # Kills: the boolean check accepting any text, and the limit's at-least-one-resource check dropped.
    Given a recording:
      """
      cluster:
        resources:
          - {name: fast, kind: boolean}
        hosts:
          - {name: h1, slots: 2, fast: <fast>}
        limits:
          - {name: L, per_user: all, resources: <resources>}
      events:
        - {time: 0, submit: {id: 1, run_time: 10}}
      """
    When I run refsim with "sim {tmp}/recording.yaml"
    Then the output is:
      """
      Error: {tmp}/recording.yaml: <error>
      """
    And the exit status is 2

    Examples:
      | fast  | resources    | error                                                                      |
      | maybe | {slots: 1}   | cluster.hosts[0].fast: expected true or false, found text maybe            |
      | 1     | {slots: 1}   | cluster.hosts[0].fast: expected true or false, found a number 1            |
      | true  | {}           | cluster.limits[0].resources: a limit needs at least one resource           |

  Scenario: A reconstructed dispatch onto a host outside a host limit's hosts is not charged to that limit
    # Kills: reconstructed_allocation charging a host limit on hosts outside its host list.
    # L counts ann's slots on h1 only. Job 1 is re-applied on h2: no charge, so job 2 still gets L's one slot on h1.
    Given a recording:
      """
      cluster:
        hosts:
          - {name: h1, slots: 2}
          - {name: h2, slots: 2}
        limits:
          - {name: L, hosts: [h1], per_user: all, resources: {slots: 1}}
      events:
        - {time: 0, submit: {id: 1, user: ann, run_time: 10}}
        - {time: 0, dispatch: {job: 1, hosts: {h2: {slots: 1}}}}
        - {time: 0, submit: {id: 2, user: ann, run_time: 10}}
      """
    When I run the commands:
      """
      trace on all
      step 2
      """
    Then the output contains these lines in order:
      """
      round 1 dispatch 1 -> h2*1 (reconstructed)
        outcome: dispatched to 1 host
          h2: slots 1
      round 1 #1 dispatch 2 -> h1*1
          h1: slots 1; limit charges: L[hosts=h1,user=ann] slots 1
      """
    And the output does not contain "h2: slots 1; limit charges"

  Scenario: Verification reads an output file with blank lines between its records
    # Kills: read_output's blank-line skip dropped (a blank line would be a malformed record).
    Given the demo recording
    When I run refsim with "sim --sim-output {tmp}/out.jsonl"
    And the file "{tmp}/out.jsonl" gets a blank line after each record
    And I run refsim with "sim --sim-verify {tmp}/out.jsonl"
    Then the output contains the line "verify: 29 decisions compared, no mismatch"
    And the exit status is 0

  Scenario: The batch summary ends with the replay's warnings, one line each
    # Kills: summary_lines dropping the warning lines, and the finish-of-a-pending-job warning not raised.
    # Job 2 (4 tasks on 2 slots) is still pending at t=5, so its recorded finish is ignored; job 1 is running
    # at t=6, so its recorded dispatch is ignored; neither changes anything, so neither earns a session: rounds at
    # t=0 (1 runs, 2 pends) and t=10 (1 ends, 2 still pends). Utilisation: 1 slot x 10 s of 2 slots x 10 s. The run
    # itself succeeds.
    Given a recording:
      """
      cluster:
        hosts:
          - {name: h1, slots: 2}
      events:
        - {time: 0, submit: {id: 1, run_time: 10}}
        - {time: 0, submit: {id: 2, tasks: 4, run_time: 10}}
        - {time: 5, finish: 2}
        - {time: 6, dispatch: {job: 1, hosts: {h1: {slots: 1}}}}
      """
    When I run refsim with "sim {tmp}/recording.yaml"
    Then the output is:
      """
      replay of {tmp}/recording.yaml: 2 rounds, simulated time 10
      jobs: 2 submitted, 1 dispatched, 1 finished, 0 running, 1 pending, 0 removed
      utilisation: 50.0%
      queue   jobs  started  finished  wait mean  median  p95  max  bsld mean  bsld max   util  makespan
      normal     2        1         1        0.0     0.0  0.0  0.0       1.00      1.00  50.0%      10.0
      (all)      2        1         1        0.0     0.0  0.0  0.0       1.00      1.00  50.0%      10.0
      warning: t=5: finish of job 2, which is pending, ignored
      warning: t=6: recorded dispatch of job 1, which is running, ignored
      """
    And the exit status is 0
