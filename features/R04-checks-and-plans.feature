Feature: R4 Shared resource and placement plan explanation
  The cluster-wide checks of each requirement and every plan generated: tried, failed at a position, committed,
  discarded, not tried or ended in an internal error.

  @R4.1
  Scenario: Each shared resource checked, with total, used, reserved, requested and result
    Given the recording "features/recordings/trace-outcomes.yaml"
    When I run the commands:
      """
      trace on 1
      step 2
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 5 max 5, requests mem 1GB per task, lic 1 per job: satisfied
        shared lic: total 2, used 0, reserved 0, requested 1: passed
        limit user_lic[user=ann] lic: value 2, usage 0, reserved 0, requested 1: passed
        limit user_lic[user=ann] slots: value 8, usage 1, reserved 0, requested 5: passed
      """

  @R4.2
  Scenario: A cluster-wide limit failure is a limit rejection with its numbers, not a shortfall
    Given the recording "features/recordings/trace-basics.yaml"
    When I run the commands:
      """
      trace on 3
      step 2
      """
    Then the trace of job 3 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 6 max 6, requests slots only: not satisfied
        limit user_slots[user=ann] slots: value 6, usage 2, reserved 0, requested 6: failed: limit rejection
      """
    And the trace of job 3 in round 1 does not contain "shortfall"

  @R4.3
  Scenario: Plans in the order tried, with host count and tasks per position
    Given the recording "features/recordings/trace-basics.yaml"
    When I run the commands:
      """
      trace on 2
      step 4
      """
    Then the trace of job 2 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 4 max 4, requests mem 3GB per task: not satisfied
        plan 1: 1 host, tasks per position [4]: tried
        plan 2: 2 hosts, tasks per position [2,2]: tried
        plan 3: 4 hosts, tasks per position [1,1,1,1]: discarded: needs 4 hosts but only 2 are open
      """

  @R4.4
  Scenario: A tried plan fails at a position, or on an internal error after which no plan is tried
    Given a recording:
      """
      cluster:
        hosts:
          - {name: h1, slots: 2}
          - {name: h2, slots: 2}
      events:
        - {time: 0, submit: {id: 1, tasks: 2, run_time: 5}}
        - {time: 0, submit: {id: 2, tasks: 2, run_time: 5}}
        - {time: 0, submit: {id: 3, tasks: 2, run_time: 5}}
      test:
        faults:
          - {point: host-scan-start, job: 1, plan: 1}
          - {point: plan-build, job: 2, plan: 2}
          - {point: plan-attempt, job: 3, plan: 1}
      """
    When I run the commands:
      """
      trace on all level full
      step 3
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 2 max 2, requests slots only: satisfied
        plan 1: 1 host, tasks per position [2]: tried
          position 1 (2 tasks)
          position 1: not filled: internal error in the host scan: injected fault at host-scan-start
        plan 1: failed: position 1 could not be filled; no position filled, 2 of 2 tasks unplaced
        plan 2: 2 hosts, tasks per position [1,1]: tried
        plan 2: committed; no further plans tried
      """
    And the trace of job 2 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 2 max 2, requests slots only: internal error
        plan 1: failed: position 1 could not be filled; no position filled, 2 of 2 tasks unplaced
        plan 2: 2 hosts, tasks per position [1,1]: not tried: internal error: injected fault at plan-build; no further plans tried
      """
    And the trace of job 3 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 2 max 2, requests slots only: internal error
        plan 1: 1 host, tasks per position [2]: tried
        plan 1: ended in an internal error: injected fault at plan-attempt; no further plans tried
      outcome: no decision: the allocation attempt ended in an internal error: the requirement evaluation ended in an internal error
      """

  @R4.5
  Scenario: The committed plan, and a filled plan whose allocation build fails
    Given a recording:
      """
      cluster:
        hosts:
          - {name: h1, slots: 2}
      events:
        - {time: 0, submit: {id: 1, run_time: 5}}
        - {time: 0, submit: {id: 2, run_time: 5}}
      test:
        faults:
          - {point: allocation-build, job: 2, plan: 1}
      """
    When I run the commands:
      """
      trace on all level full
      step 2
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 1 max 1, requests slots only: satisfied
        plan 1: committed; no further plans tried
      """
    And the trace of job 2 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 1 max 1, requests slots only: internal error
            h1: accepted
          position 1: filled by h1
        released the claims of plan 1 on h1
        plan 1: ended in an internal error: injected fault at allocation-build; no further plans tried
      """
    And the trace of job 2 in round 1 does not contain "committed"

  @R4.6
  Scenario: When every tried plan fails, no plan could be placed
    Given the recording "features/recordings/trace-basics.yaml"
    When I run the commands:
      """
      trace on 2
      step 4
      """
    Then the trace of job 2 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 4 max 4, requests mem 3GB per task: not satisfied
        plan 2: failed: position 1 could not be filled; no position filled, 4 of 4 tasks unplaced
        plan 3: 4 hosts, tasks per position [1,1,1,1]: discarded: needs 4 hosts but only 2 are open
        no plan could be placed
      """

  @R4.7
  Scenario: No plan generated, with the reason
    Given the recording "examples/backlog.yaml"
    When I run the commands:
      """
      trace on 3
      step 3
      """
    Then the trace of job 3 in round 1 is:
      """
      trace of 3: round 1, position 3, level summary
      selection: round 1, position 3; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 10
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      requirement: single, tasks min 3 max 3, requests slots only: not satisfied
        no plan generated: needs 3 tasks but the open hosts have 2 slots in all
      outcome: pended, 1 pend reason
        no-plan: needs 3 tasks but the open hosts have 2 slots in all
      """

  @R4.8
  Scenario: A failed cluster-wide check means no plan is tried
    Given the recording "features/recordings/trace-basics.yaml"
    When I run the commands:
      """
      trace on 4
      step 3
      """
    Then the trace of job 4 in round 1 is:
      """
      trace of 4: round 1, position 3, level summary
      selection: round 1, position 3; policy fcfs: queue normal, queue priority 10, job priority 0, queue time 0
        cluster-wide limits: user_slots[user=cid] slots usage 0 of 6; host-scoped limits are reported with each host's verdict
      requirement: single, tasks min 1 max 1, requests lic 2 per job: not satisfied
        shared lic: total 1, used 0, reserved 0, requested 2: failed: shared-resource shortfall
        limit user_slots[user=cid] slots: value 6, usage 0, reserved 0, requested 1: passed
        no placement plans tried: the cluster-wide check failed
      outcome: pended, 1 pend reason
        shared-shortfall: lic
      """

  @R4.9
  Scenario: Discarded plans in generation order, and every generated plan discarded
    Given a recording:
      """
      cluster:
        hosts:
          - {name: h1, slots: 2}
          - {name: h2, slots: 2}
      events:
        - {time: 0, submit: {id: 1, tasks: 4, run_time: 5}}
        - {time: 0, submit: {id: 2, tasks: 3, resreq: "span[hosts=1]", run_time: 5}}
      """
    When I run the commands:
      """
      trace on all
      step 2
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 4 max 4, requests slots only: satisfied
        plan 1: 1 host, tasks per position [4]: discarded: a position needs 4 slots but no open host has more than 2
        plan 2: 2 hosts, tasks per position [2,2]: tried
        plan 2: committed; no further plans tried
      """
    And the trace of job 2 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 3 max 3, requests slots only, span[hosts=1]: not satisfied
        plan 1: 1 host, tasks per position [3]: discarded: a position needs 3 slots but no open host has more than 2
        no plan tried: all generated plans were discarded
      """

  @R4.1
  Scenario: A shared resource reserved by an earlier member counts in a later member's check
    # Kills: `ev.ledger.shared_reserved(name)` read as 0 in cluster_check._shared_items.
    # Job 1's member 1 holds 1 lic; member 2's check shows it reserved: 0 + 1 + 1 <= 2 passes.
    Given the recording "features/recordings/trace-reserved.yaml"
    When I run the commands:
      """
      trace on 1
      step
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      requirement: compound of 2 members: satisfied
        requirement member 1 of 2: single, tasks min 1 max 1, requests mem 6GB per task, lic 1 per job, span[hosts=1]: satisfied
          shared lic: total 2, used 0, reserved 0, requested 1: passed
        requirement member 2 of 2: single, tasks min 1 max 1, requests mem 4GB per task, lic 1 per job: satisfied
          shared lic: total 2, used 0, reserved 1, requested 1: passed
      """

  @R4.2
  Scenario: A cluster-wide limit fails on what an earlier member reserved: used + reserved + requested
    # Kills: `used + reserved + requested` -> `used - reserved + requested` in cluster_check._limit_items.
    # user_slots (cid) is 4: member 1 reserves 2, member 2 asks 3; 0 + 2 + 3 = 5 > 4. Without the reservation
    # (0 + 3 <= 4) it would pass, so the rejection shows the reservation decides.
    Given the recording "features/recordings/trace-reserved.yaml"
    When I run the commands:
      """
      trace on 3
      step 3
      """
    Then the trace of job 3 in round 1 contains these lines in order:
      """
      requirement: compound of 2 members: not satisfied
        requirement member 2 of 2: single, tasks min 3 max 3, requests mem 1MB per task: not satisfied (point of failure)
          limit user_slots[users=cid] slots: value 4, usage 0, reserved 2, requested 3: failed: limit rejection
          no placement plans tried: the cluster-wide check failed
        released the claims of the earlier members on a
      outcome: pended, 1 pend reason
        cluster-limit: user_slots[users=cid] slots
      """

  @R4.4
  Scenario: At summary level a host scan stopped by an internal error counts the hosts considered before it
    # Kills: the verdicts gathered before a host-scan-step error dropped from the position's counts.
    # The scan of plan 1's position stops before h3: h1 and h2 were considered (too small) and are counted; h3
    # and the closed h4 were never considered, so neither appears nor is counted.
    Given the recording "features/recordings/trace-scan-faults.yaml"
    When I run the commands:
      """
      trace on 1
      step
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 2 max 2, requests slots only, span[hosts=1]: not satisfied
        plan 1: 1 host, tasks per position [2]: tried
          position 1: not filled: internal error in the host scan: injected fault at host-scan-step; hosts rejected: resource shortfall 2
        plan 1: failed: position 1 could not be filled; no position filled, 2 of 2 tasks unplaced
        no plan could be placed
      """
    And the trace of job 1 in round 1 does not contain "host-closed"

  @R4.4
  Scenario: At full level the stopped scan lists each host considered, then the error
    # Kills: the host-scan-step fault raised before the first host (h1 and h2 would not be listed).
    # h1 and h2 keep their verdicts; h3 (where the scan stopped) and h4 were never considered.
    Given the recording "features/recordings/trace-scan-faults.yaml"
    When I run the commands:
      """
      trace on 1 level full
      step
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 2 max 2, requests slots only, span[hosts=1]: not satisfied
        plan 1: 1 host, tasks per position [2]: tried
          position 1 (2 tasks)
            h1: resource shortfall (pre-filter): slots total 1, used 0, reserved 0, requested 2; not performed: host check
            h2: resource shortfall (pre-filter): slots total 1, used 0, reserved 0, requested 2; not performed: host check
          position 1: not filled: internal error in the host scan: injected fault at host-scan-step
        plan 1: failed: position 1 could not be filled; no position filled, 2 of 2 tasks unplaced
      """
    And the trace of job 1 in round 1 does not contain "h3"
    And the trace of job 1 in round 1 does not contain "h4"

  @R4.7
  Scenario: No plan is generated when no host is open
    # Kills: the planner's no-open-host check negated or dropped (a plan or a slot-count reason would follow).
    Given a recording:
      """
      cluster:
        hosts:
          - {name: h1, slots: 2, status: closed}
          - {name: h2, slots: 2, status: closed}
      events:
        - {time: 0, submit: {id: 1, run_time: 5}}
      """
    When I run the commands:
      """
      trace on 1
      step
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 1 max 1, requests slots only: not satisfied
        no plan generated: no host is open
      outcome: pended, 1 pend reason
        no-plan: no host is open
      """
    And the trace of job 1 in round 1 does not contain "plan 1"
