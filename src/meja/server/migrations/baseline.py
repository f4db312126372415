"""The store's schema as it stood before its changes were revisions: revision 0001_baseline.

Frozen: a later change to the schema is a new revision in versions/, never an edit here. A
database made by a meja of before the revisions is checked against these tables, its missing
columns are added, and it is stamped at 0001_baseline (see migrate).
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

tables_table = sa.Table(
    "meja_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("num_players", sa.Integer, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seats", sa.Text, nullable=False),
    sa.Column("clock", sa.Float, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=True),
    sa.Column("winners", sa.Text, nullable=True),
    sa.Column("pace", sa.String(16), nullable=True),
    sa.Column("hints", sa.Boolean, nullable=True),
    sa.Column("guided", sa.Boolean, nullable=True),
    sa.Column("seed", sa.BigInteger, nullable=True),
    sa.Column("private", sa.Boolean, nullable=True),
    sa.Column("kind", sa.String(16), nullable=True),
    sa.Column("move_time", sa.Float, nullable=True),
    sa.Column("turns", sa.Text, nullable=True),
    sa.Column("ended_early", sa.Boolean, nullable=True),
    sa.Column("spectator_chat", sa.Boolean, nullable=True),
    sa.Column("rematch", sa.String(32), nullable=True),
)

finished_index = sa.Index("meja_tables_finished", tables_table.c.finished_at, tables_table.c.id)

moves_table = sa.Table(
    "meja_moves",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("meja_tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("player", sa.Integer, nullable=False),
    sa.Column("action", sa.Integer, nullable=False),
    sa.Column("seen_by", sa.BigInteger, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

chat_table = sa.Table(
    "meja_chat",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("meja_tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("step", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
