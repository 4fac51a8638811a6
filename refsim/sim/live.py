"""Live mode: the same scheduler, fed by a controller over a pipe. JSON lines in, JSON lines out
(docs/live.md). Live mode has no trace option, setting or request, and never builds a trace observer:
sessions run with no observer at all.

Protocol 2 (the default) speaks the current --sim-output form: a decision is the version 2 record (pend reasons
grouped by code and detail, with compressed host lists) with the `time` of its session, and the first reply of a
session carries `"protocol": 2`. Protocol 1 (`refsim live --protocol 1`) answers byte for byte as before: reasons
as [code, host, detail] triples, no times, no protocol field."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import BinaryIO
from dataclasses import replace

from refsim.model.bounds import MAX_MESSAGE, short
from refsim.model.cluster import Cluster
from refsim.model.jobid import JobId, JobIdError, parse_job_id
from refsim.sched.decisions import Dispatch, NoDecision, Pend
from refsim.sched.session import run_session
from refsim.sched.state import SchedulerState
from refsim.sim.document import DocumentError, load_json
from refsim.sim.load import EventReader, cluster_from
from refsim.model.bounds import MAX_TIME
from refsim.sim.output import Record, decision_record, dumps, output_record
from refsim.sim.reader import Node, RecordingError

REQUESTS = ("submit", "finish", "host", "schedule", "status", "reconfig")
PROTOCOLS = (1, 2)
PROTOCOL = 2  # the default: decisions as --sim-output version 2 writes them, with their session's time


class LiveScheduler:
    def __init__(self, cluster: Cluster, protocol: int = PROTOCOL) -> None:
        self.state = SchedulerState(cluster)
        self.reader = EventReader(cluster)
        self.round = 0
        self.messages = 0
        self.running: set[JobId] = set()
        self.protocol = protocol
        self.clock = 0.0  # the latest time a message gave (protocol 2): sessions never go back in time
        self.replied = False

    def handle(self, line: str) -> list[Record]:
        """Answer one message; a malformed or unknown one gets an error reply and changes nothing. Every request
        is validated whole before it touches the scheduler's state."""
        return self._versioned(self._replies(line))

    def not_utf8(self, byte: int) -> list[Record]:
        """The reply to a line that is not UTF-8 text (byte: the first bad one, from 1); it counts as a message."""
        self.messages += 1
        return self._versioned([_error(f"message {self.messages}: not UTF-8 text (byte {byte})")])

    def _versioned(self, replies: list[Record]) -> list[Record]:
        if not self.replied and replies and self.protocol >= 2:  # the first reply tells the protocol it speaks
            replies[0] = {**replies[0], "protocol": self.protocol}
        self.replied = self.replied or bool(replies)
        return replies

    def _replies(self, line: str) -> list[Record]:
        self.messages += 1
        name = f"message {self.messages}"
        if len(line) > MAX_MESSAGE:
            return [_error(f"{name}: longer than {MAX_MESSAGE} characters")]
        try:
            message = load_json(line)
        except json.JSONDecodeError as exc:
            return [_error(f"{name}: not valid JSON: {exc.msg}")]
        except DocumentError as exc:
            return [_error(f"{name}: not accepted: {exc.problem}")]
        node = Node(message, name)
        try:
            node.mapping()
            kind = node.child("type").text() if node.has("type") else ""
            if kind not in REQUESTS:
                raise node.error(f"unknown message type '{short(kind)}' (expected one of: {', '.join(REQUESTS)})")
            replies: list[Record] = getattr(self, f"_{kind}")(node)
            return replies
        except RecordingError as exc:
            return [_error(str(exc))]

    def _submit(self, node: Node) -> list[Record]:
        node.mapping(("type", "job", "time"), required=("job",))
        time = node.child("time").number() if node.has("time") else float(self.messages)
        for job in self.reader.submit(node.child("job"), time):
            self.state.submit(job)
        self.clock = max(self.clock, time)
        return [{"type": "ok"}]

    def _finish(self, node: Node) -> list[Record]:
        node.mapping(("type", "job"), required=("job",))
        try:
            job = parse_job_id(node.child("job").text())
        except JobIdError as exc:
            raise node.child("job").error(str(exc)) from None
        if job not in self.running:
            raise node.child("job").error(f"job {job} is not running")
        self.running.discard(job)
        self.state.finish(job)
        return [{"type": "ok"}]

    def _host(self, node: Node) -> list[Record]:
        change = self.reader.host(Node({k: v for k, v in node.value.items() if k != "type"}, node.file, node.path))
        host = self.state.cluster.host(change.host)
        assert host is not None  # the reader knows only the cluster's hosts
        self.state.set_cluster(self.state.cluster.with_host(replace(host, status=change.status)))
        return [{"type": "ok"}]

    def _schedule(self, node: Node) -> list[Record]:
        node.mapping(("type", "time") if self.protocol >= 2 else ("type",))
        time = self._session_time(node)
        self.round += 1
        replies: list[Record] = []
        for result in run_session(self.state, self.round):
            outcome = result.outcome
            if isinstance(outcome, (Dispatch, Pend)):
                record = (output_record if self.protocol >= 2 else decision_record)(
                    result.round, result.position, outcome)
                replies.append({"type": "decision", **record, **time})
                if isinstance(outcome, Dispatch):
                    self.running.add(result.job)
            elif isinstance(outcome, NoDecision):
                replies.append({"type": "no-decision", "round": result.round, "position": result.position,
                                "job": str(result.job), "kind": outcome.kind.name.lower().replace("_", "-"),
                                **time})
        replies.append({"type": "session-end", "round": self.round, "decisions": len(replies), **time})
        return replies

    def _session_time(self, node: Node) -> dict[str, float]:
        """Protocol 2: the session's time, `{"time": T}` for each of its replies: the message's `time` (not before
        the latest time given), else that latest time. Protocol 1 replies carry none."""
        if self.protocol < 2:
            return {}
        if node.has("time"):
            time = node.child("time").number(self.clock, MAX_TIME)
            self.clock = time
        return {"time": self.clock}

    def _status(self, node: Node) -> list[Record]:
        node.mapping(("type",))
        return [{"type": "status", "rounds": self.round, "pending": [str(j) for j in self.state.pending],
                 "running": sorted(str(j) for j in self.running), "hosts": len(self.state.cluster.hosts)}]

    def _reconfig(self, node: Node) -> list[Record]:
        node.mapping(("type", "cluster"), required=("cluster",))
        cluster = cluster_from(node.child("cluster"))
        in_use = {h.host for a in self.state.usage.running.values() for h in a.hosts}
        missing = sorted(in_use - {h.name for h in cluster.hosts})
        if missing:
            raise node.child("cluster").error(f"running jobs use hosts the new cluster lacks: {', '.join(missing)}")
        self.state.set_cluster(cluster)
        self.reader.cluster = cluster
        return [{"type": "ok"}]


def _error(message: str) -> Record:
    return {"type": "error", "message": message}


def serve(cluster: Cluster, lines: Iterable[str | bytes], protocol: int = PROTOCOL) -> Iterator[str]:
    """Answer each input line with its reply lines; blank lines are ignored. Lines read as bytes are decoded one
    at a time, so a line that is not UTF-8 gets an error reply and the session goes on."""
    live = LiveScheduler(cluster, protocol)
    for line in lines:
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield from map(dumps, live.not_utf8(exc.start + 1))
                continue
        if line.strip():
            for reply in live.handle(line):
                yield dumps(reply)


def message_lines(stream: BinaryIO) -> Iterator[bytes]:
    """Lines of a controller's stream, each read with a bound: an over-long line is cut at MAX_MESSAGE characters
    (at most 4 bytes each), the rest dropped, so its message is refused without holding all of it."""
    limit = MAX_MESSAGE * 4 + 2
    while line := stream.readline(limit):
        if len(line) == limit and not line.endswith(b"\n"):
            while (rest := stream.readline(limit)) and not rest.endswith(b"\n"):
                pass
            yield b"x" * (MAX_MESSAGE + 1)  # refused as over-long by handle()
            continue
        yield line


__all__ = ["LiveScheduler", "serve"]
