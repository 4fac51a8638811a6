"""One OpenBLAS thread for the refsim process, unless the user chose a number.

numpy starts OpenBLAS's thread pool when it is imported, one thread per core, and each new thread spins for a
while before it sleeps: about 60 ms of CPU on two cores, for a pool refsim never uses (its arrays are sums,
comparisons and sorts; it makes no BLAS call, so no result depends on the pool). The `refsim` command imports this
module before anything that imports numpy. A library user of refsim keeps numpy's own default."""

from __future__ import annotations

import os

THREADS = "OPENBLAS_NUM_THREADS"

os.environ.setdefault(THREADS, "1")
