Feature: R10 No interference with scheduling
  Tracing only observes: decisions, allocations, pend reasons, accounting, --sim-output, snapshots and
  --sim-verify are the same with it on or off, and with it off the console prints what it printed before.

  @R10.1
  Scenario Outline: Decisions, allocations and pend reasons are the same whatever is traced
    Given the recording "<recording>"
    Then tracing <selection> at level <level> changes no decision, snapshot or verification

    Examples:
      | recording                                    | selection   | level   |
      | examples/compound-alternatives.yaml          | all         | full    |
      | examples/limits.yaml                         | all         | summary |
      | features/recordings/trace-outcomes.yaml      | 1 3 4 5 6   | full    |
      | features/recordings/trace-wide.yaml          | 2           | summary |

  @R10.2
  Scenario: --sim-output, the snapshot and --sim-verify are the same with tracing on
    Given the demo recording
    Then tracing all at level full changes no decision, snapshot or verification

  @R10.3
  Scenario: Final accounting and job states are the same with tracing on
    # The snapshot holds the final usage (hosts, shared resources, limits) and every job's state.
    Given the recording "features/recordings/trace-hosts.yaml"
    Then tracing all at level full changes no decision, snapshot or verification

  @R10.4
  Scenario: With tracing off again the console prints what it printed without the feature
    Given the demo recording
    When I run the commands:
      """
      trace on 102 level full
      step 2
      trace off
      step 3
      info job 102
      continue
      """
    Then apart from the trace commands' replies and the traces, the output is that of the commands without them
      """
      trace on 102 level full
      step 2
      trace off
      step 3
      info job 102
      continue
      """

  @R10.5
  Scenario Outline: Existing commands behave and print as before
    Then the baseline case "<case>" replays unchanged

    Examples:
      | case                |
      | demo-step           |
      | demo-continue       |
      | demo-inspect        |
      | backlog-breakpoints |
      | limits-continue     |
      | compound-step       |
