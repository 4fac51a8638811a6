Feature: Continue mode
  `continue` runs to a breakpoint or the end and prints one summary line per round; runs of alike rounds (nothing
  dispatched, the same jobs pended for the same reasons) are joined into one collapsed range.

  Scenario: Alike rounds collapse into one range line
    Given the recording "examples/backlog.yaml"
    When I run the commands:
      """
      continue
      """
    Then the output is:
      """
      round 1 t=10: 1 dispatched (1), 2 pended (2-3)
      rounds 2-4 t=20-40: 0 dispatched, 2 pended (2-3) each (3 rounds)
      round 5 t=50: 1 dispatched (2), 1 pended (3)
      round 6 t=60: 0 dispatched, 1 pended (3)
      replay finished after 6 rounds at t=60: 2 dispatched, 2 finished, 0 running, 1 pending
      """

  Scenario: Round lines compress job ids and count no-decisions
    Given the demo recording
    When I run the commands:
      """
      continue
      """
    Then the output contains these lines in order:
      """
      round 1 t=0: 4 dispatched (100-103), 0 pended
      round 3 t=20: 4 dispatched (107[1-4]), 2 pended (104 106)
      rounds 4-5 t=30-60: 0 dispatched, 3 pended (104 106 108), 1 no decision (109) each (2 rounds)
      round 6 t=70: 1 dispatched (106), 2 pended (104 108), 1 no decision (109)
      """

  Scenario: A continue after the end is refused
    Given the recording "examples/backlog.yaml"
    When I run the commands:
      """
      continue
      continue
      """
    Then the output contains the line "error: the replay has finished"
