"""The scheduler core: picker, session, allocator runner, planner, host scan, limits, accounting, decisions and
the fault seam. No I/O: it never prints, renders or opens files. It reports what it does to an optional
observer (refsim.sched.events), passed explicitly and None by default.

The fast path's pieces, lowest first; each imports only modules below it (refsim/sched/state.py owns the first
three and decides which path a job takes):
- freeindex: committed free amounts per resource as numpy arrays, and the candidate hosts of a demand
- buckets: outcomes of jobs by bucket at a state version, and the fits held back
- verdicts: the mapping from host verdicts to pend reasons, and the verdicts remembered when explaining a pend
- candidates: the fast path's host source for scans, the candidates in cyclic scan order (below hostscan)
"""
