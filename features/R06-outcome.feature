Feature: R6 Decision outcome explanation
  Every trace ends with the decision: what was allocated where, limit charges apart, or the pend reason set.

  Background:
    Given the recording "features/recordings/trace-outcomes.yaml"

  @R6.1
  Scenario: Per host the resources allocated and, labelled apart, the host-scoped limit charges
    When I run the commands:
      """
      trace on 1
      step 2
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      outcome: dispatched to 2 hosts
        h1: slots 3, mem 3GB; limit charges: per_host_slots[host=h1] slots 3
        h2: slots 2, mem 2GB; limit charges: per_host_slots[host=h2] slots 2
      """

  @R6.2
  Scenario: Once for the job the shared resources and, labelled apart, the cluster-wide limit charges
    When I run the commands:
      """
      trace on 1
      step 2
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      outcome: dispatched to 2 hosts
        shared resources: lic 1
        cluster-wide limit charges: user_lic[user=ann] lic 1, user_lic[user=ann] slots 5
      """

  @R6.3
  Scenario: A limit charge appears only as a limit charge
    # Kills: dispatch_lines listing a host's limit charges with its resources (before `; limit charges:`).
    # user_lic caps lic and slots: its charges are listed as limit charges, and the shared resources line and the
    # host lines hold only what was allocated.
    When I run the commands:
      """
      trace on 1
      step 2
      """
    Then the output contains the line "    shared resources: lic 1"
    And the output contains the line "    h1: slots 3, mem 3GB; limit charges: per_host_slots[host=h1] slots 3"
    And the output does not contain "shared resources: lic 1, "
    And no resource list in job 1's outcome in round 1 names the limits "user_lic" and "per_host_slots"

  @R6.4
  Scenario: A pend shows the pend reason set as --sim-output records it
    Given the recording "features/recordings/trace-basics.yaml"
    And the console options "--sim-output {tmp}/out.jsonl"
    When I run the commands:
      """
      trace on 2
      step 4
      """
    Then the trace of job 2 in round 1 contains these lines in order:
      """
      outcome: pended, 3 pend reasons
        h1: resource-shortfall mem
        h2: resource-shortfall mem
        h3: host-closed
      """
    And the file "{tmp}/out.jsonl" contains the line "{"job":"2","kind":"pend","position":4,"reasons":[{"code":"host-closed","count":1,"detail":"","hosts":"h3"},{"code":"resource-shortfall","count":2,"detail":"mem","hosts":"h[1-2]"}],"round":1,"time":0}"
