Feature: R7 Trace display
  Traces are printed inline as the replay proceeds: after their echo line in step mode, in report order in
  continue mode, as an indented hierarchy, in the operator's units and job-id formatting.

  @R7.1
  Scenario: In step mode a trace follows its decision's echo line at once
    Given the recording "features/recordings/trace-basics.yaml"
    When I run the commands:
      """
      trace on 1
      step 2
      """
    Then the output contains these lines in order:
      """
      round 1 #1 dispatch 1 -> h1*2
        trace of 1: round 1, position 1, level summary
        outcome: dispatched to 1 host
      round 1 #2 pend 3: cluster-limit: user_slots[user=ann] slots
      """
    And the output does not contain "trace of 3"

  @R7.2
  Scenario: In step mode a no-decision trace appears where the decision would have been echoed
    Given the recording "features/recordings/trace-outcomes.yaml"
    When I run the commands:
      """
      trace on 4
      step 3
      """
    Then the output contains these lines in order:
      """
      round 1 #1 dispatch 1 -> h1*3 h2*2
        trace of 4: round 1, position 3, level summary
        outcome: no decision: the job has no scheduling object (its resource requirement could not be parsed): at position 8: section 'select' has no closing ']' in 'select['
        trace of 4: round 2, position 2, level summary
      replay finished after 2 rounds at t=10: 2 dispatched, 2 finished, 0 running, 4 pending
      """

  @R7.3
  Scenario: In continue mode a traced decision ends the collapsed range, reconstructed dispatches first
    # Rounds 2-3 are alike and still held as a range when round 4 reports its first (traced) decision.
    Given the recording "features/recordings/trace-continue.yaml"
    When I run the commands:
      """
      trace on 5 6
      break round 5
      continue
      """
    Then the output is:
      """
      trace on for jobs 5-6, level summary, at most 1000 lines per decision (from the next session)
      breakpoint 1: round 5
      round 1 t=10: 1 dispatched (1), 1 pended (2)
      rounds 2-3 t=20-30: 0 dispatched, 1 pended (2) each (2 rounds)
      round 4 dispatch 6 -> c*1 (reconstructed)
        trace of 6: round 4, reconstructed dispatch, level summary
        dispatched by the simulator's reconstruction of a recorded allocation, not by the scheduler's own placement: no selection, requirement, plan or host sections
        outcome: dispatched to 1 host
          c: slots 1
          shared resources: none
          cluster-wide limit charges: none
      round 4 #2 pend 5: resource-shortfall on 2 hosts
        trace of 5: round 4, position 2, level summary
        selection: round 4, position 2; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 35
          cluster-wide limits: none; host-scoped limits are reported with each host's verdict
        requirement: single, tasks min 3 max 3, requests slots only: not satisfied
          plan 1: 1 host, tasks per position [3]: discarded: a position needs 3 slots but no open host has more than 2
          plan 2: 2 hosts, tasks per position [2,1]: tried
            position 1: not filled; hosts rejected: resource shortfall 2
            nearest misses: a (slots short by 2), c (slots short by 2)
          plan 2: failed: position 1 could not be filled; no position filled, 3 of 3 tasks unplaced
          plan 3: 3 hosts, tasks per position [1,1,1]: discarded: needs 3 hosts but only 2 are open
          no plan could be placed
        outcome: pended, 2 pend reasons
          a: resource-shortfall slots
          c: resource-shortfall slots
      round 4 t=40: 1 dispatched (6), 2 pended (2 5)
      breakpoint 1 (round 5): stopped before round 5 at t=50
      """

  @R7.4
  Scenario: In continue mode a round with a traced decision is never collapsed
    # Without tracing, rounds 2-3 and 5-11 would each be one range line (job 2 waits for job 1 until t=110).
    Given the recording "features/recordings/trace-continue.yaml"
    When I run the commands:
      """
      trace on 2
      continue
      """
    Then the output contains these lines in order:
      """
      round 2 #1 pend 2: resource-shortfall on 2 hosts
      round 2 t=20: 0 dispatched, 1 pended (2)
      round 3 #1 pend 2: resource-shortfall on 2 hosts
      round 3 t=30: 0 dispatched, 1 pended (2)
      round 5 t=50: 0 dispatched, 2 pended (2 5)
      round 6 #1 pend 2: resource-shortfall on 2 hosts
      round 6 t=60: 0 dispatched, 2 pended (2 5)
      """
    And the output does not contain "rounds 2-3"
    And the output does not contain "rounds 5-"

  @R7.6
  Scenario: A trace is an indented hierarchy from selection to outcome
    Given the recording "features/recordings/trace-hosts.yaml"
    When I run the commands:
      """
      trace on 2 level full
      step 2
      """
    Then the trace of job 2 in round 1 is:
      """
      trace of 2: round 1, position 2, level full
      selection: round 1, position 2; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      requirement: single, tasks min 3 max 3, requests mem 2GB per task, select[type==X86]: satisfied
        plan 1: 1 host, tasks per position [3]: tried
          position 1 (3 tasks)
            h1: resource shortfall (host check): slots total 4, used 2, reserved 0, requested 3
            h2: limit exceeded (pre-filter): h2_slots[hosts=h2,user=ann] slots value 1, usage 0, reserved 0, requested 3; not performed: host check
            h3: selection mismatch (pre-filter): select[type==X86]; not performed: host check
            h4: selection mismatch (pre-filter): host closed; not performed: select, capacity, limit values, host check
          position 1: not filled
          nearest misses: h1 (slots short by 1), h2 (h2_slots[hosts=h2,user=ann] slots over by 2)
        plan 1: failed: position 1 could not be filled; no position filled, 3 of 3 tasks unplaced
        plan 2: 2 hosts, tasks per position [2,1]: tried
          position 1 (2 tasks)
            h1: accepted
          position 1: filled by h1
          position 2 (1 task)
            h1: already claimed
            h2: accepted
          position 2: filled by h2
        plan 2: committed; no further plans tried
      outcome: dispatched to 2 hosts
        h1: slots 2, mem 4GB
        h2: slots 1, mem 2GB; limit charges: h2_slots[hosts=h2,user=ann] slots 1
        shared resources: none
        cluster-wide limit charges: none
      """

  @R7.7
  Scenario Outline: Traces follow the units mode and the REPL's job-id formatting
    Given the demo recording
    When I run the commands:
      """
      set units <mode>
      trace on 107[2] 107[1] 107[4]
      step 12
      """
    Then the output contains the line "trace on for jobs 107[1-2,4], level summary, at most 1000 lines per decision (from the next session)"
    And the trace of job 107[2] in round 3 contains these lines in order:
      """
      trace of 107[2]: round 3, position 4, level summary
      requirement: single, tasks min 1 max 1, requests mem <amount> per task: satisfied
      outcome: dispatched to 1 host
        hostB: slots 1, mem <amount>
      """

    Examples:
      | mode | amount  |
      | raw  | 12288   |
      | MB   | 12288MB |
      | GB   | 12GB    |
      | auto | 12GB    |
