"""The scheduler core. No I/O: it never prints, renders or opens files. It reports what it does to an optional
observer (refsim.sched.events), passed explicitly and None by default.

The decision stages, from a session down to one host, each a module:

    session.run_session           every pending job, in picker order (picker), gets a position
      disciplines/<name>.Round      under a discipline: may hold back a job that fits, or start it elsewhere,
        profile.Profile               planning on projected states (reservations, planned starts, extra resources)
      allocator.allocate            one job: look it up, its selection keys, its requirement tree, the decision
        evaluation.Evaluation         what every step below reads and adds to (state, ledger, reasons)
        tree.evaluate                 single / compound (all members) / alternatives (first satisfied)
          cluster_check                 shared resources and cluster-wide limits, once per requirement
          planner                       the plans of a single requirement, in order; discarded or declined ones
          placement.try_plan            fill a plan's positions in order; release the claims if one fails
            hostscan.scan_position        scan hosts cyclically from where the last position stopped
              hostscan.judge                pre-filter (status, select, capacity, limit values), then host check
            ledger.Ledger                 what this evaluation holds provisionally (claims, compound members)
        decisions                     dispatch (allocation), pend (reason set) or no-decision
      state.SchedulerState          committed usage (accounting) after each dispatch; fault seam (faults)

Data types sit lowest, each module importing only those below it: decisions <- reservations <- results <- events
(docs/architecture.md).

The fast path's pieces (docs/planning.md, "Two paths, one semantics"), lowest first; each imports only modules
below it (refsim/sched/state.py owns the first three and decides which path a job takes):
- freeindex: committed free amounts per resource as numpy arrays, and the candidate hosts of a demand
- buckets: outcomes of jobs by bucket at a state version, and the fits held back
- verdicts: the mapping from host verdicts to pend reasons, and the verdicts remembered when explaining a pend
- candidates: the fast path's host source for scans, the candidates in cyclic scan order (below hostscan)
- projection: a reservation profile's (holding, host) pairs as arrays, for projections and best fit
"""
