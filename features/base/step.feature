Feature: Step mode
  `step [N]` reports the next N decisions, one echo line each: round, position, dispatch or pend, the job, and
  where it went or why it pends in brief. Selections that end in no decision are not echoed and are not steps.

  Scenario: Stepping through the first decisions of the demo
    Given the demo recording
    When I run the commands:
      """
      step
      step 2
      """
    Then the output is:
      """
      round 1 dispatch 100 -> hostB*4 (reconstructed)
      round 1 #1 dispatch 102 -> hostA*2 hostC*1
      round 1 #2 dispatch 101 -> hostA*4
      """

  Scenario: Pend echo lines give job-level reasons with their detail and host-level ones counted
    Given the recording "examples/backlog.yaml"
    When I run the commands:
      """
      step 3
      """
    Then the output is:
      """
      round 1 #1 dispatch 1 -> a*2
      round 1 #2 pend 2: resource-shortfall on 1 host
      round 1 #3 pend 3: no-plan: needs 3 tasks but the open hosts have 2 slots in all
      """

  Scenario: A selection without a decision is neither echoed nor counted as a step
    Given the demo recording
    When I run the commands:
      """
      break round 4
      continue
      step 4
      """
    Then the output contains these lines in order:
      """
      round 4 #1 pend 104: cluster-limit: user_slots[user=alice] slots
      round 4 #2 pend 106: shared-shortfall: lic_a
      round 4 #3 pend 108: select-mismatch on 4 hosts; host-closed on 1 host
      round 5 #1 pend 104: cluster-limit: user_slots[user=alice] slots
      """
    And the output does not contain "109"

  Scenario Outline: A step count must be a whole number from 1 to 1000000
    Given the demo recording
    When I run the commands:
      """
      step <count>
      """
    Then the output is:
      """
      error: step: '<count>' is not a whole number from 1 to 1000000
      """

    Examples:
      | count   |
      | 0       |
      | 1000001 |
      | abc     |
      | -5      |
      | 1e3     |

  Scenario: Stepping past the end reports the end once, then refuses
    Given the recording "examples/backlog.yaml"
    When I run the commands:
      """
      step 1000
      step
      """
    Then the output contains these lines in order:
      """
      round 6 #1 pend 3: no-plan: needs 3 tasks but the open hosts have 2 slots in all
      replay finished after 6 rounds at t=60: 2 dispatched, 2 finished, 0 running, 1 pending
      error: the replay has finished
      """

  Scenario: A pend echo line counts hosts, not reasons, for each host-level code
    # Kills: brief_reasons counting reasons per code instead of distinct hosts.
    # Both hosts fall short of mem and of ngpus: four resource-shortfall reasons on two hosts. The echo says
    # "on 2 hosts" (counting reasons would say 4, more hosts than the cluster has).
    Given a recording:
      """
      cluster:
        resources:
          - {name: ngpus}
        hosts:
          - {name: h1, slots: 2, mem: 2G, ngpus: 1}
          - {name: h2, slots: 2, mem: 2G, ngpus: 1}
      events:
        - {time: 0, submit: {id: 1, resreq: "rusage[mem=4G:ngpus=2]", run_time: 10}}
      """
    When I run the commands:
      """
      step
      """
    Then the output is:
      """
      round 1 #1 pend 1: resource-shortfall on 2 hosts
      """
