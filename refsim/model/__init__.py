"""Plain data of the scheduler's world: units, resources, hosts, queues, limits, jobs and job ids.

Nothing here decides anything; the scheduler core (refsim.sched) does.
"""
