Feature: Settings and outputs
  `set units` changes how memory amounts are shown; `set output` sends the simulated decisions from then on to a
  new file; --sim-output and --sim-verify work in the console as in a batch run.

  Scenario Outline: Every units mode
    Given the demo recording
    When I run the commands:
      """
      set units <mode>
      step 3
      info host hostA
      """
    Then the output contains the line "  mem: <used> used of <total>"

    Examples:
      | mode | used          | total         |
      | raw  | 20480         | 32768         |
      | auto | 20GB          | 32GB          |
      | KB   | 20971520KB    | 33554432KB    |
      | MB   | 20480MB       | 32768MB       |
      | GB   | 20GB          | 32GB          |
      | TB   | 0.02TB        | 0.031TB       |

  Scenario: A bad units mode changes nothing
    Given the demo recording
    When I run the commands:
      """
      set units XB
      show
      """
    Then the output contains these lines in order:
      """
      error: set units: 'XB' is not one of raw, auto, KB, MB, GB, TB
      units auto
      """

  Scenario: The decisions go to the --sim-output file, then to the file set output names
    Given the demo recording
    And the console options "--sim-output {tmp}/first.jsonl"
    When I run the commands:
      """
      step 2
      set output {tmp}/second.jsonl
      step
      set output /nonexistent/dir/x.jsonl
      show
      """
    Then the output contains these lines in order:
      """
      output {tmp}/second.jsonl
      error: set output: cannot open /nonexistent/dir/x.jsonl: No such file or directory
      output {tmp}/second.jsonl
      """
    And the file "{tmp}/first.jsonl" has 3 lines
    And the file "{tmp}/second.jsonl" has 2 lines

  Scenario: --sim-verify in the console reports at the end of the replay
    Given the demo recording
    And the demo's decisions written to "{tmp}/expected.jsonl" with the decision for 106 changed
    And the console options "--sim-verify {tmp}/expected.jsonl"
    When I run the commands:
      """
      continue
      """
    Then the output contains these lines in order:
      """
      replay finished after 12 rounds at t=300: 11 dispatched, 11 finished, 0 running, 2 pending
      verify: 1 mismatches
      """
    And the output contains the line "mismatch: round 3 job 106: expected {"kind":"pend","position":2,"reasons":[{"code":"no-plan","detail":"changed"}]}, got {"kind":"pend","position":2,"reasons":[{"code":"shared-shortfall","detail":"lic_a"}]}"
