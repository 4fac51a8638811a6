Feature: Inspection
  `info job`, `info host`, `info queue`, `info round`, `info limit` and `show` report the simulator's state;
  `snapshot FILE` writes it to a file.

  Background:
    Given the demo recording

  Scenario: A running job, an unknown job and a malformed id
    When I run the commands:
      """
      step 3
      info job 102
      info job 107
      info job x1
      """
    Then the output contains these lines in order:
      """
      job 102: running on hostA*2 hostC*1 since t=0
        user bob, queue high, project default, priority 0, queued t=0, run time 120
        tasks 1, requirement '2*{select[fast] rusage[mem=2G]} + 1*{select[type==ARM64] rusage[mem=8G]}'
        latest decision: round 1: dispatch -> hostA*2 hostC*1
      job 107: unknown
      error: info job: malformed job id 'x1'
      """

  Scenario: An array id lists every element; a job without a scheduling object says why
    When I run the commands:
      """
      break round 5
      continue
      info job 107
      info job 109
      """
    Then the output contains these lines in order:
      """
      job 107[1]: finished at t=60 (started t=20)
      job 107[4]: finished at t=60 (started t=20)
        latest decision: round 4: no decision: job has no scheduling object (at position 8: section 'select' has no closing ']' in 'select[type==')
      """

  Scenario: A host's usage follows the units mode
    When I run the commands:
      """
      step 3
      info host hostA
      set units raw
      info host hostA
      info host nohost
      """
    Then the output is:
      """
      round 1 dispatch 100 -> hostB*4 (reconstructed)
      round 1 #1 dispatch 102 -> hostA*2 hostC*1
      round 1 #2 dispatch 101 -> hostA*4
      host hostA: open
        slots: 6 used of 8
        mem: 20GB used of 32GB
        type=X86_64, fast=true
        running: 101-102
      units raw
      host hostA: open
        slots: 6 used of 8
        mem: 20480 used of 32768
        type=X86_64, fast=true
        running: 101-102
      host nohost: unknown
      """

  Scenario: Queues and limits
    When I run the commands:
      """
      step 3
      info queue
      info queue night
      info queue zzz
      info limit
      """
    Then the output contains these lines in order:
      """
      queue normal: priority 30, 1 pending (103), 2 running (100-101)
      queue high: priority 50, 0 pending, 1 running (102)
      queue night: priority 10, 0 pending, 0 running
      queue night: priority 10, 0 pending, 0 running
      queue zzz: unknown
      limit user_slots (cluster-wide): per_user: all; slots 12
        [user=alice] slots: 4 of 12
        [user=bob] slots: 3 of 12
        [user=carol] slots: 4 of 12
      limit gpu_per_user (host-scoped): hosts: hostD; per_user: all; ngpus 1
      """

  Scenario: The current round and the settings
    When I run the commands:
      """
      info round
      step 2
      info round
      show
      """
    Then the output is:
      """
      no round has started
      round 1 dispatch 100 -> hostB*4 (reconstructed)
      round 1 #1 dispatch 102 -> hostA*2 hostC*1
      round 1 at t=0, in progress: 2 decisions reported
        round 1 dispatch 100 -> hostB*4 (reconstructed)
        round 1 #1 dispatch 102 -> hostA*2 hostC*1
      units auto
      output none
      breakpoints 0
      continue normal
      """

  Scenario: A snapshot holds the state at that point
    When I run the commands:
      """
      step 3
      snapshot {tmp}/state.yaml
      snapshot /nonexistent/dir/state.yaml
      """
    Then the output is:
      """
      round 1 dispatch 100 -> hostB*4 (reconstructed)
      round 1 #1 dispatch 102 -> hostA*2 hostC*1
      round 1 #2 dispatch 101 -> hostA*4
      snapshot written to {tmp}/state.yaml
      error: snapshot: cannot write /nonexistent/dir/state.yaml: No such file or directory
      """
    And the file "{tmp}/state.yaml" contains the line "round: 1"
    And the file "{tmp}/state.yaml" contains the line "- id: '101'"
