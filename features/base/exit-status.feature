Feature: Exit status and failed commands
  The console exits 0 when its input ends or it is told to quit, whatever went wrong on the way (`--on-error
  continue`, the default). With `--on-error stop` the first failed command ends it with exit status 1, like psql's
  ON_ERROR_STOP, so a script of commands can be checked by its exit status alone.

  Scenario: By default a failed command is reported and the console goes on
    Given the demo recording
    When I run the commands:
      """
      step 0
      step
      """
    Then the output is:
      """
      error: step: '0' is not a whole number from 1 to 1000000
      round 1 dispatch 100 -> hostB*4 (reconstructed)
      """
    And the exit status is 0

  Scenario: With --on-error stop the first failed command ends the console with exit status 1
    # The output file holds its header, the four submissions at t=0 and the one decision reported: 6 lines.
    Given the demo recording
    And the console options "--on-error stop --sim-output {tmp}/out.jsonl"
    When I run the commands:
      """
      step
      info job nonesuch
      step
      """
    Then the output is:
      """
      round 1 dispatch 100 -> hostB*4 (reconstructed)
      error: info job: malformed job id 'nonesuch'
      """
    And the exit status is 1
    And the file "{tmp}/out.jsonl" has 6 lines

  Scenario: With --on-error stop a script without mistakes exits 0
    Given the demo recording
    And the console options "--on-error stop"
    When I run the commands:
      """
      step 2
      quit
      """
    Then the exit status is 0
