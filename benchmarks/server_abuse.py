"""bench_server.py's abuse mode: one client attacks while others play, create and are measured.

Two runs, each on a fresh server with its default limits and the soft open-file limit of a
typical host (1,024): "quiet", the honest clients alone, then "attacked", the same clients while
one client from another address runs four attacks at once:

1. tables: creates tables of people nobody joins, as fast as the server answers;
2. bot time: tables of one person and five `ismcts:seconds=5` bots, played at once;
3. churn: opens, joins as a spectator and closes sockets to the honest players' tables;
4. sockets: holds as many idle spectator sockets as it can, up to SOCKETS.

The honest clients: a person (127.0.0.1) at each of TABLES Nasi Lemak tables with heuristic bots,
moving at human pace, whose acknowledgements and bot waits are timed; and a newcomer (127.0.0.3)
who creates a table every few seconds. bench_server.py's SeatScript plays the person.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import math
import multiprocessing
import queue
import random
import resource
import tempfile
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import bench_server as bench

ATTACKER = "127.0.0.2"
NEWCOMER = "127.0.0.3"
TABLES = 5
"""Honest tables, each a person and heuristic bots."""
SOCKETS = 1_000
"""Idle sockets the attacker tries to hold: about what filled a 1,024 open-file limit."""
BOT_TABLES = 16
SEARCHING_BOT = "ismcts:seconds=5"
FLOODERS = 2
CHURNERS = 8
NEWCOMER_EVERY = 3.0
"""Seconds between the newcomer's tables."""
HOST_OPEN_FILES = 1_024
BACKOFF = 1.0
"""The attacker's pause after a refusal, so its own process does not spin on one core."""


@dataclass(frozen=True)
class AttackPlan:
    """What the attacking process needs: where, how long, and the honest tables to churn on."""

    url: str
    game: str
    seconds: float
    timeout: float
    targets: tuple[str, ...]
    seed: int


