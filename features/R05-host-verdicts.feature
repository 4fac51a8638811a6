Feature: R5 Host verdict explanation
  At full level every host considered is shown in order with its verdict and every reason found, and the stage
  that found it; at summary level each plan position counts the hosts per verdict kind.

  Background:
    Given the recording "features/recordings/trace-hosts.yaml"

  @R5.1
  Scenario: Each host in the order considered, with every reason and the checks not performed
    When I run the commands:
      """
      trace on 2 level full
      step 2
      """
    Then the trace of job 2 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 3 max 3, requests mem 2GB per task, select[type==X86]: satisfied
          position 1 (3 tasks)
            h1: resource shortfall (host check): slots total 4, used 2, reserved 0, requested 3
            h2: limit exceeded (pre-filter): h2_slots[hosts=h2,user=ann] slots value 1, usage 0, reserved 0, requested 3; not performed: host check
            h3: selection mismatch (pre-filter): select[type==X86]; not performed: host check
            h4: selection mismatch (pre-filter): host closed; not performed: select, capacity, limit values, host check
          position 1: not filled
      """

  @R5.2
  Scenario: A rejection says whether the pre-filter or the host check found it
    When I run the commands:
      """
      trace on 3 level full
      step 3
      """
    Then the trace of job 3 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 1 max 1, requests slots only, select[type==X86]: not satisfied
            h1: resource shortfall (host check): slots total 4, used 4, reserved 0, requested 1
            h2: limit exceeded (host check): h2_slots[hosts=h2,user=ann] slots value 1, usage 1, reserved 0, requested 1
            h3: selection mismatch (pre-filter): select[type==X86]; not performed: host check
      """

  @R5.3
  Scenario: A host that does not match the selection expression
    When I run the commands:
      """
      trace on 3 level full
      step 3
      """
    Then the trace of job 3 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 1 max 1, requests slots only, select[type==X86]: not satisfied
            h3: selection mismatch (pre-filter): select[type==X86]; not performed: host check
      """

  @R5.4
  Scenario: A shortfall shows total, used, reserved and the requested amount actually compared
    # The host check compares 3 tasks' slots against 4 total - 2 used - 0 reserved.
    Given the recording "features/recordings/trace-basics.yaml"
    When I run the commands:
      """
      trace on 2 level full
      step 4
      """
    Then the trace of job 2 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 4 max 4, requests mem 3GB per task: not satisfied
            h1: resource shortfall (pre-filter): mem total 8GB, used 4GB, reserved 0MB, requested 12GB; not performed: host check
            h1: resource shortfall (host check): mem total 8GB, used 4GB, reserved 0MB, requested 6GB
      """

  @R5.5
  Scenario: A host-scoped limit is a limit rejection with its numbers, never also a shortfall
    When I run the commands:
      """
      trace on 2 level full
      step 2
      """
    Then the output contains the line "        h2: limit exceeded (pre-filter): h2_slots[hosts=h2,user=ann] slots value 1, usage 0, reserved 0, requested 3; not performed: host check"
    And the output does not contain "h2: resource shortfall"

  @R5.6
  Scenario: A host claimed by an earlier position of the same plan
    When I run the commands:
      """
      trace on 2 level full
      step 2
      """
    Then the trace of job 2 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 3 max 3, requests mem 2GB per task, select[type==X86]: satisfied
          position 2 (1 task)
            h1: already claimed
            h2: accepted
      """

  @R5.7
  Scenario: A host not evaluated because of an internal error
    When I run the commands:
      """
      trace on 4 level full
      step 4
      """
    Then the trace of job 4 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 1 max 1, requests slots only, select[type==X86]: satisfied
            h1: not evaluated: internal error: injected fault at host-check
            h2: accepted
      """

  @R5.8
  Scenario: A plan failing after filling positions releases its claims
    Given the recording "features/recordings/trace-basics.yaml"
    When I run the commands:
      """
      trace on 2
      continue
      """
    Then the trace of job 2 in round 3 contains these lines in order:
      """
      requirement: single, tasks min 4 max 4, requests mem 3GB per task: not satisfied
        plan 2: 2 hosts, tasks per position [2,2]: tried
          position 1: filled by h1; no host rejected
          position 2: not filled; hosts rejected: selection mismatch 1, resource shortfall 1, already claimed 1
        released the claims of plan 2 on h1
        plan 2: failed: position 2 could not be filled; position 1 filled, 2 of 4 tasks unplaced
      """

  @R5.9
  Scenario: At summary level each position shows the host taken and the rejections counted per kind
    When I run the commands:
      """
      trace on 2
      step 2
      """
    Then the trace of job 2 in round 1 is:
      """
      trace of 2: round 1, position 2, level summary
      selection: round 1, position 2; policy fcfs: queue normal, queue priority 0, job priority 0, queue time 0
        cluster-wide limits: none; host-scoped limits are reported with each host's verdict
      requirement: single, tasks min 3 max 3, requests mem 2GB per task, select[type==X86]: satisfied
        plan 1: 1 host, tasks per position [3]: tried
          position 1: not filled; hosts rejected: selection mismatch 2, resource shortfall 1, limit exceeded 1 (h2_slots[hosts=h2,user=ann] 1)
          nearest misses: h1 (slots short by 1), h2 (h2_slots[hosts=h2,user=ann] slots over by 2)
        plan 1: failed: position 1 could not be filled; no position filled, 3 of 3 tasks unplaced
        plan 2: 2 hosts, tasks per position [2,1]: tried
          position 1: filled by h1; no host rejected
          position 2: filled by h2; hosts rejected: already claimed 1
        plan 2: committed; no further plans tried
      outcome: dispatched to 2 hosts
        h1: slots 2, mem 4GB
        h2: slots 1, mem 2GB; limit charges: h2_slots[hosts=h2,user=ann] slots 1
        shared resources: none
        cluster-wide limit charges: none
      """

  @R5.10
  Scenario: The six verdict kinds are used for every host listed
    When I run the commands:
      """
      trace on all level full
      step 4
      """
    Then the output contains these lines in order:
      """
      round 1 #2 dispatch 2 -> h1*2 h2*1
              h1: resource shortfall (host check): slots total 4, used 2, reserved 0, requested 3
              h2: limit exceeded (pre-filter): h2_slots[hosts=h2,user=ann] slots value 1, usage 0, reserved 0, requested 3; not performed: host check
              h3: selection mismatch (pre-filter): select[type==X86]; not performed: host check
              h1: accepted
              h1: already claimed
              h1: not evaluated: internal error: injected fault at host-check
      """
    And every host verdict listed uses one of the six verdict kinds

  @R5.4
  Scenario: A shortfall counts what an earlier member reserved on the host
    # Kills: the host check's `used + reserved + requested > total` losing its `reserved` term.
    # Job 1's member 1 holds 6G of a's 8G; member 2 asks 4G: 0 + 6 + 4 > 8 at the host check, so b takes it.
    Given the recording "features/recordings/trace-reserved.yaml"
    When I run the commands:
      """
      trace on 1 level full
      step
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      requirement: compound of 2 members: satisfied
        requirement member 2 of 2: single, tasks min 1 max 1, requests mem 4GB per task, lic 1 per job: satisfied
              a: resource shortfall (host check): mem total 8GB, used 0MB, reserved 6GB, requested 4GB
              b: accepted
      """

  @R5.4
  Scenario: A pre-filter shortfall shows 0 reserved for a resource nothing reserved, though the host holds another
    # Kills: the reserved amount looked up for another resource of the host (mem or slots in place of ngpus).
    # Job 4's member 1 holds mem and a slot on a; member 2's ngpus (a has none) is short in the pre-filter, and
    # the ngpus reserved on a is 0: the mem and slot held there are other resources.
    Given the recording "features/recordings/trace-reserved.yaml"
    When I run the commands:
      """
      trace on 4 level full
      step 4
      """
    Then the trace of job 4 in round 1 contains these lines in order:
      """
      requirement: compound of 2 members: satisfied
        requirement member 2 of 2: single, tasks min 1 max 1, requests ngpus 1 per task: satisfied
              a: resource shortfall (pre-filter): ngpus total 0, used 0, reserved 0, requested 1; not performed: host check
      """

  @R5.5
  Scenario: A host-scoped limit rejection counts what an earlier member reserved under the limit
    # Kills: the host limit check reading the limit's reserved amount as 0.
    # host_slots gives bob 2 slots on a; member 1 reserved 1 there, member 2 asks 2: 0 + 1 + 2 > 2.
    Given the recording "features/recordings/trace-reserved.yaml"
    When I run the commands:
      """
      trace on 2 level full
      step 2
      """
    Then the trace of job 2 in round 1 contains these lines in order:
      """
      requirement: compound of 2 members: satisfied
        requirement member 2 of 2: single, tasks min 2 max 2, requests slots only, span[hosts=1]: satisfied
              a: limit exceeded (host check): host_slots[users=bob,host=a] slots value 2, usage 0, reserved 1, requested 2
              b: accepted
      """
    And the trace of job 2 in round 1 does not contain "resource shortfall"

  @R5.9
  Scenario: At summary level a host rejected for several reasons counts once under each kind it matched
    # Kills: Collector._host counting a verdict under its first kind only (`ev.verdict.kinds[:1]`).
    # a has 2 slots (short of 3) and a_slots allows 1 there: one host, counted under resource shortfall and under
    # limit exceeded, 1 each (not 2 under either, and not under one kind only).
    Given a recording:
      """
      cluster:
        hosts:
          - {name: a, slots: 2}
          - {name: b, slots: 4}
        limits:
          - {name: a_slots, per_host: [a], resources: {slots: 1}}
      events:
        - {time: 0, submit: {id: 1, tasks: 3, resreq: "span[hosts=1]", run_time: 10}}
      """
    When I run the commands:
      """
      trace on 1
      step
      """
    Then the trace of job 1 in round 1 contains these lines in order:
      """
      requirement: single, tasks min 3 max 3, requests slots only, span[hosts=1]: satisfied
        plan 1: 1 host, tasks per position [3]: tried
          position 1: filled by b; hosts rejected: resource shortfall 1, limit exceeded 1 (a_slots[host=a] 1)
      """
