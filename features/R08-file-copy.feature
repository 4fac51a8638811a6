Feature: R8 Trace file copy
  An optional file receives exactly the traces printed inline; it is never the simulation output or the log, and
  it is finished and closed when tracing moves on or the console ends.

  @R8.1
  Scenario: The file gets every trace printed inline, notices and no-decisions included, and no info trace
    Given the recording "features/recordings/trace-outcomes.yaml"
    When I run the commands:
      """
      trace on 2 4 file {tmp}/trace.txt
      step 3
      info trace 2
      """
    Then the file "{tmp}/trace.txt" holds exactly the indented lines printed before "replay finished"

  @R8.2
  Scenario: A file that cannot be opened is an error naming it and the cause; settings do not change
    Given the demo recording
    When I run the commands:
      """
      trace on 101
      trace on all file {tmp}/missing/dir/trace.txt
      trace status
      """
    Then the output contains these lines in order:
      """
      error: trace on: cannot open file {tmp}/missing/dir/trace.txt: No such file or directory
      for the next session: trace on for jobs 101, level summary, at most 1000 lines per decision
      """

  @R8.3
  Scenario: The simulation output file or the log cannot be the trace file
    Given the demo recording
    And the console options "--sim-output {tmp}/out.jsonl --log {tmp}/sched.log"
    When I run the commands:
      """
      trace on all file {tmp}/out.jsonl
      trace on all file {tmp}/./sched.log
      trace status
      """
    Then the output contains these lines in order:
      """
      error: trace on: file {tmp}/out.jsonl is the simulation output or log file
      error: trace on: file {tmp}/./sched.log is the simulation output or log file
      for the next session: trace off
      """

  @R8.4
  Scenario: Set output naming a trace file still open is refused and nothing is truncated
    # After trace off the file stays open until round 1 ends, because round 1 began with it.
    Given the demo recording
    When I run the commands:
      """
      trace on 102 file {tmp}/trace.txt
      step 2
      trace off
      set output {tmp}/./trace.txt
      show
      """
    Then the output contains these lines in order:
      """
      error: set output: {tmp}/./trace.txt is a trace file still open for writing
      output none
      """
    And the file "{tmp}/trace.txt" contains the line "  trace of 102: round 1, position 1, level summary"

  @R8.4
  Scenario: Once the session that used it has ended, the trace file is closed and may become the output
    Given the demo recording
    When I run the commands:
      """
      trace on 102 file {tmp}/trace.txt
      step 2
      trace off
      step 3
      set output {tmp}/trace.txt
      """
    Then the output contains the line "output {tmp}/trace.txt"

  @R8.5
  Scenario: After a change the old file gets its session's traces, then closes
    Given the demo recording
    When I run the commands:
      """
      trace on 102 103 file {tmp}/old.txt
      step 2
      trace on 103 file {tmp}/new.txt
      step 2
      step 2
      """
    Then the file "{tmp}/old.txt" contains the line "  trace of 103: round 1, position 3, level summary"
    And the file "{tmp}/new.txt" has 0 lines

  @R8.5
  Scenario: The old file gets nothing from later sessions, is closed, and holds exactly its session's traces
    # Kills: Tracing.shown writing to the next session's file instead of the session's own.
    # Round 1 traces 102 and 103 into old.txt; from round 2 only 104 is traced, into new.txt. old.txt must not get
    # 104's traces, and once round 1 ended it is closed, so set output may take it (which starts it afresh).
    Given the demo recording
    When I run the commands:
      """
      trace on 102 103 file {tmp}/old.txt
      step 2
      trace on 104 file {tmp}/new.txt
      step 4
      """
    Then the file "{tmp}/old.txt" contains the line "  trace of 102: round 1, position 1, level summary"
    And the file "{tmp}/old.txt" contains the line "  trace of 103: round 1, position 3, level summary"
    And the file "{tmp}/old.txt" does not contain "round 2"
    And the file "{tmp}/new.txt" contains the line "  trace of 104: round 2, position 1, level summary"
    And the file "{tmp}/new.txt" does not contain "round 1"

  @R8.5
  Scenario: The replaced file closes as soon as its session's last decision is reported
    # Kills: Console._reported() dropped (the file would close only at the round's end).
    # Round 1 reports 100 (reconstructed), 102, 101, 103. After `step 4` its last decision is reported: the
    # session has ended, so old.txt is closed and may become the simulation output, though the round's summary
    # has not been reached yet. It holds 102's trace only; 101 and 103 were not traced under its settings.
    Given the demo recording
    When I run the commands:
      """
      trace on 102 file {tmp}/old.txt
      step 2
      trace on 101 file {tmp}/new.txt
      step 2
      set output {tmp}/old.txt
      """
    Then the output contains these lines in order:
      """
      round 1 #3 dispatch 103 -> hostC*2
      output {tmp}/old.txt
      """
    And the output does not contain "error: set output"

  @R8.5
  Scenario: A file replaced before its session's last decision still refuses set output
    # Kills: `to_report > 0` -> `to_report > 1` in Simulator._round (the session would end a report early).
    # After `step 3`, 103 (the last of round 1) has not been reported: the session is in progress.
    Given the demo recording
    When I run the commands:
      """
      trace on 102 file {tmp}/old.txt
      step 2
      trace off
      step
      set output {tmp}/old.txt
      """
    Then the output contains the line "error: set output: {tmp}/old.txt is a trace file still open for writing"

  @R8.6
  Scenario Outline: Quit, the end of input or the end of the replay finish and close the file
    # Kills: TraceFile.write writing anything but exactly the printed block lines (the whole file is compared).
    Given the demo recording
    When I run the commands:
      """
      trace on 102 file {tmp}/trace.txt
      <how>
      """
    Then the file "{tmp}/trace.txt" contains the line "  trace of 102: round 1, position 1, level summary"
    And the file "{tmp}/trace.txt" holds exactly the trace blocks printed
    And the exit status is 0

    Examples:
      | how      |
      | step 2   |
      | continue |

  @R8.6
  Scenario: Quit finishes the trace file
    Given the demo recording
    When I run the commands:
      """
      trace on 102 file {tmp}/trace.txt
      step 2
      quit
      """
    Then the file "{tmp}/trace.txt" contains the line "    cluster-wide limit charges: user_slots[user=bob] slots 3"

  @R8.7
  Scenario: Tracing writes nothing to the scheduler's log
    Given the demo recording
    And the console options "--log {tmp}/with.log -vv"
    When I run the commands:
      """
      trace on all level full file {tmp}/trace.txt
      continue
      """
    Then the file "{tmp}/with.log" is the log an untraced "continue" writes with "-vv"

  @R8.5
  Scenario: The old file is closed at its session's end: set output may then take it
    # Kills: Tracing.close_unused closing nothing (new.txt, still wanted, must stay open; old.txt must close).
    Given the demo recording
    When I run the commands:
      """
      trace on 102 103 file {tmp}/old.txt
      step 2
      trace on 104 file {tmp}/new.txt
      step 4
      set output {tmp}/old.txt
      set output {tmp}/new.txt
      """
    Then the output contains these lines in order:
      """
      output {tmp}/old.txt
      error: set output: {tmp}/new.txt is a trace file still open for writing
      """
