Feature: R11 Simulator-only availability
  Decision tracing exists only in the interactive console: no option, setting or request turns it on in the live
  scheduler, and neither the live scheduler nor a batch replay collects or prints a trace.

  @R11.1
  Scenario Outline: No command-line option enables tracing
    When I run refsim with "<args>"
    Then the output does not contain "trace"

    Examples:
      | args              |
      | --help            |
      | sim --help        |
      | live --help       |
      | import swf --help |

  @R11.1
  Scenario: Neither a trace option, a recording key nor a live request is accepted
    When I run refsim with "live examples/live/cluster.yaml" and the input:
      """
      {"type":"trace","jobs":"all"}
      {"type":"reconfig","trace":true,"cluster":{"hosts":[{"name":"a","slots":1}]}}
      """
    Then the output is:
      """
      {"message":"message 1: unknown message type 'trace' (expected one of: submit, finish, host, schedule, status, reconfig)","protocol":2,"type":"error"}
      {"message":"message 2: unknown key 'trace' (expected one of: type, cluster)","type":"error"}
      """

  @R11.1
  Scenario: A recording cannot ask for tracing
    Given a recording:
      """
      cluster:
        hosts:
          - {name: a, slots: 1}
      trace: {jobs: all}
      """
    When I run refsim with "sim {tmp}/recording.yaml"
    Then the output contains the line "Error: {tmp}/recording.yaml: unknown key 'trace' (expected one of: refsim, epoch, cluster, sessions, scheduling, events, decisions, test)"
    And the exit status is 2

  @R11.1
  Scenario: A trace option is refused
    When I run refsim with "sim --trace all"
    Then the output does contain "Error: No such option '--trace'."
    And the exit status is 2

  @R11.2
  Scenario: The live scheduler prints no trace
    When I run refsim with "live examples/live/cluster.yaml" and the input:
      """
      {"type":"submit","job":{"id":1,"tasks":4}}
      {"type":"submit","job":{"id":2,"tasks":40}}
      {"type":"schedule"}
      """
    Then no reply mentions a trace
    And the exit status is 0

  @R11.2 @whitebox
  Scenario: The live scheduler never builds a trace collector
    Then running "the live transcripts" in this process builds no trace collector

  @R11.3
  Scenario: A non-interactive replay prints no trace
    When I run refsim with "sim"
    Then the output is:
      """
      replay of demo: 12 rounds, simulated time 300
      jobs: 13 submitted, 11 dispatched, 11 finished, 0 running, 2 pending, 0 removed
      utilisation: 32.4%
      queue   jobs  started  finished  wait mean  median    p95    max  bsld mean  bsld max   util  makespan
      high       1        1         1        0.0     0.0    0.0    0.0       1.00      1.00   3.8%     120.0
      night      4        4         4        0.0     0.0    0.0    0.0       1.00      1.00   1.7%      40.0
      normal     8        6         6       26.7     0.0  110.0  110.0       1.64      3.20  27.0%     300.0
      (all)     13       11        11       14.5     0.0  110.0  110.0       1.35      3.20  32.4%     300.0
      """

  @R11.3 @whitebox
  Scenario: A non-interactive replay never builds a trace collector
    Then running "a batch replay of the demo" in this process builds no trace collector

  @R11.4
  Scenario Outline: The live scheduler answers exactly as before the feature
    Then the live transcript "<case>" is answered as recorded

    Examples:
      | case     |
      | basic    |
      | errors   |
      | reconfig |