class Attacker:
    """The four attacks of one client, run together until the time is up; counts what happened."""

    def __init__(self, plan: AttackPlan) -> None:
        import httpx

        self.plan = plan
        self.rng = random.Random(plan.seed)
        self.counts: Counter[str] = Counter()
        self.held = 0
        self.most_held = 0
        self.received = 0
        transport = httpx.AsyncHTTPTransport(local_address=ATTACKER)
        self.http = httpx.AsyncClient(base_url=plan.url, timeout=plan.timeout, transport=transport)
        self.ws_url = plan.url.replace("http://", "ws://")

    async def run(self) -> dict[str, Any]:
        idle_table = await self._create([{"kind": "human"}] * 3, "idle")
        bots = [asyncio.create_task(self._bot_time()) for _ in range(BOT_TABLES)]
        await asyncio.sleep(1.0)
        tasks = bots + [asyncio.create_task(self._flood()) for _ in range(FLOODERS)]
        tasks += [asyncio.create_task(self._churn()) for _ in range(CHURNERS)]
        if idle_table is not None:
            tasks.append(asyncio.create_task(self._hold_sockets(idle_table[0])))
        await asyncio.sleep(self.plan.seconds)
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=self.plan.timeout)
        await self.http.aclose()
        return {"counts": dict(self.counts), "most_held": self.most_held, "bytes": self.received}

    async def _create(self, seats: list[dict[str, Any]], label: str) -> tuple[str, str] | None:
        """A table with these seats, or None (counted by its refusal code)."""
        try:
            response = await self.http.post(
                "/api/tables", json={"game": self.plan.game, "seats": seats}
            )
        except Exception as exc:
            self.counts[f"{label} {bench._failure_kind(exc)}"] += 1
            return None
        if response.status_code != 201:
            self.counts[f"{label} {bench._code(response.content, response.status_code)}"] += 1
            return None
        self.counts[f"{label} made"] += 1
        body = bench.loads(response.content)
        return body["id"], body["seats"][0]["token"]

    async def _flood(self) -> None:
        """Attack 1: tables of people nobody will join, one after another."""
        while True:
            if await self._create([{"kind": "human"}] * 3, "tables") is None:
                await asyncio.sleep(BACKOFF / 20)

    async def _bot_time(self) -> None:
        """Attack 2: a person and five searching bots, the person moving the moment it may."""
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": SEARCHING_BOT}] * 5
        while True:
            table = await self._create(seats, "bot tables")
            if table is None:
                await asyncio.sleep(BACKOFF)
                continue
            with contextlib.suppress(Exception):
                await self._play(*table)

    async def _play(self, table_id: str, token: str) -> None:
        async with self._connect(table_id) as ws:
            await ws.send(json.dumps({"type": "join", "token": token}))
            async for raw in ws:
                message = bench.loads(raw)
                if message.get("type") != "state":
                    continue
                if message.get("result") is not None:
                    return
                if message["legal"]:
                    action = self.rng.choice(message["legal"])["action"]
                    step = message["step"]
                    await ws.send(json.dumps({"type": "move", "action": action, "step": step}))

    async def _churn(self) -> None:
        """Attack 3: join an honest table as a spectator, take the state, leave; again."""
        while True:
            target = self.rng.choice(self.plan.targets)
            try:
                async with self._connect(target) as ws:
                    await ws.send(json.dumps({"type": "join"}))
                    async with asyncio.timeout(self.plan.timeout):
                        while True:
                            raw = await ws.recv()
                            self.received += len(raw)
                            if bench.loads(raw).get("type") == "state":
                                break
                self.counts["churn joined"] += 1
            except Exception as exc:
                self.counts[f"churn {_refusal(exc)}"] += 1
                await asyncio.sleep(BACKOFF / 10)

    async def _hold_sockets(self, table_id: str) -> None:
        """Attack 4: open idle spectator sockets one after another and keep them open."""
        holders: set[asyncio.Task[None]] = set()
        try:
            while True:
                if len(holders) >= SOCKETS:
                    await asyncio.sleep(BACKOFF)
                    holders = {task for task in holders if not task.done()}
                    continue
                opened = asyncio.get_running_loop().create_future()
                task = asyncio.create_task(self._hold(table_id, opened))
                holders.add(task)
                if not await opened:
                    await asyncio.sleep(BACKOFF / 10)
                holders = {task for task in holders if not task.done()}
        finally:
            for task in holders:
                task.cancel()

    async def _hold(self, table_id: str, opened: asyncio.Future[bool]) -> None:
        """One idle socket: joined, read (so the server never drops it as slow), never closed."""
        try:
            async with self._connect(table_id) as ws:
                await ws.send(json.dumps({"type": "join"}))
                async with asyncio.timeout(self.plan.timeout):
                    while bench.loads(await ws.recv()).get("type") != "state":
                        pass
                self.held += 1
                self.most_held = max(self.most_held, self.held)
                self.counts["sockets opened"] += 1
                opened.set_result(True)
                try:
                    async for _ in ws:
                        pass
                finally:
                    self.held -= 1
                self.counts["sockets closed by server"] += 1
        except Exception as exc:
            self.counts[f"sockets {_refusal(exc)}"] += 1
        finally:
            if not opened.done():
                opened.set_result(False)

    def _connect(self, table_id: str) -> Any:
        from websockets.asyncio.client import connect

        return connect(
            f"{self.ws_url}/ws/tables/{table_id}",
            open_timeout=self.plan.timeout,
            close_timeout=1,
            ping_interval=None,
            max_size=None,
            local_addr=(ATTACKER, 0),
        )


def _refusal(exc: BaseException) -> str:
    """A close code and the start of its reason, or the kind of failure."""
    from websockets.exceptions import ConnectionClosed

    if isinstance(exc, ConnectionClosed) and exc.rcvd is not None:
        return f"closed {exc.rcvd.code}"
    if isinstance(exc, TimeoutError):
        return "timeout"
    return bench._failure_kind(exc) if isinstance(exc, Exception) else type(exc).__name__


