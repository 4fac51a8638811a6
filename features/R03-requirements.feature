Feature: R3 Resource requirement selection explanation
  Every requirement tried is shown in evaluation order with its label (single, member i of n, alternative i of
  n, with the nesting path), task counts, requests and outcome.

  Background:
    Given the recording "features/recordings/trace-requirements.yaml"

  @R3.1
  Scenario: Requirements are labelled and nested in evaluation order
    When I run the commands:
      """
      trace on 4 level full
      step 4
      """
    Then the trace of job 4 in round 1 contains these lines in order:
      """
      requirement: 2 alternatives: satisfied
        requirement alternative 1 of 2: single, tasks min 1 max 1, requests slots only, select[type==GPU]: not satisfied
        requirement alternative 2 of 2: compound of 2 members: satisfied (chosen)
          requirement alternative 2 of 2 > member 1 of 2: single, tasks min 1 max 1, requests slots only, select[type==ARM]: satisfied
          requirement alternative 2 of 2 > member 2 of 2: single, tasks min 1 max 1, requests slots only, select[type==X86]: satisfied
      """

  @R3.2
  Scenario: Single requirements and members show task counts, requests and outcome; compounds their outcome
    When I run the commands:
      """
      trace on 1
      step
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      requirement: compound of 3 members: not satisfied
        requirement member 1 of 3: single, tasks min 2 max 2, requests mem 1GB per task: satisfied
        requirement member 2 of 3: single, tasks min 1 max 1, requests slots only, select[type==GPU]: not satisfied (point of failure)
      """

  @R3.3
  Scenario: The failing member is the point of failure and the members after it are not tried
    When I run the commands:
      """
      trace on 1 level full
      step
      """
    Then the trace of job 1 in round 1 is:
      """
      trace of 1: round 1, position 1, level full
      selection: round 1, position 1; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      requirement: compound of 3 members: not satisfied
        requirement member 1 of 3: single, tasks min 2 max 2, requests mem 1GB per task: satisfied
          plan 1: 1 host, tasks per position [2]: tried
            position 1 (2 tasks)
              x1: accepted
            position 1: filled by x1
          plan 1: committed; no further plans tried
        requirement member 2 of 3: single, tasks min 1 max 1, requests slots only, select[type==GPU]: not satisfied (point of failure)
          plan 1: 1 host, tasks per position [1]: tried
            position 1 (1 task)
              x1: selection mismatch (pre-filter): select[type==GPU]; not performed: host check
              a1: selection mismatch (pre-filter): select[type==GPU]; not performed: host check
            position 1: not filled
          plan 1: failed: position 1 could not be filled; no position filled, 1 of 1 tasks unplaced
          no plan could be placed
        requirement member 3 of 3: not tried
        released the claims of the earlier members on x1
      outcome: pended, 2 pend reasons
        a1: select-mismatch type==GPU
        x1: select-mismatch type==GPU
      """

  @R3.4
  Scenario: The satisfied alternative is chosen and the rest are not tried
    When I run the commands:
      """
      trace on 2
      step 2
      """
    Then the trace of job 2 in round 1 contains these lines in order:
      """
      requirement: 4 alternatives: satisfied
        requirement alternative 3 of 4: single, tasks min 2 max 2, requests slots only, select[type==ARM]: satisfied (chosen)
        requirement alternative 4 of 4: not tried
      """

  @R3.5
  Scenario: When every alternative fails, each one's failure is shown, an internal error included
    When I run the commands:
      """
      trace on 3 level full
      step 3
      """
    Then the trace of job 3 in round 1 contains these lines in order:
      """
      requirement: 3 alternatives: internal error
        requirement alternative 1 of 3: single, tasks min 1 max 1, requests slots only, select[type==GPU]: not satisfied
              x1: selection mismatch (pre-filter): select[type==GPU]; not performed: host check
        requirement alternative 2 of 3: single, tasks min 1 max 1, requests mem 1GB per task: internal error
          plan 1: ended in an internal error: injected fault at plan-attempt; no further plans tried
        requirement alternative 3 of 3: single, tasks min 1 max 1, requests mem 99GB per task: not satisfied
              x1: resource shortfall (pre-filter): mem total 8GB, used 0MB, reserved 0MB, requested 99GB; not performed: host check
      outcome: no decision: the allocation attempt ended in an internal error: the requirement evaluation ended in an internal error
      """

  @R3.6
  Scenario: An empty alternative is shown as skipped in its place
    When I run the commands:
      """
      trace on 2
      step 2
      """
    Then the trace of job 2 in round 1 contains these lines in order:
      """
      requirement: 4 alternatives: satisfied
        requirement alternative 1 of 4: skipped (no requirement content)
        requirement alternative 2 of 4: single, tasks min 2 max 2, requests slots only, select[type==GPU]: not satisfied
      """
