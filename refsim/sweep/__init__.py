"""Sweeps: many replays of recordings under varied parameters, on local processes or a Dask cluster, with a
results table and a comparison report (docs/sweep.md). The package sits above the simulator: it builds recordings,
replays them through refsim.sim and measures them with refsim.report, and never reaches into the scheduler."""
