Feature: The console
  Commands come one per line, from a terminal or a pipe. Unknown commands and bad arguments get one error line
  naming the bad word, and nothing changes. Ordinary commands take at most 16 arguments of at most 255 bytes.

  Scenario: Help lists the commands in labelled sections
    Given the demo recording
    When I run the commands:
      """
      help
      """
    Then the output contains these lines in order:
      """
      Running:
        step [N]                                          report the next N decisions, one echo line each (default 1)
      Breakpoints:
      Inspection:
        info job JOBID                                    a job's state, request and latest decision
      Settings:
      Console:
        quit                                              leave the simulator (end of input does the same)
      """

  Scenario: Help on one command
    Given the demo recording
    When I run the commands:
      """
      help info host
      help frobnicate
      """
    Then the output is:
      """
      usage: info host NAME
        a host's status, capacity, usage and running jobs
      error: help: no command 'frobnicate'
      """

  Scenario: Unknown commands, stray arguments and unbalanced quotes
    Given the demo recording
    When I run the commands:
      """
      frobnicate now
      continue please
      info
      snapshot "unclosed
      """
    Then the output is:
      """
      error: unknown command 'frobnicate' (try 'help')
      error: continue: unexpected argument 'please'
      error: unknown command 'info' (try 'help')
      error: No closing quotation
      """

  Scenario: Argument count and length limits
    Given the demo recording
    When I run the commands:
      """
      info job 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17
      info host aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
      """
    Then the output is:
      """
      error: too many arguments: 18 (at most 16)
      error: word 3 is 256 bytes long (at most 255)
      """

  Scenario: Quit ends the console; commands after it are not read
    Given the demo recording
    When I run the commands:
      """
      quit
      step
      """
    Then the output is empty
    And the exit status is 0

  Scenario: The end of input quits cleanly and finishes the output file
    Given the demo recording
    And the console options "--sim-output {tmp}/out.jsonl"
    When I run the commands:
      """
      step 2
      """
    Then the exit status is 0
    # the header, the four jobs submitted at t=0, two decisions
    And the file "{tmp}/out.jsonl" has 7 lines

  Scenario: A recording that does not load is one error line and a non-zero exit
    Given a recording:
      """
      cluster:
        hosts:
          - {name: a, slots: many}
      """
    When I run the commands:
      """
      step
      """
    Then the output contains the line "Error: {tmp}/recording.yaml: cluster.hosts[0].slots: 'many' is not an amount"
    And the exit status is 2