def attacker_main(plan: AttackPlan, out: Any) -> None:
    """Entry point of the attacking process: its open-file limit raised, its counts sent back."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    try:
        out.put({"attack": asyncio.run(Attacker(plan).run())})
    except BaseException as exc:
        out.put({"fatal": f"attacker: {type(exc).__name__}: {exc}"})


# --- the honest clients ----------------------------------------------------------------------
async def honest(plan: bench.LoadPlan, ids: Any) -> tuple[bench.Tally, list[tuple[int, float]]]:
    """The person's tables (their ids sent once all are joined) and the newcomer's creations."""
    import httpx

    tally = bench.Tally()
    window = bench.Window()
    created: list[tuple[int, float]] = []
    timeout = httpx.Timeout(plan.timeout, pool=bench.SETUP_SECONDS)
    newcomer_transport = httpx.AsyncHTTPTransport(local_address=NEWCOMER)
    async with (
        httpx.AsyncClient(base_url=plan.url, timeout=timeout) as http,
        httpx.AsyncClient(
            base_url=plan.url, timeout=plan.timeout, transport=newcomer_transport
        ) as newcomer,
    ):
        scripts = [
            bench.SeatScript(
                bench.replace(plan, seed=plan.seed * 100_003 + index), http, tally, window
            )
            for index in range(plan.tables)
        ]
        tasks = [asyncio.create_task(script.run()) for script in scripts]
        try:
            async with asyncio.timeout(bench.SETUP_SECONDS):
                await asyncio.gather(*(script.joined.wait() for script in scripts))
            ids.put([script.table[0] for script in scripts if script.table is not None])
            await asyncio.sleep(plan.warmup)
            window.start = time.perf_counter()
            window.end = window.start + plan.seconds
            server_cpu = bench.cpu_seconds(plan.server_pid)
            tasks.append(asyncio.create_task(_newcomer(newcomer, plan.game, created)))
            await asyncio.sleep(plan.seconds)
            tally.window_s = time.perf_counter() - window.start
            tally.server_cpu_s = bench.cpu_seconds(plan.server_pid) - server_cpu
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.wait(tasks, timeout=plan.timeout)
    return tally, created


async def _newcomer(http: Any, game: str, created: list[tuple[int, float]]) -> None:
    """Another client creating a table every NEWCOMER_EVERY seconds: its status and time."""
    while True:
        start = time.perf_counter()
        try:
            response = await http.post(
                "/api/tables", json={"game": game, "seats": [{"kind": "human"}] * 3}
            )
            status = response.status_code
        except Exception:
            status = 0
        created.append((status, (time.perf_counter() - start) * 1000))
        await asyncio.sleep(NEWCOMER_EVERY)


def honest_main(plan: bench.LoadPlan, ids: Any, out: Any) -> None:
    """Entry point of the honest clients' process (no garbage collector, as in the load runs)."""
    gc.disable()
    try:
        tally, created = asyncio.run(honest(plan, ids))
        out.put({"tally": {**asdict(tally), "errors": dict(tally.errors)}, "created": created})
    except BaseException as exc:
        out.put({"fatal": f"honest clients: {type(exc).__name__}: {exc}"})


