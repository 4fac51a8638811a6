@answers
Feature: Answers, not walls of lines
  Additions to the console's base conventions (docs/repl.md) that answer "why" directly: a JSON copy of each trace,
  a failed plan's shortfall and its nearest misses, `why JOB` on demand, quiet continue, and pend reasons counted
  by host, most first. The decision trace of the spec is otherwise unchanged.

  Scenario: Each trace printed is appended to the JSON file as one object per line, beside the text copy
    # 102 is dispatched in round 1; 104 pends from round 2 (alice's cluster limit, then slots) until round 8.
    Given the demo recording
    When I run the commands:
      """
      trace on 102 104 file {tmp}/t.txt json {tmp}/trace.jsonl
      trace status
      continue
      """
    Then the output contains the line "for the next session: trace on for jobs 102 104, level summary, at most 1000 lines per decision, file {tmp}/t.txt, json {tmp}/trace.jsonl"
    And the JSON trace file "{tmp}/trace.jsonl" holds, in order, valid traces of: 102@1, 104@2, 104@3, 104@4, 104@5, 104@6, 104@7, 104@8
    And in the JSON trace of job 104 in round 2, outcome.reasons.0 is {"code": "cluster-limit", "host": null, "detail": "user_slots[user=alice] slots"}
    And in the JSON trace of job 104 in round 7, requirements.0.plans.0.tasks_unplaced is 10
    And in the JSON trace of job 104 in round 7, requirements.0.plans.0.positions.0.nearest_misses.0 is {"host": "hostA", "failed_checks": 1, "lacks": [{"kind": "resource shortfall", "subject": "slots", "scope": null, "resource": "slots", "short": 2}]}
    And in the JSON trace of job 102 in round 1, outcome.allocation.hosts.0.resources is {"slots": 2, "mem": 4096}

  Scenario: The JSON file follows the trace file's rules
    Given the demo recording
    And the console options "--sim-output {tmp}/out.jsonl"
    When I run the commands:
      """
      trace on all json {tmp}/out.jsonl
      trace on all json {tmp}
      trace on all file {tmp}/same json {tmp}/same
      trace on all json {path 4096}
      trace on all json {tmp}/trace.jsonl
      set output {tmp}/trace.jsonl
      trace status
      """
    Then the output contains these lines in order:
      """
      error: trace on: json {tmp}/out.jsonl is the simulation output or log file
      error: trace on: json {tmp}: is a directory
      error: trace on: file and json name the same path '{tmp}/same'
      error: trace on: json path is 4096 bytes long (at most 4095)
      trace on for all jobs, level summary, at most 1000 lines per decision, json {tmp}/trace.jsonl (from the next session)
      error: set output: {tmp}/trace.jsonl is a trace file still open for writing
      for the next session: trace on for all jobs, level summary, at most 1000 lines per decision, json {tmp}/trace.jsonl
      """

  Scenario: A failed plan says what it placed, and which hosts came nearest
    # Four 2-slot hosts, h3 and h4 held by job 1. Job 2 asks 8 tasks at 2 per host: positions 1 and 2 take h1 and
    # h2 (4 tasks placed); position 3 finds them claimed and h3, h4 full (2 free slots short each): 4 of 8 unplaced.
    Given the recording "features/recordings/shortfall.yaml"
    When I run the commands:
      """
      trace on 2 level full
      step 2
      trace on 2 level summary
      step 1
      """
    Then the trace of job 2 in round 2 contains these lines in order:
      """
      requirement: single, tasks min 8 max 8, requests slots only, span[ptile=2]: not satisfied
          position 3: not filled
          nearest misses: h3 (slots short by 2), h4 (slots short by 2)
        released the claims of plan 1 on h1, h2
        plan 1: failed: position 3 could not be filled; positions 1-2 filled, 4 of 8 tasks unplaced
      """

  Scenario Outline: Nearest misses are the same line at both levels
    # h1 has 2 of 4 slots free for 3 tasks (1 short); h2's limit of 1 slot would go to 3 (2 over); h3 and h4 fail
    # select or are closed, so they are not misses.
    Given the recording "features/recordings/trace-hosts.yaml"
    When I run the commands:
      """
      trace on 2 level <level>
      step 2
      """
    Then the trace of job 2 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 3 max 3, requests mem 2GB per task, select[type==X86]: satisfied
          nearest misses: h1 (slots short by 1), h2 (h2_slots[hosts=h2,user=ann] slots over by 2)
        plan 1: failed: position 1 could not be filled; no position filled, 3 of 3 tasks unplaced
      """

    Examples:
      | level   |
      | full    |
      | summary |

  Scenario: why explains a pending job now, as a dry run that changes nothing
    # Before round 7 (t=100) 101 has finished, so alice's limit leaves room; 104 needs 8 + 2 slots and no host has 8
    # free: hostA has 6 (102 holds 2 until t=120), so it is 2 short. The dry run's answer is the decision round 7 makes.
    # No running job has a run limit in the demo, so when 104 could fit cannot be planned; at summary level the pend
    # reasons are grouped per reason, their hosts as one list.
    Given the demo recording
    When I run the commands:
      """
      break round 7
      continue
      why 104
      info trace 104
      step
      """
    Then the output contains these lines in order:
      """
      breakpoint 1 (round 7): stopped before round 7 at t=100
      why 104: needs 10 slots; 23 of 32 free now; when what it needs comes free cannot be told: 3 running jobs (job 100, job 102, job 103) have no run limit
      why 104: a dry run of the scheduler's evaluation on a copy of the current state; nothing is changed, stored or written
        dry run of 104 against the state before round 7 (t=100), position 1 of 3 pending, level summary
        selection: round 7, position 1; policy fcfs: queue normal, queue priority 30, job priority 0, queue time 10
          cluster-wide limits: user_slots[user=alice] slots usage 0 of 12; host-scoped limits are reported with each host's verdict
        requirement: single, tasks min 10 max 10, requests slots only, span[ptile=8]: not satisfied
          limit user_slots[user=alice] slots: value 12, usage 0, reserved 0, requested 10: passed
          plan 1: 2 hosts, tasks per position [8,2]: tried
            position 1: not filled; hosts rejected: selection mismatch 1, resource shortfall 4
            nearest misses: hostA (slots short by 2), hostB (slots short by 4), hostC (slots short by 7), hostD (slots short by 4)
          plan 1: failed: position 1 could not be filled; no position filled, 10 of 10 tasks unplaced
          no plan could be placed
        outcome: pended, 5 pend reasons
          resource-shortfall slots on 4 hosts: hostA,hostB,hostC,hostD
          host-closed on 1 host: hostE
      job 104: no trace available; the job is pending; 'why 104' explains it now, 'trace on 104' from the next session
      round 7 #1 pend 104: resource-shortfall on 4 hosts; host-closed on 1 host
      """

  Scenario: why names what it cannot explain
    Given the demo recording
    When I run the commands:
      """
      step 2
      why 100
      why 4242
      why
      why 104 level fast
      why 10x
      """
    Then the output contains these lines in order:
      """
      why 100: the job is running on hostB; only a pending job can be explained (info trace shows a stored trace)
      why 4242: the job is unknown
      error: why: expected JOBID [level summary|full] [json]
      error: why: level 'fast' is not summary or full
      """
    And the output does contain "error: why: "

  Scenario: Quiet continue prints a progress line every 1000 rounds instead of the round lines
    # Sessions every second from t=0: round N is at t=N-1; 2601 rounds in all (job 4 arrives at t=2600).
    Given the recording "features/recordings/quiet-continue.yaml"
    When I run the commands:
      """
      set continue quiet
      show
      continue
      """
    Then the output is:
      """
      continue quiet
      units auto
      output none
      breakpoints 0
      continue quiet
      continue: 1000 rounds done, at round 1000 t=999
      continue: 2000 rounds done, at round 2000 t=1999
      replay finished after 2601 rounds at t=2600: 4 dispatched, 3 finished, 1 running, 0 pending
      """

  Scenario: Quiet continue still stops at breakpoints and still prints traced decisions with their rounds
    # Job 3 arrives at t=1200 and pends in round 1201; the time breakpoint stops before round 1203 (t=1202).
    Given the recording "features/recordings/quiet-continue.yaml"
    When I run the commands:
      """
      set continue quiet
      trace on 3
      break time 1202
      continue
      trace off
      set continue normal
      continue
      set continue loud
      """
    Then the output contains these lines in order:
      """
      continue: 1000 rounds done, at round 1000 t=999
      round 1201 #1 pend 3: resource-shortfall on 2 hosts
        trace of 3: round 1201, position 1, level summary
      round 1201 t=1200: 0 dispatched, 1 pended (3)
      round 1202 #1 pend 3: resource-shortfall on 2 hosts
        trace of 3: round 1202, position 1, level summary
      round 1202 t=1201: 0 dispatched, 1 pended (3)
      breakpoint 1 (time 1202): stopped before round 1203 at t=1202
      rounds 1203-2500 t=1202-2499: 0 dispatched, 1 pended (3) each (1298 rounds)
      error: set continue: 'loud' is not normal or quiet
      """

  Scenario: Pend reasons are counted by host, most first, with the hosts as a compressed list in info job
    # Job 2 asks type==ARM on 60 X86 hosts (n01-n60): 60 select mismatches.
    Given the recording "features/recordings/trace-wide.yaml"
    When I run the commands:
      """
      step 2
      info job 2
      """
    Then the output contains these lines in order:
      """
      round 1 #2 pend 2: select-mismatch on 60 hosts
      job 2: pending
        latest decision: round 1: pend: select-mismatch on 60 hosts
          select-mismatch on 60 hosts: n[01-60]
      """

  Scenario: Under a discipline, why runs the next session up to the job and shows the discipline section
    # examples/six-jobs.yaml under easy: stopped after job 2's decision in round 1, job 3 (10 tasks) does not fit;
    # it is the first job that does not, so it holds the backfill reservation, planned when job 1 (12 slots,
    # run limit 50) ends. The step that follows decides job 3 exactly as the dry run said.
    Given the recording "examples/six-jobs.yaml"
    When I run the commands:
      """
      break job 2
      continue
      why 3
      step
      """
    Then the output contains these lines in order:
      """
      why 3: a dry run of the scheduler's evaluation on a copy of the current state; nothing is changed, stored or written
        dry run of 3 against the state during round 1 (t=0), position 1 of 4 pending, level summary
        discipline easy at t=0: run limit 200; fits now: no (see the requirement, plan and host sections below)
          backfill reservation: planned start t=50, until t=250 (run limit 200)
              job 1: t=0 + run limit 50 = t=50, frees n: slots 12
          verdict: not started: does not fit now; holds the backfill reservation
        outcome: pended, 2 pend reasons
          backfill-reservation
      round 1 #3 pend 3: backfill-reservation; resource-shortfall on 1 host
      """
