@backfill
Feature: Backfilling explained in the decision trace
  Under a non-greedy discipline every traced dispatch or pend has a discipline section, after the selection and
  before the requirements: the backfill reservation and how it was found, what a backfill candidate was tested
  against, and the verdict (docs/trace.md, "Discipline section"). One host n whose slots are the nodes, so each
  scenario is the node-count scenario of docs/disciplines.md scaled down (except the last two, on one-slot hosts,
  where the backfill reservation's hosts matter); run time equals the run limit unless given.

  Scenario: The 3-job pattern: the blocked job's backfill reservation comes from one running job
    # Job 1 takes 7 of 10 nodes until its run limit ends at 0 + 200 = 200. Job 2 (9 nodes, submitted at 10) does not
    # fit in the 3 free: job 1's end frees 7, so 10 nodes are free at 200 and its planned start is 200, until 200 + 300
    # = 500, on n: 9 slots. Textbook EASY shows the extra resources at the planned start: 10 - 9 = 1 slot.
    Given a recording:
      """
      scheduling: {discipline: easy}
      cluster:
        hosts:
          - {name: n, slots: 10}
      events:
        - {time: 0, submit: {id: 1, tasks: 7, run_time: 200, run_limit: 200}}
        - {time: 10, submit: {id: 2, tasks: 9, run_time: 300, run_limit: 300}}
        - {time: 20, submit: {id: 3, tasks: 2, run_time: 50, run_limit: 50}}
      """
    When I run the commands:
      """
      trace on 2
      continue
      """
    Then the trace of job 2 in round 2 is:
      """
      trace of 2: round 2, position 1, level summary
      selection: round 2, position 1; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 10
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy at t=10: run limit 300; fits now: no (see the requirement, plan and host sections below)
        backfill reservation: planned start t=200, until t=500 (run limit 300)
          found from the running jobs released at start + run limit, in order:
            job 1: t=0 + run limit 200 = t=200, frees n: slots 7
          reserved allocation: n: slots 9
          extra resources at the planned start: n: slots 1
        verdict: not started: does not fit now; holds the backfill reservation
      requirement: single, tasks min 9 max 9, requests slots only: not satisfied
        plan 1: 1 host, tasks per position [9]: tried
          position 1: not filled; hosts rejected: resource shortfall 1
          nearest misses: n (slots short by 6)
        plan 1: failed: position 1 could not be filled; no position filled, 9 of 9 tasks unplaced
        plan 2: 2 hosts, tasks per position [5,4]: discarded: needs 2 hosts but only 1 is open
        plan 3: 4 hosts, tasks per position [3,2,2,2]: discarded: needs 4 hosts but only 1 is open
        plan 4: 8 hosts, tasks per position [2,1,1,1,1,1,1,1]: discarded: needs 8 hosts but only 1 is open
        plan 5: 9 hosts, tasks per position [1,1,1,1,1,1,1,1,1]: discarded: needs 9 hosts but only 1 is open
        no plan could be placed
      outcome: pended, 2 pend reasons
        backfill-reservation
        n: resource-shortfall slots
      """

  Scenario: The 3-job pattern: a job that ends by the planned start is backfilled
    # At 20 job 3 (2 nodes, limit 50) fits in the 3 free nodes; 20 + 50 = 70 <= 200, job 2's planned start: it
    # starts now, backfilled by the rule that it ends by the planned start; it is not a head, job 2 waits ahead.
    Given a recording:
      """
      scheduling: {discipline: easy}
      cluster:
        hosts:
          - {name: n, slots: 10}
      events:
        - {time: 0, submit: {id: 1, tasks: 7, run_time: 200, run_limit: 200}}
        - {time: 10, submit: {id: 2, tasks: 9, run_time: 300, run_limit: 300}}
        - {time: 20, submit: {id: 3, tasks: 2, run_time: 50, run_limit: 50}}
      """
    When I run the commands:
      """
      trace on 3
      continue
      """
    Then the trace of job 3 in round 3 is:
      """
      trace of 3: round 3, position 2, level summary
      selection: round 3, position 2; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 20
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy at t=20: run limit 50; fits now: yes (see the requirement, plan and host sections below)
        must not delay the backfill reservation of job 2: planned start t=200
        ends by the planned start: t=20 + run limit 50 = t=70 <= t=200: yes
        verdict: backfilled: ends by the planned start of job 2
      requirement: single, tasks min 2 max 2, requests slots only: satisfied
        plan 1: 1 host, tasks per position [2]: tried
          position 1: filled by n; no host rejected
        plan 1: committed; no further plans tried
      outcome: dispatched to 1 host
        n: slots 2
        shared resources: none
        cluster-wide limit charges: none
      """

  Scenario: The 3-job pattern blocked by time: the plan is built but not started
    # Job 3's limit is 250: 20 + 250 = 270 > 200, and the extra at 200 is 1 slot < 2, so the allocator finds no
    # allocation on the extra resources. The allocator's plan on the current state is shown as built, not started,
    # with the reason, and the pend carries backfill-window naming job 2.
    Given a recording:
      """
      scheduling: {discipline: easy}
      cluster:
        hosts:
          - {name: n, slots: 10}
      events:
        - {time: 0, submit: {id: 1, tasks: 7, run_time: 200, run_limit: 200}}
        - {time: 10, submit: {id: 2, tasks: 9, run_time: 300, run_limit: 300}}
        - {time: 20, submit: {id: 3, tasks: 2, run_time: 250, run_limit: 250}}
      """
    When I run the commands:
      """
      trace on 3
      continue
      """
    Then the trace of job 3 in round 3 is:
      """
      trace of 3: round 3, position 2, level summary
      selection: round 3, position 2; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 20
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy at t=20: run limit 250; fits now: yes (see the requirement, plan and host sections below)
        must not delay the backfill reservation of job 2: planned start t=200
        ends by the planned start: t=20 + run limit 250 = t=270 <= t=200: no
        extra-resources test: extra resources at the planned start: n: slots 1; the job placed on them: no
        verdict: not started: would delay the backfill reservation of job 2
      requirement: single, tasks min 2 max 2, requests slots only: satisfied
        plan 1: 1 host, tasks per position [2]: tried
          position 1: filled by n; no host rejected
        plan 1: built, not started: would delay the backfill reservation of job 2; no further plans tried
      outcome: pended, 1 pend reason
        backfill-window: job 2
      """

  Scenario: The boundary under textbook EASY: ending exactly at the planned start is allowed
    # Job 1 takes 6 of 10 until 100; job 2 (8) is blocked: planned start 100. Job 3 (4 nodes, limit 100) fits in the 4
    # free and 0 + 100 = 100 <= 100: textbook EASY's test is `<=` (intervals are half-open), so it is backfilled.
    Given a recording:
      """
      scheduling: {discipline: easy}
      cluster:
        hosts:
          - {name: n, slots: 10}
      events:
        - {time: 0, submit: {id: 1, tasks: 6, run_time: 100, run_limit: 100}}
        - {time: 0, submit: {id: 2, tasks: 8, run_time: 50, run_limit: 50}}
        - {time: 0, submit: {id: 3, tasks: 4, run_time: 100, run_limit: 100}}
      """
    When I run the commands:
      """
      trace on 3
      continue
      """
    Then the trace of job 3 in round 1 is:
      """
      trace of 3: round 1, position 3, level summary
      selection: round 1, position 3; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy at t=0: run limit 100; fits now: yes (see the requirement, plan and host sections below)
        must not delay the backfill reservation of job 2: planned start t=100
        ends by the planned start: t=0 + run limit 100 = t=100 <= t=100: yes
        verdict: backfilled: ends by the planned start of job 2
      requirement: single, tasks min 4 max 4, requests slots only: satisfied
        plan 1: 1 host, tasks per position [4]: tried
          position 1: filled by n; no host rejected
        plan 1: committed; no further plans tried
      outcome: dispatched to 1 host
        n: slots 4
        shared resources: none
        cluster-wide limit charges: none
      """

  Scenario: The boundary under DR_EVT's EASY: ending exactly at the planned start is not allowed
    # The same jobs under easy-drevt: the test is `<`, 100 < 100 is false, and there is no extra-resources rule, so job
    # 3 is held: built, not started. Its planned-start line has no extra resources (textbook EASY only).
    Given a recording:
      """
      scheduling: {discipline: easy-drevt}
      cluster:
        hosts:
          - {name: n, slots: 10}
      events:
        - {time: 0, submit: {id: 1, tasks: 6, run_time: 100, run_limit: 100}}
        - {time: 0, submit: {id: 2, tasks: 8, run_time: 50, run_limit: 50}}
        - {time: 0, submit: {id: 3, tasks: 4, run_time: 100, run_limit: 100}}
      """
    When I run the commands:
      """
      trace on 3
      continue
      """
    Then the trace of job 3 in round 1 is:
      """
      trace of 3: round 1, position 3, level summary
      selection: round 1, position 3; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy-drevt at t=0: run limit 100; fits now: yes (see the requirement, plan and host sections below)
        must not delay the backfill reservation of job 2: planned start t=100
        ends before the planned start: t=0 + run limit 100 = t=100 < t=100: no
        verdict: not started: would delay the backfill reservation of job 2
      requirement: single, tasks min 4 max 4, requests slots only: satisfied
        plan 1: 1 host, tasks per position [4]: tried
          position 1: filled by n; no host rejected
        plan 1: built, not started: would delay the backfill reservation of job 2; no further plans tried
      outcome: pended, 1 pend reason
        backfill-window: job 2
      """

  Scenario: Extra resources: a long job starts on them and uses them up
    # Job 1 takes 4 of 10 until 100; job 2 (9) is blocked: planned start 100, extra 10 - 9 = 1. Job 3 (1 node, limit
    # 500) runs past 100 (0 + 500 > 100) but the allocator places it on the 1 extra slot: backfilled on the extra
    # resources. Job 4 (1 node, limit 500) then finds no extra left (job 3 holds it past 100): not started. Job 5
    # (limit 50) ends at 50 <= 100: backfilled.
    Given a recording:
      """
      scheduling: {discipline: easy}
      cluster:
        hosts:
          - {name: n, slots: 10}
      events:
        - {time: 0, submit: {id: 1, tasks: 4, run_time: 100, run_limit: 100}}
        - {time: 0, submit: {id: 2, tasks: 9, run_time: 100, run_limit: 100}}
        - {time: 0, submit: {id: 3, tasks: 1, run_time: 500, run_limit: 500}}
        - {time: 0, submit: {id: 4, tasks: 1, run_time: 500, run_limit: 500}}
        - {time: 0, submit: {id: 5, tasks: 1, run_time: 50, run_limit: 50}}
      """
    When I run the commands:
      """
      trace on 3 4 5
      continue
      """
    Then the trace of job 3 in round 1 is:
      """
      trace of 3: round 1, position 3, level summary
      selection: round 1, position 3; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy at t=0: run limit 500; fits now: yes (see the requirement, plan and host sections below)
        must not delay the backfill reservation of job 2: planned start t=100
        ends by the planned start: t=0 + run limit 500 = t=500 <= t=100: no
        extra-resources test: extra resources at the planned start: n: slots 1; the job placed on them: yes
        verdict: backfilled: on the extra resources at the planned start of job 2
      requirement: single, tasks min 1 max 1, requests slots only: satisfied
        plan 1: 1 host, tasks per position [1]: tried
          position 1: filled by n; no host rejected
        plan 1: committed; no further plans tried
      outcome: dispatched to 1 host
        n: slots 1
        shared resources: none
        cluster-wide limit charges: none
      """
    And the trace of job 4 in round 1 is:
      """
      trace of 4: round 1, position 4, level summary
      selection: round 1, position 4; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy at t=0: run limit 500; fits now: yes (see the requirement, plan and host sections below)
        must not delay the backfill reservation of job 2: planned start t=100
        ends by the planned start: t=0 + run limit 500 = t=500 <= t=100: no
        extra-resources test: extra resources at the planned start: none; the job placed on them: no
        verdict: not started: would delay the backfill reservation of job 2
      requirement: single, tasks min 1 max 1, requests slots only: satisfied
        plan 1: 1 host, tasks per position [1]: tried
          position 1: filled by n; no host rejected
        plan 1: built, not started: would delay the backfill reservation of job 2; no further plans tried
      outcome: pended, 1 pend reason
        backfill-window: job 2
      """
    And the trace of job 5 in round 1 is:
      """
      trace of 5: round 1, position 5, level summary
      selection: round 1, position 5; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy at t=0: run limit 50; fits now: yes (see the requirement, plan and host sections below)
        must not delay the backfill reservation of job 2: planned start t=100
        ends by the planned start: t=0 + run limit 50 = t=50 <= t=100: yes
        verdict: backfilled: ends by the planned start of job 2
      requirement: single, tasks min 1 max 1, requests slots only: satisfied
        plan 1: 1 host, tasks per position [1]: tried
          position 1: filled by n; no host rejected
        plan 1: committed; no further plans tried
      outcome: dispatched to 1 host
        n: slots 1
        shared resources: none
        cluster-wide limit charges: none
      """

  Scenario: Several running jobs free the reservation, listed in the order they end
    # Jobs 1, 2, 3 take 3 nodes each, ending at 50, 100 and 150 (1 free). Job 4 needs 6: job 1's end gives 4, jobs 1
    # and 2 give 7 >= 6: planned start 100, found from job 1 (3 slots at 50) then job 2 (3 slots at 100). Extra at
    # 100: 7 - 6 = 1.
    Given a recording:
      """
      scheduling: {discipline: easy}
      cluster:
        hosts:
          - {name: n, slots: 10}
      events:
        - {time: 0, submit: {id: 1, tasks: 3, run_time: 50, run_limit: 50}}
        - {time: 0, submit: {id: 2, tasks: 3, run_time: 100, run_limit: 100}}
        - {time: 0, submit: {id: 3, tasks: 3, run_time: 150, run_limit: 150}}
        - {time: 0, submit: {id: 4, tasks: 6, run_time: 100, run_limit: 100}}
        - {time: 0, submit: {id: 5, tasks: 2, run_time: 60, run_limit: 60}}
        - {time: 50, submit: {id: 6, tasks: 1, run_time: 49, run_limit: 49}}
      """
    When I run the commands:
      """
      trace on 4
      continue
      """
    Then the trace of job 4 in round 1 is:
      """
      trace of 4: round 1, position 4, level summary
      selection: round 1, position 4; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy at t=0: run limit 100; fits now: no (see the requirement, plan and host sections below)
        backfill reservation: planned start t=100, until t=200 (run limit 100)
          found from the running jobs released at start + run limit, in order:
            job 1: t=0 + run limit 50 = t=50, frees n: slots 3
            job 2: t=0 + run limit 100 = t=100, frees n: slots 3
          reserved allocation: n: slots 6
          extra resources at the planned start: n: slots 1
        verdict: not started: does not fit now; holds the backfill reservation
      requirement: single, tasks min 6 max 6, requests slots only: not satisfied
        plan 1: 1 host, tasks per position [6]: tried
          position 1: not filled; hosts rejected: resource shortfall 1
          nearest misses: n (slots short by 5)
        plan 1: failed: position 1 could not be filled; no position filled, 6 of 6 tasks unplaced
        plan 2: 2 hosts, tasks per position [3,3]: discarded: needs 2 hosts but only 1 is open
        plan 3: 4 hosts, tasks per position [2,2,1,1]: discarded: needs 4 hosts but only 1 is open
        plan 4: 6 hosts, tasks per position [1,1,1,1,1,1]: discarded: needs 6 hosts but only 1 is open
        no plan could be placed
      outcome: pended, 2 pend reasons
        backfill-reservation
        n: resource-shortfall slots
      """

  Scenario: An early completion moves the planned start earlier
    # Job 1 takes 6 nodes with a limit of 200 but runs 50. Job 2 (8) is blocked at 0: planned start 200 from job 1's
    # limit. Job 3 (3 nodes, limit 100) ends at 100 <= 200: backfilled. At 50 job 1 really ends (7 free, still < 8):
    # the reservation is rebuilt from the running jobs, and job 3's end at 100 frees 3: planned start 100.
    Given a recording:
      """
      scheduling: {discipline: easy}
      cluster:
        hosts:
          - {name: n, slots: 10}
      events:
        - {time: 0, submit: {id: 1, tasks: 6, run_time: 50, run_limit: 200}}
        - {time: 0, submit: {id: 2, tasks: 8, run_time: 100, run_limit: 100}}
        - {time: 0, submit: {id: 3, tasks: 3, run_time: 100, run_limit: 100}}
        - {time: 50, submit: {id: 4, tasks: 2, run_time: 60, run_limit: 60}}
        - {time: 50, submit: {id: 5, tasks: 2, run_time: 40, run_limit: 40}}
      """
    When I run the commands:
      """
      trace on 2
      continue
      """
    Then the trace of job 2 in round 1 is:
      """
      trace of 2: round 1, position 2, level summary
      selection: round 1, position 2; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy at t=0: run limit 100; fits now: no (see the requirement, plan and host sections below)
        backfill reservation: planned start t=200, until t=300 (run limit 100)
          found from the running jobs released at start + run limit, in order:
            job 1: t=0 + run limit 200 = t=200, frees n: slots 6
          reserved allocation: n: slots 8
          extra resources at the planned start: n: slots 2
        verdict: not started: does not fit now; holds the backfill reservation
      requirement: single, tasks min 8 max 8, requests slots only: not satisfied
        plan 1: 1 host, tasks per position [8]: tried
          position 1: not filled; hosts rejected: resource shortfall 1
          nearest misses: n (slots short by 4)
        plan 1: failed: position 1 could not be filled; no position filled, 8 of 8 tasks unplaced
        plan 2: 2 hosts, tasks per position [4,4]: discarded: needs 2 hosts but only 1 is open
        plan 3: 4 hosts, tasks per position [2,2,2,2]: discarded: needs 4 hosts but only 1 is open
        plan 4: 8 hosts, tasks per position [1,1,1,1,1,1,1,1]: discarded: needs 8 hosts but only 1 is open
        no plan could be placed
      outcome: pended, 2 pend reasons
        backfill-reservation
        n: resource-shortfall slots
      """
    And the trace of job 2 in round 2 is:
      """
      trace of 2: round 2, position 1, level summary
      selection: round 2, position 1; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy at t=50: run limit 100; fits now: no (see the requirement, plan and host sections below)
        backfill reservation: planned start t=100, until t=200 (run limit 100)
          found from the running jobs released at start + run limit, in order:
            job 3: t=0 + run limit 100 = t=100, frees n: slots 3
          reserved allocation: n: slots 8
          extra resources at the planned start: n: slots 2
        verdict: not started: does not fit now; holds the backfill reservation
      requirement: single, tasks min 8 max 8, requests slots only: not satisfied
        plan 1: 1 host, tasks per position [8]: tried
          position 1: not filled; hosts rejected: resource shortfall 1
          nearest misses: n (slots short by 1)
        plan 1: failed: position 1 could not be filled; no position filled, 8 of 8 tasks unplaced
        plan 2: 2 hosts, tasks per position [4,4]: discarded: needs 2 hosts but only 1 is open
        plan 3: 4 hosts, tasks per position [2,2,2,2]: discarded: needs 4 hosts but only 1 is open
        plan 4: 8 hosts, tasks per position [1,1,1,1,1,1,1,1]: discarded: needs 8 hosts but only 1 is open
        no plan could be placed
      outcome: pended, 2 pend reasons
        backfill-reservation
        n: resource-shortfall slots
      """

  Scenario: The 6-job scenario under EASY: job 5 starts on the extra resources
    # 20 nodes. Jobs 1 (12 for 50) and 2 (4 for 100) start as heads (4 free). Job 3 (10 for 200) is blocked: job 1's
    # end at 50 frees 12, so 16 >= 10 are free then: planned start 50, extra 16 - 10 = 6. Job 5 (3 for 100) fits now;
    # 0 + 100 > 50 but its 3 nodes fit in the extra 6: backfilled on the extra resources.
    Given a recording:
      """
      scheduling: {discipline: easy}
      cluster:
        hosts:
          - {name: n, slots: 20}
      events:
        - {time: 0, submit: {id: 1, tasks: 12, run_time: 50, run_limit: 50}}
        - {time: 0, submit: {id: 2, tasks: 4, run_time: 100, run_limit: 100}}
        - {time: 0, submit: {id: 3, tasks: 10, run_time: 200, run_limit: 200}}
        - {time: 0, submit: {id: 4, tasks: 6, run_time: 50, run_limit: 50}}
        - {time: 0, submit: {id: 5, tasks: 3, run_time: 100, run_limit: 100}}
        - {time: 0, submit: {id: 6, tasks: 2, run_time: 40, run_limit: 40}}
      """
    When I run the commands:
      """
      trace on 3 5
      continue
      """
    Then the trace of job 3 in round 1 is:
      """
      trace of 3: round 1, position 3, level summary
      selection: round 1, position 3; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy at t=0: run limit 200; fits now: no (see the requirement, plan and host sections below)
        backfill reservation: planned start t=50, until t=250 (run limit 200)
          found from the running jobs released at start + run limit, in order:
            job 1: t=0 + run limit 50 = t=50, frees n: slots 12
          reserved allocation: n: slots 10
          extra resources at the planned start: n: slots 6
        verdict: not started: does not fit now; holds the backfill reservation
      requirement: single, tasks min 10 max 10, requests slots only: not satisfied
        plan 1: 1 host, tasks per position [10]: tried
          position 1: not filled; hosts rejected: resource shortfall 1
          nearest misses: n (slots short by 6)
        plan 1: failed: position 1 could not be filled; no position filled, 10 of 10 tasks unplaced
        plan 2: 2 hosts, tasks per position [5,5]: discarded: needs 2 hosts but only 1 is open
        plan 3: 4 hosts, tasks per position [3,3,2,2]: discarded: needs 4 hosts but only 1 is open
        plan 4: 8 hosts, tasks per position [2,2,1,1,1,1,1,1]: discarded: needs 8 hosts but only 1 is open
        plan 5: 10 hosts, tasks per position [1,1,1,1,1,1,1,1,1,1]: discarded: needs 10 hosts but only 1 is open
        no plan could be placed
      outcome: pended, 2 pend reasons
        backfill-reservation
        n: resource-shortfall slots
      """
    And the trace of job 5 in round 1 is:
      """
      trace of 5: round 1, position 5, level summary
      selection: round 1, position 5; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy at t=0: run limit 100; fits now: yes (see the requirement, plan and host sections below)
        must not delay the backfill reservation of job 3: planned start t=50
        ends by the planned start: t=0 + run limit 100 = t=100 <= t=50: no
        extra-resources test: extra resources at the planned start: n: slots 6; the job placed on them: yes
        verdict: backfilled: on the extra resources at the planned start of job 3
      requirement: single, tasks min 3 max 3, requests slots only: satisfied
        plan 1: 1 host, tasks per position [3]: tried
          position 1: filled by n; no host rejected
        plan 1: committed; no further plans tried
      outcome: dispatched to 1 host
        n: slots 3
        shared resources: none
        cluster-wide limit charges: none
      """

  Scenario: The 6-job scenario under conservative: job 6 fits around every earlier reservation
    # Reservations in order: job 3 [50, 250) on 10 nodes, job 4 [50, 100) on 6 (the 16 free at 50 less job 3's 10).
    # Job 5 (3 for 100) fits now but [0, 100) meets job 3's and job 4's reservations, where 0 nodes are free on
    # [50, 100): its earliest start is 100, when job 2 and job 4 end; it would delay job 3's reservation, the first it
    # meets. Job 6 (2 for 40): [0, 40) meets no reservation and 4 nodes are free: planned start now, it starts.
    Given a recording:
      """
      scheduling: {discipline: conservative}
      cluster:
        hosts:
          - {name: n, slots: 20}
      events:
        - {time: 0, submit: {id: 1, tasks: 12, run_time: 50, run_limit: 50}}
        - {time: 0, submit: {id: 2, tasks: 4, run_time: 100, run_limit: 100}}
        - {time: 0, submit: {id: 3, tasks: 10, run_time: 200, run_limit: 200}}
        - {time: 0, submit: {id: 4, tasks: 6, run_time: 50, run_limit: 50}}
        - {time: 0, submit: {id: 5, tasks: 3, run_time: 100, run_limit: 100}}
        - {time: 0, submit: {id: 6, tasks: 2, run_time: 40, run_limit: 40}}
      """
    When I run the commands:
      """
      trace on 5 6
      continue
      """
    Then the trace of job 5 in round 1 is:
      """
      trace of 5: round 1, position 5, level summary
      selection: round 1, position 5; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline conservative at t=0: run limit 100; fits now: yes (see the requirement, plan and host sections below)
        backfill reservation: planned start t=100, until t=200 (run limit 100)
          found from the running jobs released at start + run limit, in order:
            job 1: t=0 + run limit 50 = t=50, frees n: slots 12
            job 2: t=0 + run limit 100 = t=100, frees n: slots 4
          fitted around the earlier backfill reservations:
            job 3: [t=50, t=250)
            job 4: [t=50, t=100)
          reserved allocation: n: slots 3
        its run [t=0, t=100) meets the earlier backfill reservations:
          job 3: [t=50, t=250)
          job 4: [t=50, t=100)
        verdict: not started: would delay the backfill reservation of job 3
      requirement: single, tasks min 3 max 3, requests slots only: satisfied
        plan 1: 1 host, tasks per position [3]: tried
          position 1: filled by n; no host rejected
        plan 1: built, not started: would delay the backfill reservation of job 3; no further plans tried
      outcome: pended, 2 pend reasons
        backfill-reservation
        backfill-window: job 3
      """
    And the trace of job 6 in round 1 is:
      """
      trace of 6: round 1, position 6, level summary
      selection: round 1, position 6; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline conservative at t=0: run limit 40; fits now: yes (see the requirement, plan and host sections below)
        its run [t=0, t=40) meets no earlier backfill reservation
        backfill reservation: planned start t=0 (now), until t=40 (run limit 40)
          found without waiting for any running job to end
          fitted around no earlier backfill reservation
          reserved allocation: n: slots 2
        verdict: backfilled: its earliest backfill reservation starts now
      requirement: single, tasks min 2 max 2, requests slots only: satisfied
        plan 1: 1 host, tasks per position [2]: tried
          position 1: filled by n; no host rejected
        plan 1: committed; no further plans tried
      outcome: dispatched to 1 host
        n: slots 2
        shared resources: none
        cluster-wide limit charges: none
      """

  Scenario: The 6-job scenario under DR_EVT's conservative: independent planned starts ahead
    # Each job ahead gets its planned start from the running jobs alone: jobs 3 and 4 at 50 (job 1's end), job 5 at 0
    # (it fits now). Job 6 (2 for 40) ends at 40 < 50 for jobs 3 and 4 but not < 0 for job 5: held, naming job 5.
    Given a recording:
      """
      scheduling: {discipline: conservative-drevt}
      cluster:
        hosts:
          - {name: n, slots: 20}
      events:
        - {time: 0, submit: {id: 1, tasks: 12, run_time: 50, run_limit: 50}}
        - {time: 0, submit: {id: 2, tasks: 4, run_time: 100, run_limit: 100}}
        - {time: 0, submit: {id: 3, tasks: 10, run_time: 200, run_limit: 200}}
        - {time: 0, submit: {id: 4, tasks: 6, run_time: 50, run_limit: 50}}
        - {time: 0, submit: {id: 5, tasks: 3, run_time: 100, run_limit: 100}}
        - {time: 0, submit: {id: 6, tasks: 2, run_time: 40, run_limit: 40}}
      """
    When I run the commands:
      """
      trace on 6
      continue
      """
    Then the trace of job 6 in round 1 is:
      """
      trace of 6: round 1, position 6, level summary
      selection: round 1, position 6; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline conservative-drevt at t=0: run limit 40; fits now: yes (see the requirement, plan and host sections below)
        backfill reservation: planned start t=0 (now), until t=40 (run limit 40)
          found without waiting for any running job to end
          reserved allocation: n: slots 2
        independent planned starts of the jobs ahead (from the running jobs alone):
          job 3: planned start t=50; ends before it: t=0 + run limit 40 = t=40 < t=50: yes
          job 4: planned start t=50; ends before it: t=0 + run limit 40 = t=40 < t=50: yes
          job 5: planned start t=0 (it fits now); ends before it: t=0 + run limit 40 = t=40 < t=0: no
        verdict: not started: would delay the planned start of job 5
      requirement: single, tasks min 2 max 2, requests slots only: satisfied
        plan 1: 1 host, tasks per position [2]: tried
          position 1: filled by n; no host rejected
        plan 1: built, not started: would delay the planned start of job 5; no further plans tried
      outcome: pended, 2 pend reasons
        backfill-reservation
        backfill-window: job 5
      """

  Scenario: The 6-job scenario under strict: a job that fits waits behind the first that did not
    # Job 3 does not fit at 0; under strict FCFS no later job starts in that session: job 5 fits (3 of 4 free) but
    # pends blocked behind job 3.
    Given a recording:
      """
      scheduling: {discipline: strict}
      cluster:
        hosts:
          - {name: n, slots: 20}
      events:
        - {time: 0, submit: {id: 1, tasks: 12, run_time: 50, run_limit: 50}}
        - {time: 0, submit: {id: 2, tasks: 4, run_time: 100, run_limit: 100}}
        - {time: 0, submit: {id: 3, tasks: 10, run_time: 200, run_limit: 200}}
        - {time: 0, submit: {id: 4, tasks: 6, run_time: 50, run_limit: 50}}
        - {time: 0, submit: {id: 5, tasks: 3, run_time: 100, run_limit: 100}}
        - {time: 0, submit: {id: 6, tasks: 2, run_time: 40, run_limit: 40}}
      """
    When I run the commands:
      """
      trace on 5
      continue
      """
    Then the trace of job 5 in round 1 is:
      """
      trace of 5: round 1, position 5, level summary
      selection: round 1, position 5; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline strict at t=0: run limit 100; fits now: yes (see the requirement, plan and host sections below)
        waits behind job 3, the first job of this session that did not fit (strict FCFS: no backfilling)
        verdict: not started: blocked behind job 3
      requirement: single, tasks min 3 max 3, requests slots only: satisfied
        plan 1: 1 host, tasks per position [3]: tried
          position 1: filled by n; no host rejected
        plan 1: built, not started: blocked behind job 3; no further plans tried
      outcome: pended, 1 pend reason
        blocked: job 3
      """

  Scenario: The discipline section is the same at level full
    # Spec 1.8: the levels differ only in host verdicts, so the section of the first scenario reappears unchanged.
    Given a recording:
      """
      scheduling: {discipline: easy}
      cluster:
        hosts:
          - {name: n, slots: 10}
      events:
        - {time: 0, submit: {id: 1, tasks: 7, run_time: 200, run_limit: 200}}
        - {time: 10, submit: {id: 2, tasks: 9, run_time: 300, run_limit: 300}}
      """
    When I run the commands:
      """
      trace on 2 level full
      continue
      """
    Then the trace of job 2 in round 2 contains these lines in order:
      """
      trace of 2: round 2, position 1, level full
      selection: round 2, position 1; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 10
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy at t=10: run limit 300; fits now: no (see the requirement, plan and host sections below)
        backfill reservation: planned start t=200, until t=500 (run limit 300)
          found from the running jobs released at start + run limit, in order:
            job 1: t=0 + run limit 200 = t=200, frees n: slots 7
          reserved allocation: n: slots 9
          extra resources at the planned start: n: slots 1
        verdict: not started: does not fit now; holds the backfill reservation
      requirement: single, tasks min 9 max 9, requests slots only: not satisfied
        plan 1: 1 host, tasks per position [9]: tried
          position 1 (9 tasks)
      """

  Scenario: Under greedy a trace has no discipline section
    # greedy holds nothing back: job 2 does not fit and job 3 starts at 20 as it would under LSF's default.
    Given a recording:
      """
      scheduling: {discipline: greedy}
      cluster:
        hosts:
          - {name: n, slots: 10}
      events:
        - {time: 0, submit: {id: 1, tasks: 7, run_time: 200, run_limit: 200}}
        - {time: 10, submit: {id: 2, tasks: 9, run_time: 300, run_limit: 300}}
        - {time: 20, submit: {id: 3, tasks: 2, run_time: 50, run_limit: 50}}
      """
    When I run the commands:
      """
      trace on all
      continue
      """
    Then the output contains the line "round 3 #2 dispatch 3 -> n*2"
    And the output does not contain "discipline"
    And the output does not contain "backfill"

  Scenario: info job shows a pending job's planned start, and --sim-output pend records carry it
    # After round 2 (t=10) job 2 holds the backfill reservation found above: planned start 200 on n*9. A job
    # holding none says so; a running job shows no planned start.
    Given a recording:
      """
      scheduling: {discipline: easy}
      cluster:
        hosts:
          - {name: n, slots: 10}
      events:
        - {time: 0, submit: {id: 1, tasks: 7, run_time: 200, run_limit: 200}}
        - {time: 10, submit: {id: 2, tasks: 9, run_time: 300, run_limit: 300}}
        - {time: 10, submit: {id: 3, tasks: 2, run_time: 250, run_limit: 250}}
      """
    And the console options "--sim-output {tmp}/out.jsonl"
    When I run the commands:
      """
      step 3
      info job 2
      info job 3
      info job 1
      """
    Then the output contains these lines in order:
      """
      job 2: pending
        latest decision: round 2: pend: backfill-reservation; resource-shortfall on 1 host
        planned start: t=200 (backfill reservation of round 2: n*9)
      job 3: pending
        latest decision: round 2: pend: backfill-window: job 2
        planned start: none (no backfill reservation held)
      job 1: running on n*7 since t=0
        latest decision: round 1: dispatch -> n*7
      """
    And the output does not contain "planned start: t=0"
    And the file "{tmp}/out.jsonl" contains the line "{"backfill_reservation":{"allocation":{"hosts":[{"host":"n","limit_charges":[],"resources":{"slots":9}}],"limit_charges":[],"shared":{}},"planned_start":200},"job":"2","kind":"pend","position":1,"reasons":[{"code":"backfill-reservation","detail":""},{"code":"resource-shortfall","count":1,"detail":"slots","hosts":"n"}],"round":2,"time":10}"

  Scenario: A job without a run limit is never backfilled
    # Job 3 fits in the 3 free nodes, but with no run limit it could end after any planned start: under EASY it
    # waits behind job 2, the reserved job, and its plan is built but not started.
    Given a recording:
      """
      scheduling: {discipline: easy}
      cluster:
        hosts:
          - {name: n, slots: 10}
      events:
        - {time: 0, submit: {id: 1, tasks: 7, run_time: 200, run_limit: 200}}
        - {time: 0, submit: {id: 2, tasks: 9, run_time: 300, run_limit: 300}}
        - {time: 0, submit: {id: 3, tasks: 2, run_time: 50}}
      """
    When I run the commands:
      """
      trace on 3
      step 3
      """
    Then the trace of job 3 in round 1 contains these lines in order:
      """
      discipline easy at t=0: no run limit; fits now: yes (see the requirement, plan and host sections below)
        no run limit: never backfilled
        verdict: not started: no run limit, so never backfilled: waits behind job 2
      requirement: single, tasks min 2 max 2, requests slots only: satisfied
        plan 1: built, not started: no run limit, so never backfilled: waits behind job 2; no further plans tried
      outcome: pended, 1 pend reason
        blocked: job 2
      """

  Scenario: On one-slot hosts the reservation takes the hosts busy now, so a free host is extra
    # Hosts n1-n3. At 0 jobs 1, 2 and 3 (limits 1, 0.25, 1) start on n1, n2, n3; job 4 (2 nodes) waits. At 0.25
    # job 2 has ended: job 4's planned start is 1 (jobs 1 and 3 end), and its reservation goes to the hosts idle
    # the shortest before 1, n1 and n3 (freed at 1), not n2 (free now). So n2 is extra at 1, as a node count has
    # it (3 free - 2 needed = 1), and job 5 (1 node, limit 1), running past 1, starts on it.
    Given a recording:
      """
      scheduling: {discipline: easy}
      cluster:
        hosts:
          - {name: n1, slots: 1}
          - {name: n2, slots: 1}
          - {name: n3, slots: 1}
      events:
        - {time: 0, submit: {id: 1, tasks: 1, run_time: 1, run_limit: 1}}
        - {time: 0, submit: {id: 2, tasks: 1, run_time: 0.25, run_limit: 0.25}}
        - {time: 0, submit: {id: 3, tasks: 1, run_time: 1, run_limit: 1}}
        - {time: 0, submit: {id: 4, tasks: 2, run_time: 1, run_limit: 1}}
        - {time: 0, submit: {id: 5, tasks: 1, run_time: 1, run_limit: 1}}
      """
    When I run the commands:
      """
      trace on 4 5
      continue
      """
    Then the trace of job 4 in round 2 is:
      """
      trace of 4: round 2, position 1, level summary
      selection: round 2, position 1; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy at t=0.25: run limit 1; fits now: no (see the requirement, plan and host sections below)
        backfill reservation: planned start t=1, until t=2 (run limit 1)
          found from the running jobs released at start + run limit, in order:
            job 1: t=0 + run limit 1 = t=1, frees n1: slots 1
            job 3: t=0 + run limit 1 = t=1, frees n3: slots 1
          reserved allocation: n1: slots 1; n3: slots 1
          extra resources at the planned start: n2: slots 1
        verdict: not started: does not fit now; holds the backfill reservation
      requirement: single, tasks min 2 max 2, requests slots only: not satisfied
        plan 1: 1 host, tasks per position [2]: discarded: a position needs 2 slots but no open host has more than 1
        plan 2: 2 hosts, tasks per position [1,1]: tried
          position 1: filled by n2; hosts rejected: resource shortfall 1
          position 2: not filled; hosts rejected: resource shortfall 2, already claimed 1
          nearest misses: n3 (slots short by 1), n1 (slots short by 1)
        released the claims of plan 2 on n2
        plan 2: failed: position 2 could not be filled; position 1 filled, 1 of 2 tasks unplaced
        no plan could be placed
      outcome: pended, 3 pend reasons
        backfill-reservation
        n1: resource-shortfall slots
        n3: resource-shortfall slots
      """
    And the trace of job 5 in round 2 is:
      """
      trace of 5: round 2, position 2, level summary
      selection: round 2, position 2; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline easy at t=0.25: run limit 1; fits now: yes (see the requirement, plan and host sections below)
        must not delay the backfill reservation of job 4: planned start t=1
        ends by the planned start: t=0.25 + run limit 1 = t=1.25 <= t=1: no
        extra-resources test: extra resources at the planned start: n2: slots 1; the job placed on them: yes
        verdict: backfilled: on the extra resources at the planned start of job 4
      requirement: single, tasks min 1 max 1, requests slots only: satisfied
        plan 1: 1 host, tasks per position [1]: tried
          position 1: filled by n2; hosts rejected: resource shortfall 1
        plan 1: committed; no further plans tried
      outcome: dispatched to 1 host
        n2: slots 1
        shared resources: none
        cluster-wide limit charges: none
      """

  Scenario: Conservative places earlier reservations again on other hosts to make room
    # Hosts n1-n6 (tests/unit/sched/disciplines/test_backfill_scenarios.py derives it). Job 1 (2 nodes, limit 2)
    # runs on n1 n2, job 2 (3, limit 3) on n3-n5. Job 3 (4 nodes) reserves [3, 4) on n3-n5 and n1; job 4 (2 nodes)
    # reserves [2, 4) on n2 and n6. Job 5 (1 node, limit 3) fits on n6, and by count its run [0, 3) fits, but n6
    # is job 4's from 2: placed again in order of start, job 5 takes n6, job 4 n1 n2 and job 3 n3-n6, so it starts.
    Given a recording:
      """
      scheduling: {discipline: conservative}
      cluster:
        hosts:
          - {name: n1, slots: 1}
          - {name: n2, slots: 1}
          - {name: n3, slots: 1}
          - {name: n4, slots: 1}
          - {name: n5, slots: 1}
          - {name: n6, slots: 1}
      events:
        - {time: 0, submit: {id: 1, tasks: 2, run_time: 2, run_limit: 2}}
        - {time: 0, submit: {id: 2, tasks: 3, run_time: 3, run_limit: 3}}
        - {time: 0, submit: {id: 3, tasks: 4, run_time: 1, run_limit: 1}}
        - {time: 0, submit: {id: 4, tasks: 2, run_time: 2, run_limit: 2}}
        - {time: 0, submit: {id: 5, tasks: 1, run_time: 3, run_limit: 3}}
      """
    When I run the commands:
      """
      trace on 5
      continue
      """
    Then the trace of job 5 in round 1 is:
      """
      trace of 5: round 1, position 5, level summary
      selection: round 1, position 5; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      discipline conservative at t=0: run limit 3; fits now: yes (see the requirement, plan and host sections below)
        its run [t=0, t=3) meets the earlier backfill reservations:
          job 4: [t=2, t=4)
        backfill reservation: planned start t=0 (now), until t=3 (run limit 3)
          found without waiting for any running job to end
          fitted around the earlier backfill reservations:
            job 4: [t=2, t=4)
          to make room, earlier backfill reservations placed again on other hosts (same times):
            job 4: [t=2, t=4) on n1: slots 1; n2: slots 1
            job 3: [t=3, t=4) on n3: slots 1; n4: slots 1; n5: slots 1; n6: slots 1
          reserved allocation: n6: slots 1
        verdict: backfilled: its earliest backfill reservation starts now
      requirement: single, tasks min 1 max 1, requests slots only: satisfied
        plan 1: 1 host, tasks per position [1]: tried
          position 1: filled by n6; hosts rejected: resource shortfall 5
        plan 1: committed; no further plans tried
      outcome: dispatched to 1 host
        n6: slots 1
        shared resources: none
        cluster-wide limit charges: none
      """