# --- one run ---------------------------------------------------------------------------------
def abuse_run(args: Any, attacked: bool) -> dict[str, Any]:
    """One run on a fresh server with default limits: the honest figures and what the attacker
    managed (attacked) or the honest figures alone (quiet)."""
    row: dict[str, Any] = {"run": "attacked" if attacked else "quiet"}
    context = multiprocessing.get_context("spawn")
    with (
        tempfile.TemporaryDirectory(prefix="meja-abuse-") as folder,
        bench.ServerProcess(Path(folder), [], open_files=HOST_OPEN_FILES) as server,
    ):
        bench.check_game(server.url, args.game, args.players)
        bench.check_game(server.url, args.game, 6)
        plan = bench.LoadPlan(
            server.url, server.pid, args.game, args.players, TABLES, "b",
            args.warmup, args.seconds, args.timeout, args.seed, bot="heuristic",
        )  # fmt: skip
        ids, out, attack_out = context.Queue(), context.Queue(), context.Queue()
        client = context.Process(target=honest_main, args=(plan, ids, out), daemon=True)
        client.start()
        attacker = None
        budget = bench.SETUP_SECONDS + args.warmup + args.seconds + 60
        try:
            targets = tuple(ids.get(timeout=bench.SETUP_SECONDS + 10))
            if attacked:
                attack = AttackPlan(
                    server.url, args.game, args.warmup + args.seconds + 2, args.timeout,
                    targets, args.seed,
                )  # fmt: skip
                attacker = context.Process(
                    target=attacker_main, args=(attack, attack_out), daemon=True
                )
                attacker.start()
            answer = out.get(timeout=budget)
            attack_answer = attack_out.get(timeout=budget) if attacked else {"attack": None}
        except queue.Empty:
            answer = {"fatal": "a client process sent no result"}
            attack_answer = {}
        finally:
            for process in (client, attacker):
                if process is not None:
                    process.join(timeout=15)
                    if process.is_alive():
                        process.kill()
        row.update(bench.memory_mib(server.pid))
        row["server_log_errors"] = server.log_errors()
    for part in (answer, attack_answer):
        if "fatal" in part:
            raise RuntimeError(part["fatal"])
    tally = answer["tally"]
    acks, waits = tally["latencies_ms"], tally["bot_waits_ms"]
    created = answer["created"]
    made = [ms for status, ms in created if status == 201]
    row.update(
        ack_p50_ms=bench.percentile(acks, 0.50),
        ack_p99_ms=bench.percentile(acks, 0.99),
        moves=len(acks),
        bot_p50_ms=bench.percentile(waits, 0.50),
        bot_p99_ms=bench.percentile(waits, 0.99),
        bot_steps=len(waits),
        created=len(made),
        create_tries=len(created),
        create_p99_ms=bench.percentile(made, 0.99),
        errors=tally["errors"],
        server_cpu_pct=100 * tally["server_cpu_s"] / (tally["window_s"] or math.nan),
        attack=attack_answer["attack"],
    )
    return row


def show(rows: list[dict[str, Any]], args: Any) -> None:
    """Print the two runs side by side, then what the attacker managed."""
    from rich.console import Console
    from rich.table import Table

    table = Table(
        title=f"meja serve under attack from one client: {TABLES} {args.game} tables of a person "
        f"and heuristic bots at human pace, a newcomer creating every {NEWCOMER_EVERY:g} s; "
        f"{args.seconds:g} s after {args.warmup:g} s",
        title_justify="left",
    )
    headers = (
        "run", "ack p50 ms", "ack p99 ms", "moves", "bot step p50 ms", "bot step p99 ms",
        "bot steps", "newcomer tables", "create p99 ms", "errors", "server CPU", "RSS MiB",
    )  # fmt: skip
    for header in headers:
        table.add_column(header, justify="left" if header == "run" else "right")
    for row in rows:
        errors = sum(row["errors"].values()) + row["server_log_errors"]
        table.add_row(
            row["run"],
            f"{row['ack_p50_ms']:.1f}",
            f"{row['ack_p99_ms']:.1f}",
            str(row["moves"]),
            f"{row['bot_p50_ms']:.0f}",
            f"{row['bot_p99_ms']:.0f}",
            str(row["bot_steps"]),
            f"{row['created']} of {row['create_tries']}",
            f"{row['create_p99_ms']:.1f}",
            str(errors) + (f" {row['errors']}" if row["errors"] else ""),
            f"{row['server_cpu_pct']:.0f}%",
            f"{row.get('VmRSS', math.nan):.0f}",
        )
    console = Console() if bench.sys.stdout.isatty() else Console(width=bench.WIDE)
    console.print(table)
    for row in rows:
        if row["attack"] is not None:
            counts = ", ".join(f"{kind} {n}" for kind, n in sorted(row["attack"]["counts"].items()))
            console.print(
                f"the attacker: {counts}; most sockets held at once "
                f"{row['attack']['most_held']}; {row['attack']['bytes'] / 1e6:.1f} MB received "
                "by its churning sockets",
                highlight=False,
            )


def main(args: Any) -> list[dict[str, Any]]:
    """The quiet run, then the attacked one, printed together."""
    rows = [abuse_run(args, attacked=False), abuse_run(args, attacked=True)]
    show(rows, args)
    return rows
