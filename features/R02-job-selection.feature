Feature: R2 Job selection explanation
  Each traced decision explains why the job was considered when it was: session, position, ordering keys and the
  cluster-wide limits that apply to it.

  Background:
    Given the recording "features/recordings/trace-basics.yaml"

  @R2.1
  Scenario: The trace names the session and the job's 1-based position in it
    When I run the commands:
      """
      trace on 3
      step 2
      """
    Then the output contains these lines in order:
      """
      round 1 #2 pend 3: cluster-limit: user_slots[user=ann] slots
        trace of 3: round 1, position 2, level summary
        selection: round 1, position 2; policy fcfs: queue normal, queue priority 10, job priority 0, queue time 0
      """

  @R2.2
  Scenario: The ordering policy and the job's keys with their values
    # Job 2 is in queue low (priority 1) with job priority 3: it comes after every job of queue normal.
    When I run the commands:
      """
      trace on 2
      step 4
      """
    Then the output contains the line "  selection: round 1, position 4; policy fcfs: queue low, queue priority 1, job priority 3, queue time 0"

  @R2.3
  Scenario: The cluster-wide limits matched before placement, and a note on host-scoped limits
    # Job 1 (ann, 2 slots) already runs when job 3 is selected, so ann's usage is 2 of 6.
    When I run the commands:
      """
      trace on 3
      step 2
      """
    Then the output contains the line "    cluster-wide limits: user_slots[user=ann] slots usage 2 of 6; host-scoped limits are reported with each host's verdict"

  @R2.4
  Scenario Outline: A selection that produces no decision says which case occurred
    Given the recording "features/recordings/trace-outcomes.yaml"
    When I run the commands:
      """
      trace on <job>
      step 3
      """
    Then the trace of job <job> in round 1 contains these lines in order:
      """
      trace of <job>: round 1, position <position>, level summary
      <selection>
      outcome: no decision: <outcome>
      """

    Examples:
      | job | position | selection                                                                                                 | outcome                                                                                               |
      | 3   | 2        | selection: round 1, position 2, job 3; ordering keys and limits unavailable                                | the job could not be found by the allocator                                                           |
      | 4   | 3        | selection: round 1, position 3; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0 | the job has no scheduling object (its resource requirement could not be parsed): at position 8: section 'select' has no closing ']' in 'select[' |
      | 5   | 4        | selection: round 1, position 4; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0 | the allocation attempt ended in an internal error: the requirement evaluation ended in an internal error |
      | 6   | 5        | selection: round 1, position 5; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0 | the job was pended without any pend reason                                                            |

  @R2.4
  Scenario: A job without a scheduling object shows its selection without limits, stated unavailable
    Given the recording "features/recordings/trace-outcomes.yaml"
    When I run the commands:
      """
      trace on 4
      step 3
      """
    Then the trace of job 4 in round 1 is:
      """
      trace of 4: round 1, position 3, level summary
      selection: round 1, position 3; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: unavailable (the job has no scheduling object)
      outcome: no decision: the job has no scheduling object (its resource requirement could not be parsed): at position 8: section 'select' has no closing ']' in 'select['
      """

  @R2.5
  Scenario: A reconstructed dispatch is stated in place of the selection, requirement, plan and host sections
    Given the recording "features/recordings/trace-outcomes.yaml"
    When I run the commands:
      """
      trace on 2
      step
      """
    Then the output is:
      """
      trace on for jobs 2, level summary, at most 1000 lines per decision (from the next session)
      round 1 dispatch 2 -> h2*1 (reconstructed)
        trace of 2: round 1, reconstructed dispatch, level summary
        dispatched by the simulator's reconstruction of a recorded allocation, not by the scheduler's own placement: no selection, requirement, plan or host sections
        outcome: dispatched to 1 host
          h2: slots 1, mem 512MB; limit charges: per_host_slots[host=h2] slots 1
          shared resources: none
          cluster-wide limit charges: user_lic[user=ann] slots 1
      """

  @R2.4
  Scenario: A decision that cannot be built is a no-decision of kind internal error; nothing is committed
    # Kills: the decision-build fault check dropped (2 would be dispatched), or its holds committed anyway.
    # Job 2's plan commits, then building the decision fails: no decision, and h1 stays free (info host).
    Given the recording "features/recordings/trace-scan-faults.yaml"
    When I run the commands:
      """
      trace on 2
      continue
      info host h1
      """
    Then the trace of job 2 in round 1 contains these lines in order:
      """
      trace of 2: round 1, position 2, level summary
      requirement: single, tasks min 1 max 1, requests slots only: satisfied
        plan 1: committed; no further plans tried
      outcome: no decision: the allocation attempt ended in an internal error: decision build: injected fault at decision-build
      """
    And the output contains the line "  slots: 0 used of 1"
    And the output does not contain "dispatch 2"

  @R2.1
  Scenario: Positions count no-decision selections and never reconstructed dispatches
    # Kills: `enumerate(order, start=1)` -> `start=2` in run_session, and positions counted over decisions only.
    # Round 1: job 1 is re-applied from the recording (no position), job 2 (no scheduling object) is selected
    # at position 1 and gets no decision, so job 3 is at position 2.
    Given a recording:
      """
      cluster:
        hosts:
          - {name: h1, slots: 4}
      events:
        - {time: 0, submit: {id: 1, run_time: 5}}
        - {time: 0, dispatch: {job: 1, hosts: {h1: {slots: 1}}}}
        - {time: 0, submit: {id: 2, resreq: "select[", run_time: 5}}
        - {time: 0, submit: {id: 3, run_time: 5}}
      """
    When I run the commands:
      """
      trace on 3
      step 2
      """
    Then the output contains these lines in order:
      """
      round 1 dispatch 1 -> h1*1 (reconstructed)
      round 1 #2 dispatch 3 -> h1*1
        trace of 3: round 1, position 2, level summary
        selection: round 1, position 2; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
      """
