"""The scheduler core: picker, session, allocator runner, planner, host scan, limits, accounting, decisions and
the fault seam. No I/O: it never prints, renders or opens files. It reports what it does to an optional
observer (refsim.sched.events), passed explicitly and None by default."""
