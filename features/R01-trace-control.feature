Feature: R1 Trace control
  The operator turns tracing on and off at runtime, for all jobs or chosen ones, at a chosen level, with a line
  bound and an optional file; settings apply from the next session.

  Background:
    Given the demo recording

  @R1.1
  Scenario: Trace on all traces every decision of the sessions that start after the command
    When I run the commands:
      """
      step 2
      trace on all
      step 3
      """
    Then the output contains these lines in order:
      """
      round 1 #1 dispatch 102 -> hostA*2 hostC*1
      trace on for all jobs, level summary, at most 1000 lines per decision (from the next session)
      round 1 #2 dispatch 101 -> hostA*4
      round 1 #3 dispatch 103 -> hostC*2
      round 2 #1 pend 104: cluster-limit: user_slots[user=alice] slots
        trace of 104: round 2, position 1, level summary
      """
    And the output does not contain "trace of 101"
    And the output does not contain "trace of 103"

  @R1.1
  Scenario: Trace on given at a round-begin breakpoint traces that round: the stop is before its session begins
    # Kills: the session hook asked before RoundStarted is reported (the held round would keep the old settings).
    When I run the commands:
      """
      break round 2
      continue
      trace on all
      step
      """
    Then the output contains these lines in order:
      """
      breakpoint 1 (round 2): stopped before round 2 at t=10
      trace on for all jobs, level summary, at most 1000 lines per decision (from the next session)
      round 2 #1 pend 104: cluster-limit: user_slots[user=alice] slots
        trace of 104: round 2, position 1, level summary
      """

  @R1.1
  Scenario: At a round-begin breakpoint every round is traced from the one stopped before
    # Kills: Console._next entering the held round before the breakpoint stop (round 2 would go untraced).
    When I run the commands:
      """
      break round-begin
      continue
      continue
      trace on all
      delete
      step 4
      """
    Then the output contains these lines in order:
      """
      breakpoint 1 (round-begin): stopped before round 2 at t=10
      round 2 #1 pend 104: cluster-limit: user_slots[user=alice] slots
        trace of 104: round 2, position 1, level summary
      round 2 #2 dispatch 105 -> hostA*1
        trace of 105: round 2, position 2, level summary
      """
    And the output does not contain "trace of 103"

  @R1.2
  Scenario Outline: Job ids select jobs; an array id selects every element, an element id only itself
    When I run the commands:
      """
      trace on <ids>
      step 12
      """
    Then the output contains the line "trace on for jobs <shown>, level summary, at most 1000 lines per decision (from the next session)"
    And the output <element 1> contain "trace of 107[1]: round 3"
    And the output <element 2> contain "trace of 107[2]: round 3"
    And the output does not contain "trace of 105"

    Examples:
      | ids          | shown        | element 1 | element 2 |
      | 107          | 107          | does      | does      |
      | 107[2]       | 107[2]       | does not  | does      |
      | 107[2] 107[1] | 107[1-2]    | does      | does      |

  @R1.3
  Scenario: A job that does not exist yet is accepted and traced once it appears
    When I run the commands:
      """
      info job 108
      trace on 108
      continue
      """
    Then the output contains these lines in order:
      """
      job 108: unknown
      trace on for jobs 108, level summary, at most 1000 lines per decision (from the next session)
      round 4 #3 pend 108: select-mismatch on 4 hosts; host-closed on 1 host
        trace of 108: round 4, position 3, level summary
      """

  @R1.4
  Scenario: A new trace on replaces the job selection, level, bound and file
    When I run the commands:
      """
      trace on 102 level full lines 60 file {tmp}/first.txt
      trace on 103
      trace status
      step 4
      """
    Then the output contains these lines in order:
      """
      for the next session: trace on for jobs 103, level summary, at most 1000 lines per decision
        trace of 103: round 1, position 3, level summary
      """
    And the output does not contain "trace of 102"
    And the file "{tmp}/first.txt" has 0 lines

  @R1.5
  Scenario: Trace off stops tracing from the next session and keeps stored traces
    When I run the commands:
      """
      trace on 104
      break round 3
      continue
      trace off
      continue
      info trace 104
      """
    Then the output contains these lines in order:
      """
      trace off (from the next session)
      round 3 t=20: 4 dispatched (107[1-4]), 2 pended (104 106)
        trace of 104: round 2, position 1, level summary
      """
    And the output does not contain "trace of 104: round 3"

  @R1.6
  Scenario: A trace command during a session applies from the next session only
    # Stopped at a breakpoint inside round 2, the session keeps the settings it began with: 104 is traced only
    # from round 3.
    When I run the commands:
      """
      trace on 106
      break job 104
      continue
      trace on 104 106
      delete
      continue
      """
    Then the output contains these lines in order:
      """
      round 2 #1 pend 104: cluster-limit: user_slots[user=alice] slots
      breakpoint 1 (job 104): stopped after the decision for 104
      trace on for jobs 104 106, level summary, at most 1000 lines per decision (from the next session)
      round 3 #1 pend 104: cluster-limit: user_slots[user=alice] slots
        trace of 104: round 3, position 1, level summary
      """
    And the output does not contain "trace of 104: round 2"

  @R1.7
  Scenario: Trace status shows the settings in effect, any pending replacement and the store
    When I run the commands:
      """
      trace status
      trace on 102 level full file {tmp}/t.txt
      step 2
      trace on all lines 50
      trace status
      """
    Then the output contains these lines in order:
      """
      for the next session: trace off
      trace store: 0 of 67108864 bytes used, 0 traces stored, 0 discarded
      in effect for the session in progress: trace on for jobs 102, level full, at most 1000 lines per decision, file {tmp}/t.txt
      from the next session: trace on for all jobs, level summary, at most 50 lines per decision
      """
    And the output contains the line "trace store: 3020 of 67108864 bytes used, 1 trace stored, 0 discarded"

  @R1.7
  Scenario: Once the last decision of a session is reported, status shows only the next session's settings
    # Kills: Simulator.session_in_progress kept True until the round's end (`to_report > 0` -> `True`).
    # Round 1 of the demo reports 4 decisions (100 reconstructed, then 102, 101, 103). After `step 4` the last
    # one has been reported, so the session has ended although the round's summary has not been reached; after
    # `step 3` it is still in progress.
    When I run the commands:
      """
      trace on 102
      step 3
      trace off
      trace status
      step
      trace status
      """
    Then the output contains these lines in order:
      """
      in effect for the session in progress: trace on for jobs 102, level summary, at most 1000 lines per decision
      from the next session: trace off
      round 1 #3 dispatch 103 -> hostC*2
      for the next session: trace off
      """
    And the output does not contain "in effect for the session in progress: trace off"

  @R1.7
  Scenario: A session ended by its last pend shows the next settings at a breakpoint on that job
    # Kills: Console._decision raising the breakpoint stop before `self._reported()` ends the session.
    # Round 2 reports only 104 (pend) and 105 (dispatch); the breakpoint stops after 105, the last decision.
    When I run the commands:
      """
      trace on 104
      break job 105
      continue
      trace status
      """
    Then the output contains these lines in order:
      """
      breakpoint 1 (job 105): stopped after the decision for 105
      for the next session: trace on for jobs 104, level summary, at most 1000 lines per decision
      """

  @R1.8
  Scenario: Summary is the default level; the levels differ only in how host verdicts are shown
    When I run the commands:
      """
      trace on 103
      step 4
      """
    Then the trace of job 103 in round 1 contains these lines in order:
      """
      trace of 103: round 1, position 3, level summary
      requirement: 2 alternatives: satisfied
          plan 1: 1 host, tasks per position [2]: tried
            position 1: not filled; hosts rejected: selection mismatch 4, resource shortfall 4, limit exceeded 1 (gpu_per_user[hosts=hostD,user=dave] 1)
      """
    And the trace of job 103 in round 1 does not contain "hostD: "
    And the trace of job 103 in round 1 at level full differs from it only in host verdicts

  @R1.8
  Scenario: A compound job's traces at the two levels differ only in host verdicts
    # Kills: `if self.level is Level.FULL` negated in Collector._position_started or _filled.
    When I run the commands:
      """
      trace on 102
      step 2
      """
    Then the trace of job 102 in round 1 at level full differs from it only in host verdicts

  @R1.9
  Scenario Outline: An invalid trace argument is named and no setting changes
    When I run the commands:
      """
      trace on 102 level full
      trace on <args>
      trace status
      """
    Then the output contains these lines in order:
      """
      error: trace on: <error>
      for the next session: trace on for jobs 102, level full, at most 1000 lines per decision
      """

    Examples:
      | args                 | error                                                        |
      | all colour red       | unknown option 'colour'                                      |
      | 102 12x              | malformed job id '12x'                                       |
      | all level verbose    | level 'verbose' is not summary or full                       |
      | all lines 49         | lines '49' is not a whole number from 50 to 100000           |
      | all lines 100001     | lines '100001' is not a whole number from 50 to 100000       |
      | all lines 1e3        | lines '1e3' is not a whole number from 50 to 100000          |
      | all lines -5         | lines '-5' is not a whole number from 50 to 100000           |
      | all lines abc        | lines 'abc' is not a whole number from 50 to 100000          |
      | all level            | option 'level' needs a value                                  |
      | all lines 60 lines 70 | option 'lines' is given twice                               |
      |                      | a job selection (all or job ids) is required                 |

  @R1.9
  Scenario Outline: A trace command with an unknown subcommand or no job selection is named as an error
    # Kills: commands.unknown's `words[0] == "trace"` negated; parse_trace_on's `if jobs == []` check dropped.
    When I run the commands:
      """
      trace on 102 level full
      <command>
      trace status
      """
    Then the output contains these lines in order:
      """
      error: <error>
      for the next session: trace on for jobs 102, level full, at most 1000 lines per decision
      """

    Examples:
      | command             | error                                                                  |
      | trace bogus         | trace: unknown subcommand 'bogus' (expected on, off, status)           |
      | trace               | trace: expected a subcommand (on, off, status)                         |
      | trace on level full | trace on: a job selection (all or job ids) is required                 |
      | trace on lines 60   | trace on: a job selection (all or job ids) is required                 |
      | trace off now       | trace off: unexpected argument 'now'                                   |
      | trace status x      | trace status: unexpected argument 'x'                                  |

  @R1.9
  Scenario: A file path longer than 4095 bytes is refused; 4095 bytes is accepted
    When I run the commands:
      """
      trace on all file {path 4096}
      trace on all file {path 4095}
      """
    Then the output is:
      """
      error: trace on: file path is 4096 bytes long (at most 4095)
      trace on for all jobs, level summary, at most 1000 lines per decision, file {path 4095} (from the next session)
      """

  @R1.12
  Scenario: A trace file path of exactly 4095 bytes receives the trace
    # Kills: `>` -> `>=` against MAX_PATH_BYTES in settings._file, and TraceFile.write dropped.
    When I run the commands:
      """
      trace on 102 file {path 4095}
      step 2
      """
    Then the file "{path 4095}" contains the line "  trace of 102: round 1, position 1, level summary"
    And the file "{path 4095}" holds exactly the trace blocks printed

  @R1.10
  Scenario: Trace settings persist across sessions until changed
    When I run the commands:
      """
      trace on 104
      continue
      """
    Then the output contains these lines in order:
      """
      round 2 #1 pend 104: cluster-limit: user_slots[user=alice] slots
        trace of 104: round 2, position 1, level summary
        trace of 104: round 3, position 1, level summary
        trace of 104: round 7, position 1, level summary
        trace of 104: round 8, position 1, level summary
      """

  @R1.11
  Scenario: Help lists the trace commands in their own section and info trace among the info commands
    When I run the commands:
      """
      help
      """
    Then the output contains these lines in order:
      """
      Inspection:
        info trace JOBID                                  re-print a job's latest stored trace (an array: each element's)
        info limit                                        limits with their consumers, values and usage per scope
      Trace:
        trace on all|JOBID... [level summary|full] [lines N] [file PATH] [json PATH]
        trace off                                         stop explaining decisions from the next session on
        trace status                                      the trace settings in effect, any that replace them next session, and the store's use
      Console:
      """

  @R1.12
  Scenario: Trace on takes any number of job ids and a long path, beyond the ordinary limits
    When I run the commands:
      """
      trace on {ids 1 to 300} 104 level full
      info job {ids 1 to 17}
      """
    Then the output contains the line "trace on for jobs 1-300, level full, at most 1000 lines per decision (from the next session)"
    And the output contains the line "error: too many arguments: 18 (at most 16)"
