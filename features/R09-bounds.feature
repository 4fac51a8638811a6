Feature: R9 Trace size bounds
  Each decision's requirement, check, plan and host lines are bounded; past the bound a marker says how much was
  left out and exact totals remain; the outcome lists at most 50 hosts and totals the rest exactly.

  Background:
    Given the recording "features/recordings/trace-wide.yaml"

  @R9.1
  Scenario Outline: The line bound is a whole number from 50 to 100000, 1000 by default
    When I run the commands:
      """
      trace on all <option>
      """
    Then the output is:
      """
      <answer>
      """

    Examples:
      | option       | answer                                                                                           |
      |              | trace on for all jobs, level summary, at most 1000 lines per decision (from the next session)    |
      | lines 50     | trace on for all jobs, level summary, at most 50 lines per decision (from the next session)      |
      | lines 100000 | trace on for all jobs, level summary, at most 100000 lines per decision (from the next session)  |
      | lines 49     | error: trace on: lines '49' is not a whole number from 50 to 100000                              |
      | lines 100001 | error: trace on: lines '100001' is not a whole number from 50 to 100000                          |
      | lines 1e3    | error: trace on: lines '1e3' is not a whole number from 50 to 100000                             |
      | lines -5     | error: trace on: lines '-5' is not a whole number from 50 to 100000                              |
      | lines abc    | error: trace on: lines 'abc' is not a whole number from 50 to 100000                             |

  @R9.2
  Scenario: Past the bound capture stops and a marker says how many lines were omitted
    # Job 1's full trace has 248 requirement, plan and host lines: 1 requirement line, 6 discarded plans, the
    # tried plan, 3 lines for position 1, 4 for each of the 59 others, and the commit line. 50 are kept.
    When I run the commands:
      """
      trace on 1 level full lines 50
      step
      """
    # The 50th kept line is n11's acceptance for position 11; the line saying position 11 was filled is the first
    # one omitted.
    Then the output contains the line "  trace truncated: 198 lines omitted (bound 50 lines)"
    And the output contains the line "        n11: accepted"
    And the output does not contain "position 11: filled by n11"

  @R9.3
  Scenario: A truncated trace keeps its selection and the exact decision-wide totals
    When I run the commands:
      """
      trace on 1 level full lines 50
      step
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      trace of 1: round 1, position 1, level full
      selection: round 1, position 1; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
      trace truncated: 198 lines omitted (bound 50 lines)
      decision totals: plans tried 1, plans discarded 6; host evaluations: accepted 60, selection mismatch 0, resource shortfall 0, limit exceeded 0, already claimed 59, not evaluated 0
      outcome: dispatched to 60 hosts
      """

  @R9.4
  Scenario: The outcome lists at most 50 hosts and totals the others exactly
    When I run the commands:
      """
      trace on all
      step 2
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      outcome: dispatched to 60 hosts
        n50: slots 1; limit charges: per_host_jobs[host=n50] jobs 1
        10 more hosts omitted; together: slots 10; limit charges: per_host_jobs jobs 10
        shared resources: none
        cluster-wide limit charges: none
      """
    And the trace of job 2 in round 1 contains these lines in order:
      """
      outcome: pended, 60 pend reasons
        n50: select-mismatch type==ARM
        10 more hosts omitted; their entries: select-mismatch 10
      """
    And the trace of job 2 in round 1 does not contain "n51: select-mismatch"

  @R9.4
  Scenario: The omitted hosts' limit charges are totalled per limit name and resource
    # Kills: the totals keyed by scope instance too (the deviation), and `sorted(limits.items())` -> `list(...)`.
    # 53 hosts, 3 omitted (w51-w53). Each carries per_host_jobs[host=wNN] jobs 1 and hc[user=ann,host=wNN]
    # slots 1 and jobs 1: totalled over the three scope instances that is jobs 3 for per_host_jobs, and jobs 3
    # and slots 3 for hc, in name order, with no scope instance listed.
    Given the recording "features/recordings/trace-wide-limits.yaml"
    When I run the commands:
      """
      trace on all
      step
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      outcome: dispatched to 53 hosts
        w50: slots 1; limit charges: per_host_jobs[host=w50] jobs 1, hc[user=ann,host=w50] slots 1, hc[user=ann,host=w50] jobs 1
        3 more hosts omitted; together: slots 3; limit charges: hc jobs 3, hc slots 3, per_host_jobs jobs 3
        shared resources: none
      """
    And the trace of job 1 in round 1 does not contain "host=w51"

  @R9.5
  Scenario: Stored traces are bounded; the oldest go first and the newest always stays
    # With a 5200-byte bound (REFSIM_TRACE_STORE_BYTES, the test seam), only the three newest traces fit.
    Given the demo recording
    When I run the commands with the trace store bound 5200:
      """
      trace on all
      continue
      trace status
      info trace 108
      """
    Then the output contains these lines in order:
      """
      trace store: 5023 of 5200 bytes used, 3 traces stored, 10 discarded
        trace of 108: round 12, position 1, level summary
      """

  @R9.5
  Scenario: The most recently captured trace is kept even when it alone passes the bound
    Given the demo recording
    When I run the commands with the trace store bound 100:
      """
      trace on all level full
      step 2
      trace status
      info trace 102
      """
    Then the output contains these lines in order:
      """
      trace store: 3020 of 100 bytes used, 1 trace stored, 1 discarded
        trace of 102: round 1, position 1, level full
      """

  @R9.5
  Scenario: The store's default bound is 64 MiB
    Given the demo recording
    When I run the commands:
      """
      trace status
      """
    Then the output contains the line "trace store: 0 of 67108864 bytes used, 0 traces stored, 0 discarded"

  @R9.6
  Scenario: Info trace on a job whose trace was discarded says so
    Given the demo recording
    When I run the commands with the trace store bound 5200:
      """
      trace on all
      continue
      info trace 100
      info trace 101
      """
    Then the output contains these lines in order:
      """
      job 100: its trace was discarded under the trace store's memory bound
      job 101: its trace was discarded under the trace store's memory bound
      """
